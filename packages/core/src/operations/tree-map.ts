/**
 * One copy-on-write walk of a value down the shape tree, shared by fitToRevision (what a revision
 * defines) and wireToFormat (what the format holds): the mapper decides about each object and
 * each member; the walk descends into fields whose type is a kind of the tree, through lists and
 * maps, copies only what changes, and omits a collection that the mapping emptied (3.3). Its
 * depth is the tree's, never the value's own nesting.
 */
import { escapePointerToken } from '../model/json-pointer.js';
import { isNodeName, nodeTypes, type FieldShape, type NodeName } from '../model/shape-tree.js';
import { hasOwn, isObject, type JsonObject } from '../model/values.js';

/** What the mapping leaves out: a member, a list entry, a map entry. */
export const omitted = Symbol('omitted');

/** Per member: keep it as it is, descend into it (a kind of the tree), leave it out, or write another value. */
export type MemberStep = 'keep' | 'descend' | typeof omitted | { replace: unknown };

export interface TreeMapper {
  /** The kind an object of `node` is read as (a variant); `omitted` drops it; undefined leaves it as it is. */
  kindOf(value: JsonObject, node: NodeName, pointer: string): NodeName | typeof omitted | undefined;
  /** The step for one own member; `field` is the kind's field of that name, when it has one. */
  member(value: JsonObject, kind: NodeName, key: string, field: FieldShape | undefined, pointer: string): MemberStep;
}

/** The value of kind `node`, mapped; `omitted` when the mapper dropped it whole. */
export function mapTree(value: unknown, node: NodeName, pointer: string, mapper: TreeMapper): unknown {
  if (!isObject(value)) return value;
  const kind = mapper.kindOf(value, node, pointer);
  if (kind === omitted) return omitted;
  if (kind === undefined) return value;
  const fields: Readonly<Record<string, FieldShape>> = nodeTypes[kind].fields;
  let out: JsonObject | undefined;
  for (const key in value) {
    if (!hasOwn(value, key)) continue;
    const field = hasOwn(fields, key) ? fields[key] : undefined;
    const at = pointer + '/' + escapePointerToken(key);
    const step = mapper.member(value, kind, key, field, at);
    if (step === 'keep') continue;
    let next: unknown;
    if (step === omitted) next = omitted;
    else if (step !== 'descend') next = step.replace;
    else if (field && isNodeName(field.type)) next = mapField(value[key], field, field.type, at, mapper);
    else continue;
    if (next === value[key]) continue;
    out ??= { ...value };
    if (next === omitted) delete out[key];
    else out[key] = next;
  }
  return out ?? value;
}

function mapField(value: unknown, field: FieldShape, node: NodeName, pointer: string, mapper: TreeMapper): unknown {
  if (field.container === 'list') {
    if (!Array.isArray(value)) return value;
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const mapped = mapTree(value[i], node, pointer + '/' + i, mapper);
      if (mapped === value[i]) {
        out?.push(mapped);
        continue;
      }
      out ??= value.slice(0, i);
      if (mapped !== omitted) out.push(mapped);
    }
    if (!out) return value;
    return out.length === 0 ? omitted : out;
  }
  if (field.container === 'map') {
    if (!isObject(value)) return value;
    let out: JsonObject | undefined;
    for (const name in value) {
      if (!hasOwn(value, name)) continue;
      const mapped = mapTree(value[name], node, pointer + '/' + escapePointerToken(name), mapper);
      if (mapped === value[name]) continue;
      out ??= { ...value };
      if (mapped === omitted) delete out[name];
      else out[name] = mapped;
    }
    if (!out) return value;
    return Object.keys(out).length === 0 ? omitted : out;
  }
  return mapTree(value, node, pointer, mapper);
}
