/**
 * An interpreting JSON Schema validator (2020-12 and draft-07) for schemas
 * embedded in untrusted MCP Description documents.
 *
 * No code generation: one-shot evaluation of a schema costs about as much as
 * walking it once. Work is bounded: a step budget, a nesting-depth guard,
 * linear-time patterns (re2js), no network access. Anything that cannot be
 * evaluated (external `$ref`, a pattern RE2 cannot run, exhausted budget) is
 * reported in `incomplete` rather than silently passed.
 */
import type { Dialect } from './dialect.js';
import { compilePattern } from './regex.js';
import { jsonEqual } from '../model/json.js';
import { checkFormat } from './formats.js';
import { escapePointerSegment, indexSchema, resolveRef, type SchemaIndex } from './resolve.js';

export interface EvaluationError {
  /** RFC 6901 pointer into the instance */
  instancePointer: string;
  /** RFC 6901 pointer of the failing keyword along the evaluation path ($ref hops included) */
  schemaPointer: string;
  keyword: string;
  message: string;
}

export interface EvaluationResult {
  /**
   * Whether the instance is valid. Only authoritative when `incomplete` is
   * absent: unevaluable checks (external `$ref`, unsupported patterns) are
   * treated as passing; when the budget is exhausted `valid` is false.
   */
  valid: boolean;
  errors: EvaluationError[];
  /** Reasons the evaluation could not be complete. Absent when complete. */
  incomplete?: string[];
}

export interface EvaluateOptions {
  /** Maximum keyword/schema evaluations per validate call (default 1,000,000). */
  maxSteps?: number;
  /** Maximum nesting of schema applications (default 256). */
  maxDepth?: number;
  /** Assert the safe format set (date-time, date, time, email, uri, uuid, ipv4, ipv6). Default false. */
  formats?: boolean;
  /** Maximum number of errors returned (evaluation still completes). Default 100. */
  maxErrors?: number;
}

export interface Evaluator {
  readonly dialect: Dialect;
  validate(instance: unknown): EvaluationResult;
}

type Obj = Record<string, unknown>;

class BudgetExceeded extends Error {}

/** Annotation accumulator for unevaluatedProperties / unevaluatedItems. */
interface Ann {
  props: Set<string> | null;
  allProps: boolean;
  items: number;
  allItems: boolean;
  idx: Set<number> | null;
}

function newAnn(): Ann {
  return { props: null, allProps: false, items: 0, allItems: false, idx: null };
}

function addProp(a: Ann, k: string): void {
  if (a.props === null) a.props = new Set();
  a.props.add(k);
}

function mergeAnn(dst: Ann, src: Ann): void {
  if (src.allProps) dst.allProps = true;
  else if (src.props !== null) for (const k of src.props) addProp(dst, k);
  if (src.allItems) dst.allItems = true;
  if (src.items > dst.items) dst.items = src.items;
  if (src.idx !== null) {
    if (dst.idx === null) dst.idx = new Set();
    for (const i of src.idx) dst.idx.add(i);
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  const t = typeof v;
  if (t === 'object') return Array.isArray(v) ? 'array' : 'object';
  if (t === 'number') return Number.isFinite(v as number) ? 'number' : 'invalid';
  if (t === 'string' || t === 'boolean') return t;
  return 'invalid';
}

function hasType(t: string, v: unknown): boolean {
  switch (t) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'object':
      return isObj(v);
    case 'array':
      return Array.isArray(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'null':
      return v === null;
    default:
      return false;
  }
}

function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Exact decimal representation of a finite double: mantissa × 10^exp. */
function decimal(x: number): { m: bigint; e: number } {
  const s = Math.abs(x).toString();
  let mant = s;
  let exp = 0;
  const ei = s.indexOf('e');
  if (ei >= 0) {
    mant = s.slice(0, ei);
    exp = Number(s.slice(ei + 1));
  }
  const dot = mant.indexOf('.');
  if (dot >= 0) {
    exp -= mant.length - dot - 1;
    mant = mant.slice(0, dot) + mant.slice(dot + 1);
  }
  return { m: BigInt(mant), e: exp };
}

/** Float-safe multipleOf using the shortest decimal representation of both numbers. */
export function isMultipleOf(x: number, m: number): boolean {
  if (!(m > 0) || !Number.isFinite(x) || !Number.isFinite(m)) return false;
  if (Number.isInteger(x) && Number.isInteger(m) && Number.isSafeInteger(x) && Number.isSafeInteger(m))
    return x % m === 0;
  if (x === 0) return true;
  const a = decimal(x);
  const b = decimal(m);
  const e = Math.min(a.e, b.e);
  const A = a.m * 10n ** BigInt(a.e - e);
  const B = b.m * 10n ** BigInt(b.e - e);
  return A % B === 0n;
}

function ptr(base: string, seg: string | number): string {
  return typeof seg === 'number' ? `${base}/${seg}` : `${base}/${escapePointerSegment(seg)}`;
}

function show(v: unknown): string {
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 80 ? s.slice(0, 77) + '...' : s;
  } catch {
    return String(v);
  }
}

