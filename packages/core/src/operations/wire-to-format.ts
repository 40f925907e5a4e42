/**
 * wireToFormat: an MCP object as the server sent it, in the form MCP Description 0.8.0 gives it.
 * MCP's schemas (2024-11-05 to 2026-07-28) close no object and bound no collection or string, so a
 * server may send what the format's closed objects and non-empty fields refuse. The shape tree says
 * what to do per field (`FieldShape.wire`) and per kind (`unknownWireMember`):
 * - an empty collection the format omits (3.3) is left out: it means what no value means;
 * - an empty string the format forbids (5.1 `info.version`) becomes the caller's choice, else the
 *   tree's placeholder;
 * - a number below the format's minimum is left out;
 * - a member the kind does not define natively is left out of a closed kind (but an `x-*` name
 *   where the kind takes extensions), kept in an open one.
 * Every change is listed (capture reports them, verify compares through the same mapping).
 *
 * Run it before fitToRevision: this is about the format, that about one revision. The value is not
 * modified (changed objects are copied). The walk follows the tree, whose depth is fixed.
 */
import { escapePointerToken } from '../model/json-pointer.js';
import {
  isNodeName,
  nodeTypes,
  unknownWireMember,
  variantOf,
  type FieldShape,
  type NodeName,
} from '../model/shape-tree.js';
import { hasOwn, isObject, type JsonObject } from '../model/values.js';

/** One value written otherwise than the server sent it. */
export interface WireChange {
  /** Where it stood (joined to the `pointer` option). */
  pointer: string;
  /** The object kind that held it. */
  node: NodeName;
  /** The member, under the server's name for it. */
  field: string;
  /** What the server sent. */
  value: unknown;
  /**
   * `empty`: an empty collection, omitted; `unknown`: a member the kind does not define, omitted;
   * `empty-string`: an empty string, replaced by `written`; `below-minimum`: a number, omitted.
   */
  what: 'empty' | 'unknown' | 'empty-string' | 'below-minimum';
  /** With `empty-string`: the value written instead. */
  written?: string;
  /** With `empty-string`: whether the caller chose `written` (else it is the tree's placeholder). */
  chosen?: boolean;
}

export interface WireOptions {
  /** The value's pointer in the document, for the changes. */
  pointer?: string;
  /** Values for empty strings, by `Kind.field` (e.g. `Info.version`): what the user chose. */
  chosen?: Readonly<Record<string, string>>;
}

export interface WireResult<T> {
  value: T;
  changes: WireChange[];
}

/** The value of kind `node` as the format holds it. */
export function wireToFormat<T>(value: T, node: NodeName, options: WireOptions = {}): WireResult<T> {
  const changes: WireChange[] = [];
  const mapped = mapValue(value, node, options.pointer ?? '', options.chosen ?? {}, changes);
  return { value: mapped as T, changes };
}

function isEmptyCollection(value: unknown): boolean {
  return Array.isArray(value) ? value.length === 0 : isObject(value) && Object.keys(value).length === 0;
}

function mapValue(
  value: unknown,
  node: NodeName,
  pointer: string,
  chosen: Readonly<Record<string, string>>,
  changes: WireChange[],
): unknown {
  if (!isObject(value)) return value;
  const kind = variantOf(node, value);
  if (!kind) return value; // an unknown variant is its rule's business
  const fields: Readonly<Record<string, FieldShape>> = nodeTypes[kind].fields;
  let out: JsonObject | undefined;
  const drop = (key: string) => {
    out ??= { ...value };
    delete out[key];
  };
  for (const key in value) {
    if (!hasOwn(value, key)) continue;
    const at = pointer + '/' + escapePointerToken(key);
    const field = hasOwn(fields, key) ? fields[key]! : undefined;
    if (!field || field.origin !== 'native') {
      if (unknownWireMember(kind, key) === 'omit') {
        changes.push({ pointer: at, node: kind, field: key, value: value[key], what: 'unknown' });
        drop(key);
      }
      continue;
    }
    const item = value[key];
    const rule = field.wire;
    if (rule?.empty === 'omit' && isEmptyCollection(item)) {
      changes.push({ pointer: at, node: kind, field: key, value: item, what: 'empty' });
      drop(key);
      continue;
    }
    if (rule?.emptyString && item === '') {
      const choice = chosen[`${kind}.${key}`];
      const written = choice !== undefined && choice !== '' ? choice : rule.emptyString.placeholder;
      changes.push({
        pointer: at,
        node: kind,
        field: key,
        value: item,
        what: 'empty-string',
        written,
        chosen: written === choice,
      });
      out ??= { ...value };
      out[key] = written;
      continue;
    }
    if (rule?.minimum !== undefined && typeof item === 'number' && item < rule.minimum) {
      changes.push({ pointer: at, node: kind, field: key, value: item, what: 'below-minimum' });
      drop(key);
      continue;
    }
    if (!isNodeName(field.type)) continue;
    const mapped = mapField(item, field, field.type, at, chosen, changes);
    if (mapped === item) continue;
    out ??= { ...value };
    out[key] = mapped;
  }
  return out ?? value;
}

function mapField(
  value: unknown,
  field: FieldShape,
  node: NodeName,
  pointer: string,
  chosen: Readonly<Record<string, string>>,
  changes: WireChange[],
): unknown {
  if (field.container === 'list') {
    if (!Array.isArray(value)) return value;
    let out: unknown[] | undefined;
    value.forEach((entry, i) => {
      const mapped = mapValue(entry, node, pointer + '/' + i, chosen, changes);
      if (mapped === entry && !out) return;
      out ??= value.slice(0, i);
      out.push(mapped);
    });
    return out ?? value;
  }
  if (field.container === 'map') {
    if (!isObject(value)) return value;
    let out: JsonObject | undefined;
    for (const name in value) {
      if (!hasOwn(value, name)) continue;
      const mapped = mapValue(value[name], node, pointer + '/' + escapePointerToken(name), chosen, changes);
      if (mapped === value[name]) continue;
      out ??= { ...value };
      out[name] = mapped;
    }
    return out ?? value;
  }
  return mapValue(value, node, pointer, chosen, changes);
}
