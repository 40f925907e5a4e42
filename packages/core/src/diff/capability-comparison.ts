/** Nested capability objects: the Capabilities Object of a view and a primitive's client requirements. */
import { isObject } from '../model/values.js';
import { jsonEqual } from '../model/json.js';
import type { View } from './declaration-index.js';
import { present, sides, unionKeys, verbOf } from './member-changes.js';
import type { ChangeSubject, RawChange } from './types.js';

/** The change kinds a nested comparison emits; `restated` for an explicit `false` added or removed. */
type NestedIds = { added: string; removed: string; changed: string; restated?: string };

/** Member-by-member comparison of two capability-shaped objects, down to a bounded depth. */
export function compareNested(
  subject: ChangeSubject,
  ids: NestedIds,
  label: string,
  a: unknown,
  b: unknown,
  oldPointer: string,
  newPointer: string,
  path: string,
  depth: number,
  emit: (c: RawChange) => void,
): void {
  if (!isObject(a) || !isObject(b) || depth > 32) return;
  for (const key of unionKeys(a, b)) {
    if (depth === 0 && key === 'protocolVersions') continue;
    const p = path === '' ? key : `${path}.${key}`;
    const s = sides(a, b, oldPointer, newPointer, key);
    if (key.startsWith('x-')) {
      if (!jsonEqual(a[key], b[key]))
        emit({ id: 'diff.extension.changed', subject, path: p, detail: `${label} ${p} ${verbOf(a, b, key)}`, ...s });
      continue;
    }
    const inA = present(a, key);
    const inB = present(b, key);
    if (inA && inB) {
      if (jsonEqual(a[key], b[key])) continue;
      if (isObject(a[key]) && isObject(b[key])) {
        compareNested(subject, ids, label, a[key], b[key], s.old.pointer, s.new.pointer, p, depth + 1, emit);
      } else if (typeof a[key] === 'boolean' && typeof b[key] === 'boolean') {
        emit({
          id: b[key] ? ids.added : ids.removed,
          subject,
          path: p,
          detail: `${label} ${p} changed from ${a[key]} to ${b[key]}`,
          ...s,
        });
      } else {
        emit({ id: ids.changed, subject, path: p, detail: `${label} ${p} changed`, ...s });
      }
    } else {
      const value = inA ? a[key] : b[key];
      if (value === false && ids.restated) {
        emit({ id: ids.restated, subject, path: p, detail: `${label} ${p}: false ${inA ? 'removed' : 'added'}`, ...s });
      } else {
        emit({
          id: inB ? ids.added : ids.removed,
          subject,
          path: p,
          detail: `${label} ${p} ${inB ? 'added' : 'removed'}`,
          ...s,
        });
      }
    }
  }
}

export function compareCapabilities(o: View, n: View, emit: (c: RawChange) => void): void {
  const a = o.capabilities;
  const b = n.capabilities;
  if (!a && !b) return;
  compareNested(
    { kind: 'capabilities' },
    {
      added: 'diff.capability.added',
      removed: 'diff.capability.removed',
      changed: 'diff.capability.changed',
      restated: 'diff.capability.restated',
    },
    'capability',
    a?.value ?? {},
    b?.value ?? {},
    a?.pointer ?? '',
    b?.pointer ?? '',
    '',
    0,
    emit,
  );
}