class State {
  steps = 0;
  depth = 0;
  errors: EvaluationError[] = [];
  incomplete: Set<string> | null = null;
  index: SchemaIndex | null = null;
  dyn: Obj[] = [];
  readonly d7: boolean;
  constructor(
    readonly root: unknown,
    readonly dialect: Dialect,
    readonly maxSteps: number,
    readonly maxDepth: number,
    readonly formats: boolean,
  ) {
    this.d7 = dialect === 'draft-07';
  }
  note(reason: string): void {
    if (this.incomplete === null) this.incomplete = new Set();
    if (this.incomplete.size < 100) this.incomplete.add(reason);
  }
  err(ip: string, sp: string, keyword: string, message: string): false {
    this.errors.push({ instancePointer: ip, schemaPointer: `${sp}/${keyword}`, keyword, message });
    return false;
  }
  idx(): SchemaIndex {
    if (this.index === null) this.index = indexSchema(this.root, this.dialect);
    return this.index;
  }
}

function patternOrNote(st: State, p: string, where: string): ((s: string) => boolean) | null {
  const c = compilePattern(p);
  if (c.ok) return c.test;
  st.note(`${where} pattern ${show(p)} not evaluated: ${c.reason}`);
  return null;
}

/**
 * Evaluate schema `s` against `inst`. `ann`, when given, receives this
 * schema's annotations (evaluated properties/items) if it validates.
 */
function ev(st: State, s: unknown, inst: unknown, ip: string, sp: string, ann: Ann | null): boolean {
  if (s === true) return true;
  if (s === false) return st.err(ip, sp, 'false', 'no value is allowed here (false schema)');
  if (!isObj(s)) return true; // not a schema: meta-validation reports it
  if (++st.steps > st.maxSteps || st.depth >= st.maxDepth) throw new BudgetExceeded();
  st.depth++;
  const pushed = !st.d7 && typeof s['$id'] === 'string';
  if (pushed) st.dyn.push(s);
  try {
    return evObj(st, s, inst, ip, sp, ann);
  } finally {
    st.depth--;
    if (pushed) st.dyn.pop();
  }
}

