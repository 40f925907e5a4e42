/**
 * fitToRevision: a value as one MCP revision defines it. What a server sends that the revision
 * gives no meaning to — a field the revision does not define (a Prompt Argument `title` on
 * 2025-03-26, `$schema` on a 2025-06-18 Tool schema, result `_meta` where the revision lacks it),
 * or a declaration whose discriminator names a kind the revision lacks (a Streamable HTTP
 * transport on 2024-11-05) — is left out, and every removal is listed. Capture writes every view
 * through it, verify compares live items through it, and native builds payloads through it: all
 * three read the shape tree, so they agree on one server.
 *
 * The value is not modified: changed objects are copied, untouched ones are shared. The walk
 * follows the tree, whose depth is fixed, never the value's own nesting.
 */
import { escapePointerToken } from '../model/json-pointer.js';
import { defines, type Revision, type RevisionFeature } from '../model/revisions.js';
import {
  isNodeName,
  nodeTypes,
  variantOf,
  type FieldShape,
  type NodeName,
  type NodeShape,
} from '../model/shape-tree.js';
import { hasOwn, isObject, type JsonObject } from '../model/values.js';
import { isReferenceObject } from '../model/components.js';

/** One thing left out. */
export interface Removal {
  /** Where it stood in the value given (joined to the `pointer` option). */
  pointer: string;
  /** The object kind that held it. */
  node: NodeName;
  /** The field left out; for a dropped entry, the discriminator whose value the revision lacks. */
  field: string;
  /** The revision feature the value needed. */
  feature: RevisionFeature;
  /** What was left out. */
  value: unknown;
  /** `field`: a member was left out; `entry`: a whole list entry was. */
  what: 'field' | 'entry';
}

export interface FitResult<T> {
  value: T;
  removed: Removal[];
}

/**
 * The value of kind `node` (default: a whole description) as `revision` defines it. The value is
 * read as a view of that one revision (4.12): every declaration in it applies to `revision`.
 */
export function fitToRevision<T>(value: T, revision: Revision, node: NodeName = 'Root', pointer = ''): FitResult<T> {
  const removed: Removal[] = [];
  const fitted = fitValue(value, node, revision, pointer, removed);
  return { value: (fitted === dropped ? value : fitted) as T, removed };
}

/** Marks a list entry that must go: its discriminator names a kind the revision lacks. */
const dropped = Symbol('dropped');

function fitValue(value: unknown, node: NodeName, revision: Revision, pointer: string, removed: Removal[]): unknown {
  if (!isObject(value) || isReferenceObject(value)) return value;
  const shape: NodeShape = nodeTypes[node];
  let kind: NodeName = node;
  if (shape.variants) {
    const variant = variantOf(node, value);
    const discriminator = shape.variants.discriminator;
    const gate = shape.fields[discriminator]?.values?.[value[discriminator] as string];
    if (gate && !defines(revision, gate) && shape.dropUndefinedVariant) {
      removed.push({ pointer, node, field: discriminator, feature: gate, value, what: 'entry' });
      return dropped;
    }
    if (!variant) return value; // an unknown variant is its rule's business
    kind = variant;
  }
  const fields: Readonly<Record<string, FieldShape>> = nodeTypes[kind].fields;
  let out: JsonObject | undefined;
  for (const key in value) {
    if (!hasOwn(value, key) || !hasOwn(fields, key)) continue;
    const field = fields[key]!;
    const at = pointer + '/' + escapePointerToken(key);
    if (field.since !== undefined && !field.legacy && !defines(revision, field.since)) {
      removed.push({ pointer: at, node: kind, field: key, feature: field.since, value: value[key], what: 'field' });
      out ??= { ...value };
      delete out[key];
      continue;
    }
    if (!isNodeName(field.type)) continue;
    const fitted = fitField(value[key], field, field.type, revision, at, removed);
    if (fitted === value[key]) continue;
    out ??= { ...value };
    // 3.3: a collection emptied by the fit is omitted, not left empty.
    if (fitted === dropped) delete out[key];
    else out[key] = fitted;
  }
  return out ?? value;
}

function fitField(
  value: unknown,
  field: FieldShape,
  node: NodeName,
  revision: Revision,
  pointer: string,
  removed: Removal[],
): unknown {
  if (field.container === 'list') {
    if (!Array.isArray(value)) return value;
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const fitted = fitValue(value[i], node, revision, pointer + '/' + i, removed);
      if (fitted === value[i]) {
        out?.push(fitted);
        continue;
      }
      out ??= value.slice(0, i);
      if (fitted !== dropped) out.push(fitted);
    }
    if (!out) return value;
    return out.length === 0 ? dropped : out;
  }
  if (field.container === 'map') {
    if (!isObject(value)) return value;
    let out: JsonObject | undefined;
    for (const name in value) {
      if (!hasOwn(value, name)) continue;
      const fitted = fitValue(value[name], node, revision, pointer + '/' + escapePointerToken(name), removed);
      if (fitted === value[name]) continue;
      out ??= { ...value };
      if (fitted === dropped) delete out[name];
      else out[name] = fitted;
    }
    if (!out) return value;
    return Object.keys(out).length === 0 ? dropped : out;
  }
  const fitted = fitValue(value, node, revision, pointer, removed);
  return fitted;
}
