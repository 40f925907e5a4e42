/**
 * A fast, linear-time matcher for SIMPLE ECMA-262 patterns.
 *
 * Compiling a pattern with re2js costs tens of microseconds, which dominates
 * when a document holds thousands of distinct (and usually trivial) patterns
 * such as "^ok-123$". A simple pattern is a sequence of atoms — a literal
 * character, an escape (\d \D \w \W \s \S, control / hex / unicode escapes,
 * escaped syntax characters), `.`, or a bracket class (ranges, negation, the
 * class escapes inside) — each with an optional quantifier (* + ? {n} {n,}
 * {n,m}, greedy or lazy), with an optional `^` first and `$` last. Anything
 * else (groups, alternation, assertions, backreferences, property escapes,
 * surrogate code units) returns null and the caller falls back to re2js.
 *
 * The matcher simulates the NFA over expanded atom positions (counted
 * quantifiers are expanded; at most MAX_STATES positions), so it runs in
 * O(len(input) × positions) with no backtracking. Semantics are those of
 * `new RegExp(p, 'u').test(s)`: search (unanchored unless ^ / $), no m flag,
 * case-sensitive, matching by code point.
 */

const MAX_STATES = 256;
const MAX_CP = 0x10ffff;

/** Sorted, merged, inclusive code point ranges as flat [lo0, hi0, lo1, hi1, ...]. */
type Ranges = number[];

const DIGIT: Ranges = [0x30, 0x39];
const WORD: Ranges = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
// ECMA-262 WhiteSpace + LineTerminator (the set matched by \s).
const SPACE: Ranges = [
  0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f,
  0x3000, 0x3000, 0xfeff, 0xfeff,
];
const LINE_TERMINATORS: Ranges = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029];