function evObj(st: State, s: Obj, inst: unknown, ip: string, sp: string, ann: Ann | null): boolean {
  const d7 = st.d7;
  if (d7 && typeof s['$ref'] === 'string') {
    return refKw(st, s, '$ref', inst, ip, sp, ann);
  }
  const local: Ann | null =
    ann !== null || (!d7 && (hasOwn.call(s, 'unevaluatedProperties') || hasOwn.call(s, 'unevaluatedItems')))
      ? newAnn()
      : null;
  let ok = true;
  for (const k in s) {
    if (++st.steps > st.maxSteps) throw new BudgetExceeded();
    const v = s[k];
    switch (k) {
      case 'type': {
        if (typeof v === 'string') {
          if (!hasType(v, inst)) ok = st.err(ip, sp, k, `must be ${v}`);
        } else if (Array.isArray(v)) {
          let any = false;
          for (const t of v)
            if (typeof t === 'string' && hasType(t, inst)) {
              any = true;
              break;
            }
          if (!any) ok = st.err(ip, sp, k, `must be ${v.join(' or ')}`);
        }
        break;
      }
      case 'enum': {
        if (Array.isArray(v)) {
          st.steps += v.length;
          let found = false;
          for (const e of v)
            if (jsonEqual(e, inst)) {
              found = true;
              break;
            }
          if (!found) ok = st.err(ip, sp, k, 'must be equal to one of the allowed values');
        }
        break;
      }
      case 'const':
        if (!jsonEqual(v, inst)) ok = st.err(ip, sp, k, `must be equal to constant ${show(v)}`);
        break;
      case '$ref':
        if (typeof v === 'string' && !refKw(st, s, '$ref', inst, ip, sp, local)) ok = false;
        break;
      case '$dynamicRef':
        if (!d7 && typeof v === 'string' && !refKw(st, s, '$dynamicRef', inst, ip, sp, local)) ok = false;
        break;
      case 'allOf':
        if (Array.isArray(v)) {
          for (let i = 0; i < v.length; i++) if (!inPlace(st, v[i], inst, ip, `${sp}/allOf/${i}`, local)) ok = false;
        }
        break;
      case 'anyOf':
        if (Array.isArray(v) && !anyOfKw(st, v, inst, ip, sp, local)) ok = false;
        break;
      case 'oneOf':
        if (Array.isArray(v) && !oneOfKw(st, v, inst, ip, sp, local)) ok = false;
        break;
      case 'not': {
        if (typeof v === 'boolean' || isObj(v)) {
          const mark = st.errors.length;
          const r = ev(st, v, inst, ip, `${sp}/not`, null);
          st.errors.length = mark;
          if (r) ok = st.err(ip, sp, k, 'must NOT be valid against the "not" schema');
        }
        break;
      }
      case 'if':
        if ((typeof v === 'boolean' || isObj(v)) && !ifKw(st, s, v, inst, ip, sp, local)) ok = false;
        break;
      case 'format':
        if (st.formats && typeof v === 'string' && typeof inst === 'string') {
          if (checkFormat(v, inst) === false) ok = st.err(ip, sp, k, `must match format "${v}"`);
        }
        break;
      default:
        if (typeof inst === 'string') {
          if (!stringKw(st, k, v, inst, ip, sp)) ok = false;
        } else if (typeof inst === 'number') {
          if (!numberKw(st, k, v, inst, ip, sp)) ok = false;
        } else if (Array.isArray(inst)) {
          if (!arrayKw(st, s, k, v, inst, ip, sp, local)) ok = false;
        } else if (isObj(inst)) {
          if (!objectKw(st, s, k, v, inst, ip, sp, local)) ok = false;
        }
    }
  }
  if (local !== null && !d7) {
    if (Array.isArray(inst) && hasOwn.call(s, 'unevaluatedItems')) {
      const u = s['unevaluatedItems'];
      if (!local.allItems && (typeof u === 'boolean' || isObj(u))) {
        for (let i = local.items; i < inst.length; i++) {
          if (local.idx !== null && local.idx.has(i)) continue;
          if (!ev(st, u, inst[i], ptr(ip, i), `${sp}/unevaluatedItems`, null)) {
            ok = false;
            if (u === false) st.errors.pop();
            st.err(ptr(ip, i), sp, 'unevaluatedItems', 'must NOT have unevaluated items');
          }
        }
        local.allItems = true;
      }
    }
    if (isObj(inst) && hasOwn.call(s, 'unevaluatedProperties')) {
      const u = s['unevaluatedProperties'];
      if (!local.allProps && (typeof u === 'boolean' || isObj(u))) {
        for (const key in inst) {
          if (local.props !== null && local.props.has(key)) continue;
          if (!ev(st, u, inst[key], ptr(ip, key), `${sp}/unevaluatedProperties`, null)) {
            ok = false;
            if (u === false) st.errors.pop();
            st.err(ptr(ip, key), sp, 'unevaluatedProperties', `must NOT have unevaluated property '${key}'`);
          }
        }
        local.allProps = true;
      }
    }
  }
  if (ok && ann !== null && local !== null) mergeAnn(ann, local);
  return ok;
}

