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
 * modified (changed objects are copied); the walk is tree-map.ts's, shared with fitToRevision.
 */
import { unknownWireMember, variantOf, type NodeName } from '../model/shape-tree.js';
import { isObject } from '../model/values.js';
import { mapTree, omitted } from './tree-map.js';

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
  const chosen = options.chosen ?? {};
  const mapped = mapTree(value, node, options.pointer ?? '', {
    kindOf: (object, kind) => variantOf(kind, object), // an unknown variant is its rule's business
    member(object, kind, key, field, at) {
      const item = object[key];
      if (!field || field.origin !== 'native') {
        if (unknownWireMember(kind, key) !== 'omit') return 'keep';
        changes.push({ pointer: at, node: kind, field: key, value: item, what: 'unknown' });
        return omitted;
      }
      const rule = field.wire;
      if (rule?.empty === 'omit' && isEmptyCollection(item)) {
        changes.push({ pointer: at, node: kind, field: key, value: item, what: 'empty' });
        return omitted;
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
        return { replace: written };
      }
      if (rule?.minimum !== undefined && typeof item === 'number' && item < rule.minimum) {
        changes.push({ pointer: at, node: kind, field: key, value: item, what: 'below-minimum' });
        return omitted;
      }
      return 'descend';
    },
  });
  return { value: mapped as T, changes };
}

function isEmptyCollection(value: unknown): boolean {
  return Array.isArray(value) ? value.length === 0 : isObject(value) && Object.keys(value).length === 0;
}
