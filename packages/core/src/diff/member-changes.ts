/** Changes of the members of two objects: presence, sides with pointers, and extension members. */
import { joinPointer } from '../model/json-pointer.js';
import type { JsonObject } from '../model/values.js';
import { jsonEqual } from '../model/json.js';
import type { ChangeSide, ChangeSubject, RawChange } from './types.js';

/** Whether `key` is an own member (a member set to anything, `null` included, is present). */
export function present(object: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** Sides for `key` of two objects at `oldBase`/`newBase`. */
export function sides(
  o: JsonObject,
  n: JsonObject,
  oldBase: string,
  newBase: string,
  key: string,
): { old: ChangeSide; new: ChangeSide } {
  return {
    old: present(o, key) ? { pointer: joinPointer(oldBase, key), value: o[key] } : { pointer: oldBase },
    new: present(n, key) ? { pointer: joinPointer(newBase, key), value: n[key] } : { pointer: newBase },
  };
}

/** How member `key` changed from the old object to the new one. */
export function verbOf(o: JsonObject, n: JsonObject, key: string): string {
  return !present(o, key) ? 'added' : !present(n, key) ? 'removed' : 'changed';
}

/** The member names of both objects: the old object's order, then the new names. */
export function unionKeys(a: JsonObject, b: JsonObject): string[] {
  const out = Object.keys(a);
  const seen = new Set(out);
  for (const k of Object.keys(b)) if (!seen.has(k)) out.push(k);
  return out;
}

/** One change per `x-` member whose value differs. */
export function compareExtensions(
  o: JsonObject,
  n: JsonObject,
  oldBase: string,
  newBase: string,
  subject: ChangeSubject,
  emit: (c: RawChange) => void,
): void {
  for (const key of unionKeys(o, n)) {
    if (!key.startsWith('x-') || jsonEqual(o[key], n[key])) continue;
    emit({
      id: 'diff.extension.changed',
      subject,
      detail: `${key} ${verbOf(o, n, key)}`,
      ...sides(o, n, oldBase, newBase, key),
    });
  }
}