/** Apply an in-place subschema, collecting its annotations into `ann` when it validates. */
function inPlace(st: State, sub: unknown, inst: unknown, ip: string, sp: string, ann: Ann | null): boolean {
  return ev(st, sub, inst, ip, sp, ann);
}

function anyOfKw(st: State, v: unknown[], inst: unknown, ip: string, sp: string, ann: Ann | null): boolean {
  const mark = st.errors.length;
  let any = false;
  for (let i = 0; i < v.length; i++) {
    if (ev(st, v[i], inst, ip, `${sp}/anyOf/${i}`, ann)) {
      any = true;
      if (ann === null) break; // annotations not needed: short-circuit
    }
  }
  if (any) {
    st.errors.length = mark;
    return true;
  }
  return st.err(ip, sp, 'anyOf', 'must match a schema in anyOf');
}

function oneOfKw(st: State, v: unknown[], inst: unknown, ip: string, sp: string, ann: Ann | null): boolean {
  const mark = st.errors.length;
  const passing: number[] = [];
  let passAnn: Ann | null = null;
  for (let i = 0; i < v.length; i++) {
    const a = ann !== null ? newAnn() : null;
    if (ev(st, v[i], inst, ip, `${sp}/oneOf/${i}`, a)) {
      passing.push(i);
      passAnn = a;
      if (passing.length > 1) break;
    }
  }
  if (passing.length === 1) {
    st.errors.length = mark;
    if (ann !== null && passAnn !== null) mergeAnn(ann, passAnn);
    return true;
  }
  if (passing.length > 1) {
    st.errors.length = mark;
    return st.err(ip, sp, 'oneOf', `must match exactly one schema in oneOf (matches ${passing[0]} and ${passing[1]})`);
  }
  return st.err(ip, sp, 'oneOf', 'must match exactly one schema in oneOf');
}

function ifKw(st: State, s: Obj, cond: unknown, inst: unknown, ip: string, sp: string, ann: Ann | null): boolean {
  const hasThen = hasOwn.call(s, 'then');
  const hasElse = hasOwn.call(s, 'else');
  if (!hasThen && !hasElse && ann === null) return true;
  const mark = st.errors.length;
  const condOk = ev(st, cond, inst, ip, `${sp}/if`, ann);
  st.errors.length = mark;
  if (condOk) {
    if (!hasThen) return true;
    if (!ev(st, s['then'], inst, ip, `${sp}/then`, ann)) return st.err(ip, sp, 'if', 'must match "then" schema');
  } else {
    if (!hasElse) return true;
    if (!ev(st, s['else'], inst, ip, `${sp}/else`, ann)) return st.err(ip, sp, 'if', 'must match "else" schema');
  }
  return true;
}

