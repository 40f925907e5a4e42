import { getAtPointer, parentPointer, parsePointer } from './json-pointer.js';
import { isObject } from './values.js';

/**
 * A safe fix a rule attaches to a finding: one edit of the decoded document, addressed by JSON
 * pointer, as plain data so that the CLI's `lint --fix`, the language server's quick fixes and a
 * browser share it (source/fix-edits.ts turns it into text edits). A rule attaches one only where
 * the document itself determines the value: never a hint, a title or any value the author must
 * choose. The set of kinds is closed.
 */
export type Fix =
  /** Replaces the value at `pointer` (which exists) with `value`. */
  | { kind: 'set'; title: string; pointer: string; value: unknown }
  /** Removes the array element or object member at `pointer`. */
  | { kind: 'remove'; title: string; pointer: string }
  /** Renames the object member at `pointer` to `key`, keeping its value and place. */
  | { kind: 'rename-key'; title: string; pointer: string; key: string }
  /** Adds `value` as the last element of the array at `pointer`. */
  | { kind: 'append'; title: string; pointer: string; value: unknown };

export const fixKinds = ['set', 'remove', 'rename-key', 'append'] as const satisfies readonly Fix['kind'][];

/** Whether two fixes touch the same value or one touches a value inside the other's (the array, for `append`). */
export function fixesOverlap(a: Fix, b: Fix): boolean {
  const p = a.pointer;
  const q = b.pointer;
  return p === q || q.startsWith(p + '/') || p.startsWith(q + '/');
}

/**
 * The document with `fix` applied, as a new value (the input is not changed; only the containers
 * on the pointer's path are copied). Undefined when the fix does not apply to this document (the
 * pointer names nothing, or the wrong kind of container): what text edits must decode to.
 */
export function applyFixToValue(document: unknown, fix: Fix): { value: unknown } | undefined {
  const path = parsePointer(fix.pointer);
  if (!path) return undefined;
  if (fix.kind === 'append') {
    const list = getAtPointer(document, fix.pointer);
    if (!Array.isArray(list)) return undefined;
    return replaceAt(document, path, [...list, fix.value]);
  }
  if (path.length === 0) return fix.kind === 'set' ? { value: fix.value } : undefined;
  const parentAt = parentPointer(fix.pointer)!;
  const parent = getAtPointer(document, parentAt);
  const last = path[path.length - 1]!;
  const parentPath = path.slice(0, -1);
  if (Array.isArray(parent)) {
    const index = arrayIndex(last, parent.length);
    if (index === undefined || fix.kind === 'rename-key') return undefined;
    const copy = [...parent];
    if (fix.kind === 'set') copy[index] = fix.value;
    else copy.splice(index, 1);
    return replaceAt(document, parentPath, copy);
  }
  if (!isObject(parent) || !Object.hasOwn(parent, last)) return undefined;
  if (fix.kind === 'set') return replaceAt(document, parentPath, { ...parent, [last]: fix.value });
  if (fix.kind === 'rename-key' && Object.hasOwn(parent, fix.key)) return undefined; // the new name is taken
  // Object.fromEntries defines members (a `__proto__` key stays a member, as the decoder keeps it).
  const entries = Object.entries(parent).flatMap(([key, value]): [string, unknown][] =>
    key !== last ? [[key, value]] : fix.kind === 'rename-key' ? [[fix.key, value]] : [],
  );
  return replaceAt(document, parentPath, Object.fromEntries(entries));
}

function arrayIndex(token: string, length: number): number | undefined {
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
  const index = Number(token);
  return index < length ? index : undefined;
}

/** `root` with the value at `path` replaced, copying only the containers along the path. */
function replaceAt(root: unknown, path: readonly string[], value: unknown): { value: unknown } | undefined {
  if (path.length === 0) return { value };
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(root)) {
    const index = arrayIndex(head, root.length);
    if (index === undefined) return undefined;
    const inner = replaceAt(root[index], rest, value);
    if (!inner) return undefined;
    const copy = [...root];
    copy[index] = inner.value;
    return { value: copy };
  }
  if (!isObject(root) || !Object.hasOwn(root, head)) return undefined;
  const inner = replaceAt(root[head], rest, value);
  if (!inner) return undefined;
  return { value: { ...root, [head]: inner.value } };
}
