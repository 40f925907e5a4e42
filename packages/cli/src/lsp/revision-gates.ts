import {
  effectiveScope,
  primitiveKind,
  rootScopeOf,
  type PrimitiveKind,
} from 'mcpdesc-core/internal/model/document.js';
import {
  formatRevisions,
  having,
  lacking,
  type Revision,
  type RevisionFeature,
} from 'mcpdesc-core/internal/model/revisions.js';
import { isObject } from 'mcpdesc-core/internal/model/values.js';
import type { PathSegment } from './cursor.js';

/** Primitive definitions of the structural schema, by primitive kind: their gated fields are the shape table's. */
const primitiveDefinitions: Readonly<Record<string, PrimitiveKind>> = {
  Tool: 'tool',
  Resource: 'resource',
  ResourceTemplate: 'resourceTemplate',
  Prompt: 'prompt',
};

/** Fields only some revisions define, by structural definition (the facts of model/revisions.ts). */
const otherGatedFields: Readonly<Record<string, Readonly<Record<string, RevisionFeature>>>> = {
  ResourceAnnotations: { lastModified: 'resource-annotations.lastModified' },
  PromptArgument: { title: 'prompt-argument.title' },
  Capabilities: {
    completions: 'capability.completions',
    tasks: 'capability.tasks',
    extensions: 'capability.extensions',
  },
};

/**
 * Enum values only some revisions define, by the member they are the value of. SSE is left out:
 * later revisions keep it as a legacy transport (a warning, 6.2.3), so it is always offered.
 */
const gatedValues: Readonly<Record<string, Readonly<Record<string, RevisionFeature>>>> = {
  'Transport.type': { stdio: 'transport.stdio', 'streamable-http': 'transport.streamable-http' },
  'ElicitationDeclaration.mode': { form: 'elicitation.form', url: 'elicitation.url' },
};

export function fieldFeature(definition: string, field: string): RevisionFeature | undefined {
  const kind = primitiveDefinitions[definition];
  if (kind) return primitiveKind[kind].gatedFields[field];
  return otherGatedFields[definition]?.[field];
}

export function valueFeature(definition: string, field: string, value: string): RevisionFeature | undefined {
  const family = definition.endsWith('Transport') ? 'Transport' : definition;
  return gatedValues[`${family}.${field}`]?.[value];
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