function refKw(
  st: State,
  s: Obj,
  kw: '$ref' | '$dynamicRef',
  inst: unknown,
  ip: string,
  sp: string,
  ann: Ann | null,
): boolean {
  const ref = s[kw] as string;
  const idx = st.idx();
  const res = resolveRef(idx, s, ref, kw);
  if (res.kind === 'external') {
    st.note(`external ${kw} "${ref}" (${res.uri}) not resolved; treated as valid`);
    return true;
  }
  if (res.kind === 'unresolvable') {
    st.note(`${res.reason}; treated as valid`);
    return true;
  }
  let target = res.target;
  if (
    kw === '$dynamicRef' &&
    res.fragment !== '' &&
    !res.fragment.startsWith('/') &&
    isObj(target) &&
    target['$dynamicAnchor'] === res.fragment
  ) {
    // Dynamic scope: the outermost resource declaring the same $dynamicAnchor wins.
    const scope: Obj[] = isObj(st.root) ? [st.root as Obj, ...st.dyn] : st.dyn;
    for (const r of scope) {
      const base = idx.baseOf.get(r);
      if (base === undefined) continue;
      const t = idx.dynamicAnchors.get(`${base}#${res.fragment}`);
      if (t !== undefined) {
        target = t;
        break;
      }
    }
  }
  return ev(st, target, inst, ip, `${sp}/${kw}`, ann);
}

function stringKw(st: State, k: string, v: unknown, inst: string, ip: string, sp: string): boolean {
  switch (k) {
    case 'maxLength':
      if (typeof v === 'number' && inst.length > v && codePointLength(inst) > v) {
        return st.err(ip, sp, k, `must NOT have more than ${v} characters`);
      }
      return true;
    case 'minLength':
      if (typeof v === 'number' && (inst.length < v || (inst.length < 2 * v && codePointLength(inst) < v))) {
        return st.err(ip, sp, k, `must NOT have fewer than ${v} characters`);
      }
      return true;
    case 'pattern': {
      if (typeof v !== 'string') return true;
      const t = patternOrNote(st, v, `${sp}/pattern:`);
      if (t === null) return true;
      st.steps += inst.length >> 6;
      if (!t(inst)) return st.err(ip, sp, k, `must match pattern ${show(v)}`);
      return true;
    }
    default:
      return true;
  }
}

function numberKw(st: State, k: string, v: unknown, inst: number, ip: string, sp: string): boolean {
  if (typeof v !== 'number') return true;
  switch (k) {
    case 'maximum':
      return inst <= v || st.err(ip, sp, k, `must be <= ${v}`);
    case 'minimum':
      return inst >= v || st.err(ip, sp, k, `must be >= ${v}`);
    case 'exclusiveMaximum':
      return inst < v || st.err(ip, sp, k, `must be < ${v}`);
    case 'exclusiveMinimum':
      return inst > v || st.err(ip, sp, k, `must be > ${v}`);
    case 'multipleOf':
      return !(v > 0) || isMultipleOf(inst, v) || st.err(ip, sp, k, `must be multiple of ${v}`);
    default:
      return true;
  }
}

function arrayKw(
  st: State,
  s: Obj,
  k: string,
  v: unknown,
  inst: unknown[],
  ip: string,
  sp: string,
  ann: Ann | null,
): boolean {
  switch (k) {
    case 'maxItems':
      return typeof v !== 'number' || inst.length <= v || st.err(ip, sp, k, `must NOT have more than ${v} items`);
    case 'minItems':
      return typeof v !== 'number' || inst.length >= v || st.err(ip, sp, k, `must NOT have fewer than ${v} items`);
    case 'uniqueItems':
      return v !== true || uniqueKw(st, inst, ip, sp);
    case 'prefixItems': {
      if (st.d7 || !Array.isArray(v)) return true;
      let ok = true;
      const n = Math.min(v.length, inst.length);
      for (let i = 0; i < n; i++) if (!ev(st, v[i], inst[i], ptr(ip, i), `${sp}/prefixItems/${i}`, null)) ok = false;
      if (ok && ann !== null && n > ann.items) ann.items = n;
      return ok;
    }
    case 'items': {
      let ok = true;
      if (Array.isArray(v)) {
        if (!st.d7) return true; // array form is not 2020-12 (meta-validation reports it)
        const n = Math.min(v.length, inst.length);
        for (let i = 0; i < n; i++) if (!ev(st, v[i], inst[i], ptr(ip, i), `${sp}/items/${i}`, null)) ok = false;
        const add = s['additionalItems'];
        if (add !== undefined && (typeof add === 'boolean' || isObj(add))) {
          for (let i = v.length; i < inst.length; i++) {
            if (!ev(st, add, inst[i], ptr(ip, i), `${sp}/additionalItems`, null)) {
              ok = false;
              if (add === false) {
                st.errors.pop();
                st.err(ip, sp, 'additionalItems', `must NOT have more than ${v.length} items`);
                break;
              }
            }
          }
        }
        return ok;
      }
      if (typeof v !== 'boolean' && !isObj(v)) return true;
      const start = st.d7 ? 0 : Array.isArray(s['prefixItems']) ? (s['prefixItems'] as unknown[]).length : 0;
      for (let i = start; i < inst.length; i++) {
        if (!ev(st, v, inst[i], ptr(ip, i), `${sp}/items`, null)) {
          ok = false;
          if (v === false) {
            st.errors.pop();
            st.err(ip, sp, 'items', `must NOT have more than ${start} items`);
            break;
          }
        }
      }
      if (ok && ann !== null) ann.allItems = true;
      return ok;
    }
    case 'contains':
      return (typeof v !== 'boolean' && !isObj(v)) || containsKw(st, s, v, inst, ip, sp, ann);
    default:
      return true;
  }
}

