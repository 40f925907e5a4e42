/**
 * Effective security (7.2) of a transport or primitive in one view, and whether a change
 * tightens, relaxes or only restates it.
 */
import { joinPointer } from '../model/json-pointer.js';
import { isObject } from '../model/values.js';
import { canonicalJson, jsonEqual } from '../model/json.js';
import type { PrimitiveDeclaration, TransportDeclaration, View } from './declaration-index.js';
import { present } from './member-changes.js';
import type { ChangeSubject, RawChange } from './types.js';

export interface EffectiveSecurity {
  /** The requirement array, or undefined when nothing declares one. */
  value: unknown;
  pointer: string;
  /** Where it comes from. */
  from: 'primitive' | 'transport' | 'root' | 'none';
}

function rootSecurity(view: View, fallback: string): EffectiveSecurity {
  const d = view.source.document;
  return present(d, 'security')
    ? { value: d.security, pointer: '/security', from: 'root' }
    : { value: undefined, pointer: fallback, from: 'none' };
}

export function transportSecurity(view: View, t: TransportDeclaration): EffectiveSecurity {
  if (present(t.value, 'security'))
    return { value: t.value.security, pointer: joinPointer(t.pointer, 'security'), from: 'transport' };
  return rootSecurity(view, t.pointer);
}

export function primitiveSecurity(
  view: View,
  p: PrimitiveDeclaration,
  transport: string | undefined,
): EffectiveSecurity {
  if (present(p.value, 'security'))
    return { value: p.value.security, pointer: joinPointer(p.pointer, 'security'), from: 'primitive' };
  const t = transport === undefined ? undefined : view.transports.get(transport);
  if (t && present(t.value, 'security')) return transportSecurity(view, t);
  return rootSecurity(view, p.pointer);
}

/** Alternatives (OR) of conjunctions (AND) of scheme -> scopes; no declaration or [] accept anonymous access. */
function alternatives(value: unknown): Map<string, Set<string>>[] {
  if (!Array.isArray(value) || value.length === 0) return [new Map()];
  return value
    .filter(isObject)
    .map(
      (req) =>
        new Map(
          Object.entries(req).map(([scheme, scopes]) => [
            scheme,
            new Set(Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : []),
          ]),
        ),
    );
}

/** Whether requirement `a` demands no more than `b` (a client meeting `b` meets `a`). */
function demandsNoMore(a: Map<string, Set<string>>, b: Map<string, Set<string>>): boolean {
  for (const [scheme, scopes] of a) {
    const other = b.get(scheme);
    if (!other) return false;
    for (const s of scopes) if (!other.has(s)) return false;
  }
  return true;
}

export function compareSecurity(
  subject: ChangeSubject,
  a: EffectiveSecurity,
  b: EffectiveSecurity,
  via: string,
  emit: (c: RawChange) => void,
): void {
  if (jsonEqual(a.value, b.value)) return;
  const oldAlts = alternatives(a.value);
  const newAlts = alternatives(b.value);
  const tightened = oldAlts.some((x) => !newAlts.some((y) => demandsNoMore(y, x)));
  const relaxed = newAlts.some((y) => !oldAlts.some((x) => demandsNoMore(x, y)));
  const id = tightened ? 'diff.security.tightened' : relaxed ? 'diff.security.relaxed' : 'diff.security.restated';
  const show = (s: EffectiveSecurity): string =>
    s.value === undefined ? 'none declared' : `${canonicalJson(s.value)} (${s.from})`;
  emit({
    id,
    subject,
    detail: `effective security${via} changed from ${show(a)} to ${show(b)}`,
    old: a.value === undefined ? { pointer: a.pointer } : { pointer: a.pointer, value: a.value },
    new: b.value === undefined ? { pointer: b.pointer } : { pointer: b.pointer, value: b.value },
  });
}
