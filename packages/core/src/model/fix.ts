import { getAtPointer, parentPointer, parsePointer } from './json-pointer.js';
import { cloneJson, setOwn } from './json.js';
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

/** Whether `fix` applies to `document`: its pointer names what its kind edits (and a new key is free). */
export function fixApplies(document: unknown, fix: Fix): boolean {
  const path = parsePointer(fix.pointer);
  if (!path) return false;
  if (fix.kind === 'append') return Array.isArray(getAtPointer(document, fix.pointer));
  if (path.length === 0) return fix.kind === 'set';
  const parent = getAtPointer(document, parentPointer(fix.pointer)!);
  const last = path[path.length - 1]!;
  if (Array.isArray(parent)) return fix.kind !== 'rename-key' && arrayIndex(last, parent.length) !== undefined;
  if (!isObject(parent) || !Object.hasOwn(parent, last)) return false;
  return fix.kind !== 'rename-key' || !Object.hasOwn(parent, fix.key);
}

/** The document with `fix` applied, as a new value (the input is not changed); undefined when it does not apply. */
export function applyFixToValue(document: unknown, fix: Fix): { value: unknown } | undefined {
  return applyFixesToValue(document, [fix]);
}

/** Stands in for a removed element until its list is compacted, so the indexes of later fixes hold. */
const removedElement = Object.freeze({});

/**
 * The document with every fix applied, as one copy: what the edited text must decode to. The
 * fixes must not overlap (none at or inside another's pointer), so their order does not matter;
 * removed elements are compacted at the end, which keeps many removals in one list linear.
 * Undefined when a fix does not apply.
 */
export function applyFixesToValue(document: unknown, fixes: readonly Fix[]): { value: unknown } | undefined {
  let root = cloneJson(document);
  const compact = new Set<unknown[]>();
  for (const fix of fixes) {
    if (!fixApplies(root, fix)) return undefined;
    if (fix.pointer === '') {
      if (fix.kind === 'set') root = cloneJson(fix.value); // only `set` applies to the root
      continue;
    }
    const target = getAtPointer(root, fix.pointer);
    if (fix.kind === 'append') {
      (target as unknown[]).push(cloneJson(fix.value));
      continue;
    }
    const parent = getAtPointer(root, parentPointer(fix.pointer)!) as unknown[] | Record<string, unknown>;
    const last = parsePointer(fix.pointer)!.pop()!;
    if (Array.isArray(parent)) {
      const index = Number(last);
      if (fix.kind === 'set') parent[index] = cloneJson(fix.value);
      else {
        parent[index] = removedElement;
        compact.add(parent);
      }
    } else if (fix.kind === 'set') setOwn(parent, last, cloneJson(fix.value));
    else if (fix.kind === 'remove') delete parent[last];
    else {
      // A renamed member keeps its place: the members are written again in order.
      const entries = Object.entries(parent);
      for (const [key] of entries) delete parent[key];
      for (const [key, value] of entries) setOwn(parent, key === last ? fix.key : key, value);
    }
  }
  for (const list of compact) {
    let kept = 0;
    for (const element of list) if (element !== removedElement) list[kept++] = element;
    list.length = kept;
  }
  return { value: root };
}

function arrayIndex(token: string, length: number): number | undefined {
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
  const index = Number(token);
  return index < length ? index : undefined;
}