function containsKw(st: State, s: Obj, v: unknown, inst: unknown[], ip: string, sp: string, ann: Ann | null): boolean {
  let min = 1;
  let max = Infinity;
  if (!st.d7) {
    const mi = s['minContains'];
    const ma = s['maxContains'];
    if (typeof mi === 'number') min = mi;
    if (typeof ma === 'number') max = ma;
  }
  const mark = st.errors.length;
  let count = 0;
  const matched: number[] = [];
  for (let i = 0; i < inst.length; i++) {
    if (ev(st, v, inst[i], ptr(ip, i), `${sp}/contains`, null)) {
      count++;
      matched.push(i);
    }
  }
  st.errors.length = mark;
  if (ann !== null && !st.d7) {
    if (ann.idx === null) ann.idx = new Set();
    for (const i of matched) ann.idx.add(i);
  }
  if (count < min) {
    if (min === 1 && !hasOwn.call(s, 'minContains'))
      return st.err(ip, sp, 'contains', 'must contain at least 1 valid item');
    return st.err(ip, sp, 'minContains', `must contain at least ${min} valid item(s)`);
  }
  if (count > max) return st.err(ip, sp, 'maxContains', `must contain at most ${max} valid item(s)`);
  return true;
}

function primitiveKey(v: unknown): string | null {
  switch (typeof v) {
    case 'string':
      return 's' + v;
    case 'number':
      return 'n' + String(v);
    case 'boolean':
      return v ? 't' : 'f';
    default:
      return v === null ? 'z' : null;
  }
}

function uniqueKw(st: State, inst: unknown[], ip: string, sp: string): boolean {
  const n = inst.length;
  st.steps += n;
  const seen = new Map<string, number>();
  const complex: number[] = [];
  for (let i = 0; i < n; i++) {
    const key = primitiveKey(inst[i]);
    if (key === null) {
      complex.push(i);
      continue;
    }
    const prev = seen.get(key);
    if (prev !== undefined)
      return st.err(ip, sp, 'uniqueItems', `must NOT have duplicate items (items ## ${prev} and ${i} are identical)`);
    seen.set(key, i);
  }
  for (let a = 0; a < complex.length; a++) {
    st.steps += complex.length - a;
    if (st.steps > st.maxSteps) throw new BudgetExceeded();
    for (let b = a + 1; b < complex.length; b++) {
      if (jsonEqual(inst[complex[a]!], inst[complex[b]!])) {
        return st.err(
          ip,
          sp,
          'uniqueItems',
          `must NOT have duplicate items (items ## ${complex[a]} and ${complex[b]} are identical)`,
        );
      }
    }
  }
  return true;
}