function normalize(r: Ranges): Ranges {
  const pairs: [number, number][] = [];
  for (let i = 0; i < r.length; i += 2) pairs.push([r[i]!, r[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of pairs) {
    const n = out.length;
    if (n > 0 && lo <= out[n - 1]! + 1) {
      if (hi > out[n - 1]!) out[n - 1] = hi;
    } else {
      out.push(lo, hi);
    }
  }
  return out;
}

function complement(r: Ranges): Ranges {
  const m = normalize(r);
  const out: Ranges = [];
  let next = 0;
  for (let i = 0; i < m.length; i += 2) {
    if (m[i]! > next) out.push(next, m[i]! - 1);
    next = m[i + 1]! + 1;
  }
  if (next <= MAX_CP) out.push(next, MAX_CP);
  return out;
}

const DOT = complement(LINE_TERMINATORS);

function inRanges(r: Ranges, cp: number): boolean {
  for (let i = 0; i < r.length; i += 2) {
    if (cp < r[i]!) return false;
    if (cp <= r[i + 1]!) return true;
  }
  return false;
}

class NotSimple extends Error {}

const SYNTAX = '^$\\.*+?()[]{}|/';

function isSurrogate(cp: number): boolean {
  return cp >= 0xd800 && cp <= 0xdfff;
}

/** Kind of an expanded position: exactly once, optional, or any number of times. */
const ONE = 0;
const OPT = 1;
const STAR = 2;

interface Atom {
  set: Ranges;
  /** the single code point when the set is one literal, else -1 */
  lit: number;
}

/**
 * Parse `p` (already known to be a valid `u`-flag pattern). Returns the
 * expanded positions, or throws NotSimple.
 */
function parse(p: string): { sets: Ranges[]; lits: number[]; kinds: number[]; start: boolean; end: boolean } {
  const n = p.length;
  let i = 0;
  let start = false;
  let end = false;
  if (p[0] === '^') {
    start = true;
    i = 1;
  }
  let stop = n;
  if (n > i && p[n - 1] === '$') {
    // the final `$` is an assertion unless it is escaped (count preceding backslashes)
    let bs = 0;
    for (let k = n - 2; k >= i && p[k] === '\\'; k--) bs++;
    if (bs % 2 === 0) {
      end = true;
      stop = n - 1;
    }
  }

  const cpAt = (k: number): number => {
    const cp = p.codePointAt(k) as number;
    // astral code points are fine; lone surrogates are left to re2js
    if (isSurrogate(cp)) throw new NotSimple();
    return cp;
  };
  const width = (cp: number): number => (cp > 0xffff ? 2 : 1);
  const hexAt = (from: number, len: number): number => {
    const h = p.slice(from, from + len);
    if (!/^[0-9a-fA-F]+$/.test(h) || h.length !== len) throw new NotSimple();
    return parseInt(h, 16);
  };

  /** Parse an escape at p[i] === '\\'. Returns a set (class escapes) or a code point. */
  const escape = (inClass: boolean): Ranges | number => {
    const c = p[i + 1];
    i += 2;
    switch (c) {
      case 'd':
        return DIGIT;
      case 'D':
        return complement(DIGIT);
      case 'w':
        return WORD;
      case 'W':
        return complement(WORD);
      case 's':
        return SPACE;
      case 'S':
        return complement(SPACE);
      case 't':
        return 9;
      case 'n':
        return 10;
      case 'v':
        return 11;
      case 'f':
        return 12;
      case 'r':
        return 13;
      case 'b':
        if (inClass) return 8;
        throw new NotSimple();
      case '0':
        if (p[i] !== undefined && p[i]! >= '0' && p[i]! <= '9') throw new NotSimple();
        return 0;
      case 'c': {
        const l = p[i];
        if (l === undefined || !/[A-Za-z]/.test(l)) throw new NotSimple();
        i += 1;
        return l.charCodeAt(0) % 32;
      }
      case 'x': {
        const v = hexAt(i, 2);
        i += 2;
        return v;
      }
      case 'u': {
        let v: number;
        if (p[i] === '{') {
          const close = p.indexOf('}', i);
          if (close < 0) throw new NotSimple();
          v = hexAt(i + 1, close - i - 1);
          i = close + 1;
        } else {
          v = hexAt(i, 4);
          i += 4;
        }
        if (isSurrogate(v) || v > MAX_CP) throw new NotSimple();
        return v;
      }
      default:
        if (c !== undefined && (SYNTAX.includes(c) || (inClass && c === '-'))) return c.charCodeAt(0);
        throw new NotSimple();
    }
  };

  const parseClass = (): Ranges => {
    // p[i] === '['
    i += 1;
    let negated = false;
    if (p[i] === '^') {
      negated = true;
      i += 1;
    }
    const acc: Ranges = [];
    const item = (): Ranges | number => {
      if (p[i] === '\\') return escape(true);
      const cp = cpAt(i);
      i += width(cp);
      return cp;
    };
    while (i < stop && p[i] !== ']') {
      const a = item();
      if (p[i] === '-' && p[i + 1] !== ']' && i + 1 < stop) {
        i += 1;
        const b = item();
        if (typeof a !== 'number' || typeof b !== 'number' || a > b) throw new NotSimple();
        acc.push(a, b);
      } else if (typeof a === 'number') {
        acc.push(a, a);
      } else {
        for (const x of a) acc.push(x);
      }
    }
    if (p[i] !== ']') throw new NotSimple();
    i += 1;
    return negated ? complement(acc) : normalize(acc);
  };

  const readInt = (): number => {
    const s = i;
    while (i < stop && p[i]! >= '0' && p[i]! <= '9') i++;
    if (i === s || i - s > 4) throw new NotSimple();
    return parseInt(p.slice(s, i), 10);
  };

  const sets: Ranges[] = [];
  const lits: number[] = [];
  const kinds: number[] = [];
  const push = (a: Atom, kind: number): void => {
    if (sets.length >= MAX_STATES) throw new NotSimple();
    sets.push(a.set);
    lits.push(a.lit);
    kinds.push(kind);
  };

  while (i < stop) {
    const ch = p[i]!;
    let atom: Atom;
    if (ch === '\\') {
      const e = escape(false);
      atom = typeof e === 'number' ? { set: [e, e], lit: e } : { set: e, lit: -1 };
    } else if (ch === '.') {
      i += 1;
      atom = { set: DOT, lit: -1 };
    } else if (ch === '[') {
      atom = { set: parseClass(), lit: -1 };
    } else if ('^$()|*+?{}]'.includes(ch)) {
      throw new NotSimple();
    } else {
      const cp = cpAt(i);
      i += width(cp);
      atom = { set: [cp, cp], lit: cp };
    }
    if (atom.set.length === 2 && atom.set[0] === atom.set[1]) atom.lit = atom.set[0]!;
    // quantifier
    let min = 1;
    let max = 1; // -1 = unbounded
    const q = i < stop ? p[i] : undefined;
    if (q === '*') {
      min = 0;
      max = -1;
      i += 1;
    } else if (q === '+') {
      min = 1;
      max = -1;
      i += 1;
    } else if (q === '?') {
      min = 0;
      max = 1;
      i += 1;
    } else if (q === '{') {
      i += 1;
      min = readInt();
      if (p[i] === '}') max = min;
      else if (p[i] === ',') {
        i += 1;
        max = p[i] === '}' ? -1 : readInt();
      } else throw new NotSimple();
      if (p[i] !== '}') throw new NotSimple();
      i += 1;
      if (max !== -1 && max < min) throw new NotSimple();
    }
    if (q === '*' || q === '+' || q === '?' || q === '{') {
      if (i < stop && p[i] === '?') i += 1; // lazy: same verdict for test()
      if (i < stop && '*+?{'.includes(p[i]!)) throw new NotSimple();
    }
    for (let k = 0; k < min; k++) push(atom, ONE);
    if (max === -1) push(atom, STAR);
    else for (let k = min; k < max; k++) push(atom, OPT);
  }
  if (i !== stop) throw new NotSimple();
  return { sets, lits, kinds, start, end };
}

/** Code units that are never a literal atom outside a class (syntax characters and `\\`). */
const NOT_LITERAL = '\\^$.*+?()[]{}|';

/**
 * The text of `^text$` when every code unit of `text` is a literal character as `parse` reads
 * it (no syntax character, backslash or surrogate), else null: the commonest pattern ("^ok-1$")
 * is string equality, recognised without building parse's positions (the tester `parse` would
 * give is the same equality).
 */
export function anchoredLiteral(p: string): string | null {
  const n = p.length;
  // Longer than MAX_STATES positions, `parse` refuses it: the caller's fallback decides.
  if (n < 2 || n - 2 > MAX_STATES || p.charCodeAt(0) !== 0x5e || p.charCodeAt(n - 1) !== 0x24) return null;
  for (let i = 1; i < n - 1; i++) {
    const unit = p.charCodeAt(i);
    if (isSurrogate(unit) || (unit < 0x80 && NOT_LITERAL.includes(p[i]!))) return null;
  }
  return p.slice(1, n - 1);
}

/**
 * Compile a simple pattern (see the module comment) into a linear-time
 * tester, or return null when the pattern is not simple. `p` must already be
 * a valid ECMA-262 pattern under the `u` flag.
 */
export function compileSimplePattern(p: string): ((s: string) => boolean) | null {
  const literal = anchoredLiteral(p);
  if (literal !== null) return (s: string) => s === literal;
  let parsed;
  try {
    parsed = parse(p);
  } catch {
    return null; // NotSimple (or anything unexpected): the caller falls back to re2js
  }
  const { sets, lits, kinds, start, end } = parsed;
  const k = sets.length;
  // Pure literal, anchored both ends: string equality.
  if (start && end && kinds.every((x) => x === ONE) && lits.every((x) => x >= 0)) {
    // Built by a loop: a document's pattern may hold more literals than a call can take arguments.
    let lit = '';
    for (const codePoint of lits) lit += String.fromCodePoint(codePoint);
    return (s: string) => s === lit;
  }
  const skippable = new Uint8Array(k + 1);
  for (let j = 0; j < k; j++) skippable[j] = kinds[j] === ONE ? 0 : 1;
  const matches = (j: number, cp: number): boolean => {
    const l = lits[j]!;
    return l >= 0 ? l === cp : inRanges(sets[j]!, cp);
  };

  return (s: string): boolean => {
    let cur = new Uint8Array(k + 1);
    let next = new Uint8Array(k + 1);
    // initial closure from state 0
    cur[0] = 1;
    for (let j = 0; j < k && skippable[j] === 1; j++) cur[j + 1] = 1;
    if (!end && cur[k] === 1) return true;
    const n = s.length;
    let pos = 0;
    while (pos < n) {
      const cp = s.codePointAt(pos) as number;
      pos += cp > 0xffff ? 2 : 1;
      next.fill(0);
      let any = false;
      for (let j = 0; j < k; j++) {
        if (cur[j] === 0 || !matches(j, cp)) continue;
        if (kinds[j] === STAR) next[j] = 1;
        else next[j + 1] = 1;
        any = true;
      }
      if (!start) {
        next[0] = 1;
        any = true;
      }
      if (!any) return false;
      // epsilon closure: skippable positions lead forward only
      for (let j = 0; j < k; j++) if (next[j] === 1 && skippable[j] === 1) next[j + 1] = 1;
      if (!end && next[k] === 1) return true;
      const t = cur;
      cur = next;
      next = t;
    }
    // the state sets are epsilon-closed, so reaching k is acceptance
    return cur[k] === 1;
  };
}
