import {
  formatRevisions,
  having,
  revisions,
  fieldOf,
  isNodeName,
  nodeShape,
  variantOf,
  type FieldShape,
  type NodeName,
} from 'mcpdesc-core/model';
import type { PathSegment } from './cursor-context.js';
import { valueAtPath } from './cursor.js';

/**
 * What the shape tree says about the value at a path: the field that holds it (and the kind that
 * field belongs to), and, for an object, its kind. `item`: the value is an entry of the field's
 * list or map, not the field's value itself.
 */
export interface TreeSite {
  holder?: NodeName;
  field?: FieldShape;
  item: boolean;
  /** The object kind of the value: a discriminated kind's variant when the value names one, else the kind itself. */
  kind?: NodeName;
}

/** The kind of `value` of `kind`: its variant when it names one (a stdio transport), else the union's own fields. */
const resolved = (kind: NodeName, value: unknown): NodeName => variantOf(kind, value) ?? kind;

/**
 * Walks the tree from the root along `path`, reading discriminators from `document` (the last
 * decoded value: the text being edited may not decode, and a variant not yet named is its union).
 * Undefined where the tree says nothing: under an unknown member, inside an embedded JSON Schema,
 * `_meta` or an example's free-form input.
 */
export function treeSiteAt(document: unknown, path: readonly PathSegment[]): TreeSite | undefined {
  let site: TreeSite = { item: false, kind: resolved('Root', document) };
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!;
    // The step into a list's or a map's entry (a Security Requirement Array is a list of requirements).
    if ((site.field?.container || site.field?.type === 'security-requirements') && !site.item) {
      site = { ...site, item: true, kind: entryKind(site.field, valueAtPath(document, path.slice(0, i + 1))) };
      continue;
    }
    if (!site.kind) return undefined;
    const field = fieldOf(site.kind, String(segment));
    if (!field) return undefined;
    site = {
      holder: site.kind,
      field,
      item: false,
      kind: field.container ? undefined : entryKind(field, valueAtPath(document, path.slice(0, i + 1))),
    };
  }
  return site;
}

function entryKind(field: FieldShape, value: unknown): NodeName | undefined {
  return isNodeName(field.type) ? resolved(field.type, value) : undefined;
}

/** A field's type as the hover and completion show it: `array of Tool Object`, `string`, `map of …`. */
export function typeLabel(field: FieldShape): string {
  const base = isNodeName(field.type) ? nodeShape(field.type).title : field.type;
  const entry = field.ref ? `${base} or Reference Object to components.${field.ref}` : base;
  return field.container === 'list' ? `array of ${entry}` : field.container === 'map' ? `map of ${entry}` : entry;
}

/** Where a field comes from: a member of the MCP object on the wire, or MCP Description's own. */
export function originLabel(field: FieldShape): string {
  return field.origin === 'native' ? 'native MCP' : 'description-only';
}

/** The revisions that define a gated field, as the table says (`MCP 2025-06-18 and later`...); undefined when every one does. */
export function definedByLabel(field: FieldShape): string | undefined {
  return field.since ? `MCP ${formatRevisions(having(revisions, field.since))}` : undefined;
}