function objectKw(
  st: State,
  s: Obj,
  k: string,
  v: unknown,
  inst: Obj,
  ip: string,
  sp: string,
  ann: Ann | null,
): boolean {
  switch (k) {
    case 'properties': {
      if (!isObj(v)) return true;
      let ok = true;
      for (const key in v) {
        if (!hasOwn.call(inst, key)) continue;
        if (!ev(st, v[key], inst[key], ptr(ip, key), ptr(`${sp}/properties`, key), null)) ok = false;
        else if (ann !== null) addProp(ann, key);
      }
      return ok;
    }
    case 'patternProperties': {
      if (!isObj(v)) return true;
      let ok = true;
      for (const p in v) {
        const t = patternOrNote(st, p, `${sp}/patternProperties:`);
        if (t === null) continue;
        for (const key in inst) {
          st.steps++;
          if (!t(key)) continue;
          if (!ev(st, v[p], inst[key], ptr(ip, key), ptr(`${sp}/patternProperties`, p), null)) ok = false;
          else if (ann !== null) addProp(ann, key);
        }
      }
      return ok;
    }
    case 'additionalProperties':
      return (typeof v !== 'boolean' && !isObj(v)) || additionalKw(st, s, v, inst, ip, sp, ann);
    case 'propertyNames': {
      if (typeof v !== 'boolean' && !isObj(v)) return true;
      let ok = true;
      for (const key in inst) {
        const mark = st.errors.length;
        if (!ev(st, v, key, ptr(ip, key), `${sp}/propertyNames`, null)) {
          ok = false;
          st.errors.length = mark;
          st.err(ptr(ip, key), sp, 'propertyNames', `property name '${key}' is invalid`);
        }
      }
      return ok;
    }
    case 'required': {
      if (!Array.isArray(v)) return true;
      let ok = true;
      for (const r of v) {
        if (typeof r === 'string' && !hasOwn.call(inst, r))
          ok = st.err(ip, sp, k, `must have required property '${r}'`);
      }
      return ok;
    }
    case 'maxProperties':
      return (
        typeof v !== 'number' ||
        Object.keys(inst).length <= v ||
        st.err(ip, sp, k, `must NOT have more than ${v} properties`)
      );
    case 'minProperties':
      return (
        typeof v !== 'number' ||
        Object.keys(inst).length >= v ||
        st.err(ip, sp, k, `must NOT have fewer than ${v} properties`)
      );
    case 'dependentRequired':
      return st.d7 || !isObj(v) || depRequired(st, v, inst, ip, sp, k);
    case 'dependentSchemas':
      return st.d7 || !isObj(v) || depSchemas(st, v, inst, ip, sp, k, ann);
    case 'dependencies': {
      if (!isObj(v)) return true;
      let ok = true;
      for (const key in v) {
        if (!hasOwn.call(inst, key)) continue;
        const d = v[key];
        if (Array.isArray(d)) {
          for (const r of d) {
            if (typeof r === 'string' && !hasOwn.call(inst, r)) {
              ok = st.err(ip, sp, k, `must have property '${r}' when property '${key}' is present`);
            }
          }
        } else if (!ev(st, d, inst, ip, ptr(`${sp}/dependencies`, key), ann)) ok = false;
      }
      return ok;
    }
    default:
      return true;
  }
}

function depRequired(st: State, v: Obj, inst: Obj, ip: string, sp: string, k: string): boolean {
  let ok = true;
  for (const key in v) {
    const d = v[key];
    if (!hasOwn.call(inst, key) || !Array.isArray(d)) continue;
    for (const r of d) {
      if (typeof r === 'string' && !hasOwn.call(inst, r)) {
        ok = st.err(ip, sp, k, `must have property '${r}' when property '${key}' is present`);
      }
    }
  }
  return ok;
}

