import {
  effectiveScope,
  rootScopeOf,
  formatRevisions,
  having,
  lacking,
  type Revision,
  type RevisionFeature,
  fieldGate,
  fieldOf,
  isNodeName,
  nodeNames,
  nodeShape,
  type NodeName,
  isObject,
} from 'mcpdesc-core/model';
import type { PathSegment } from './cursor.js';

/**
 * Revision gates for the editor, read from the shape tree: the structural schema's definitions
 * are the tree's object kinds, by the same names. The transport variants share `Transport`'s
 * gated `type` values (the tree's variants say which union a variant belongs to).
 */
export function fieldFeature(definition: string, field: string): RevisionFeature | undefined {
  return isNodeName(definition) ? fieldGate(definition, field) : undefined;
}

/**
 * The feature gating `value` of `field`. SSE is not gated: later revisions keep it as a legacy
 * transport (a warning, 6.2.3), so it is always offered.
 */
export function valueFeature(definition: string, field: string, value: string): RevisionFeature | undefined {
  if (!isNodeName(definition)) return undefined;
  // A variant's discriminator is its union's field (StdioTransport's `type` is Transport's).
  const union = unionOf(definition);
  const values = fieldOf(definition, field)?.values ?? (union && fieldOf(union, field)?.values);
  return values && Object.prototype.hasOwnProperty.call(values, value) ? values[value] : undefined;
}

/** The discriminated kind whose variants include `kind`, from the shape tree. */
function unionOf(kind: NodeName): NodeName | undefined {
  return nodeNames.find((name) => Object.values(nodeShape(name).variants?.kinds ?? {}).includes(kind));
}

/** How a gated field or value stands in a scope: offered, offered with a note, or left out. */
export type Availability = { offer: true; note?: string } | { offer: false };

export function availability(feature: RevisionFeature | undefined, scope: readonly Revision[]): Availability {
  if (!feature || scope.length === 0) return { offer: true };
  const defined = having(scope, feature);
  if (defined.length === 0) return { offer: false };
  const missing = lacking(scope, feature);
  return missing.length === 0
    ? { offer: true }
    : {
        offer: true,
        note: `not defined by MCP ${formatRevisions(missing)} (in this scope: ${formatRevisions(scope)})`,
      };
}

/**
 * The effective protocol scope (4.10) at `path`: the root's `protocolVersions`, narrowed by
 * every object on the way that declares its own. Empty when the document names no known revision.
 */
export function scopeAt(document: unknown, path: readonly PathSegment[]): Revision[] {
  let scope = rootScopeOf(document);
  let value: unknown = document;
  for (const segment of path) {
    value = Array.isArray(value) ? value[Number(segment)] : isObject(value) ? value[String(segment)] : undefined;
    if (value === undefined) break;
    if (isObject(value) && Array.isArray(value.protocolVersions)) scope = effectiveScope(value, scope);
  }
  return scope;
}