function depSchemas(st: State, v: Obj, inst: Obj, ip: string, sp: string, k: string, ann: Ann | null): boolean {
  let ok = true;
  for (const key in v) {
    if (!hasOwn.call(inst, key)) continue;
    if (!ev(st, v[key], inst, ip, ptr(`${sp}/${k}`, key), ann)) ok = false;
  }
  return ok;
}

function additionalKw(st: State, s: Obj, v: unknown, inst: Obj, ip: string, sp: string, ann: Ann | null): boolean {
  const props = isObj(s['properties']) ? (s['properties'] as Obj) : null;
  const pp = isObj(s['patternProperties']) ? Object.keys(s['patternProperties'] as Obj) : [];
  const tests: ((x: string) => boolean)[] = [];
  for (const p of pp) {
    const t = patternOrNote(st, p, `${sp}/patternProperties:`);
    if (t === null) {
      st.note(`${sp}/additionalProperties not evaluated: depends on an unevaluable patternProperties pattern`);
      return true;
    }
    tests.push(t);
  }
  let ok = true;
  for (const key in inst) {
    if (props !== null && hasOwn.call(props, key)) continue;
    let matched = false;
    for (const t of tests) {
      st.steps++;
      if (t(key)) {
        matched = true;
        break;
      }
    }
    if (matched) continue;
    if (v === false) {
      ok = st.err(ptr(ip, key), sp, 'additionalProperties', `must NOT have additional property '${key}'`);
      continue;
    }
    if (!ev(st, v, inst[key], ptr(ip, key), `${sp}/additionalProperties`, null)) ok = false;
  }
  if (ok && ann !== null) ann.allProps = true;
  return ok;
}

function finish(st: State, ok: boolean, maxErrors: number): EvaluationResult {
  const errors = st.errors.length > maxErrors ? st.errors.slice(0, maxErrors) : st.errors;
  const out: EvaluationResult = { valid: ok && st.errors.length === 0, errors };
  if (st.incomplete !== null && st.incomplete.size > 0) out.incomplete = [...st.incomplete];
  return out;
}

function run(
  schema: unknown,
  instance: unknown,
  dialect: Dialect,
  options: EvaluateOptions | undefined,
): EvaluationResult {
  const st = new State(
    schema,
    dialect,
    options?.maxSteps ?? 1_000_000,
    options?.maxDepth ?? 256,
    options?.formats === true,
  );
  const maxErrors = options?.maxErrors ?? 100;
  try {
    if (jsonType(instance) === 'invalid' && typeof instance !== 'object') {
      st.note('instance is not a JSON value');
    }
    const ok = ev(st, schema, instance, '', '', null);
    return finish(st, ok, maxErrors);
  } catch (e) {
    if (e instanceof BudgetExceeded) {
      return {
        valid: false,
        errors: [],
        incomplete: [
          `evaluation budget exceeded (maxSteps ${st.maxSteps}, maxDepth ${st.maxDepth}); validation is incomplete`,
          ...(st.incomplete ?? []),
        ],
      };
    }
    if (e instanceof RangeError) {
      return {
        valid: false,
        errors: [],
        incomplete: ['evaluation budget exceeded (stack exhausted); validation is incomplete'],
      };
    }
    return {
      valid: false,
      errors: [],
      incomplete: [`evaluation failed: ${e instanceof Error ? e.message : String(e)}`],
    };
  }
}

/**
 * Create an evaluator for one schema. Per-schema precomputation (reference
 * index, compiled patterns) is done lazily on first use and cached, so
 * re-validating against the same schema is cheap; creation itself is free.
 */
export function createEvaluator(schema: unknown, dialect: Dialect, options?: EvaluateOptions): Evaluator {
  return {
    dialect,
    validate(instance: unknown): EvaluationResult {
      return run(schema, instance, dialect, options);
    },
  };
}

/** One-shot evaluation of `instance` against `schema`. Never throws. */
export function evaluate(
  schema: unknown,
  instance: unknown,
  dialect: Dialect,
  options?: EvaluateOptions,
): EvaluationResult {
  return run(schema, instance, dialect, options);
}
