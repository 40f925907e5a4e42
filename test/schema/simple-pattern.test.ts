/**
 * Differential test of the simple-pattern fast path (src/schema/simple-pattern.ts)
 * against native `new RegExp(p, 'u').test(s)` on thousands of seeded, randomly
 * generated simple patterns × strings. The patterns have bounded quantifiers and
 * the strings are short, so native backtracking stays cheap here.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileSimplePattern } from 'mcpdesc-core/internal/schema/simple-pattern.js';
import { compilePattern } from 'mcpdesc-core/internal/schema/regex.js';
import { seededRandom } from 'mcpdesc-core/internal/model/seeded-random.js';

const LITERALS = [
  'a',
  'b',
  'c',
  'x',
  'A',
  'Z',
  '0',
  '1',
  '9',
  '_',
  '-',
  ' ',
  ',',
  'é',
  '😀',
  '\u00a0',
  ':',
  '#',
  '@',
  '"',
  "'",
  '=',
  '~',
  '<',
  '>',
];
const ESCAPED = [
  '\\.',
  '\\^',
  '\\$',
  '\\\\',
  '\\*',
  '\\+',
  '\\?',
  '\\(',
  '\\)',
  '\\[',
  '\\]',
  '\\{',
  '\\}',
  '\\|',
  '\\/',
];
const ESCAPES = [
  '\\d',
  '\\D',
  '\\w',
  '\\W',
  '\\s',
  '\\S',
  '\\t',
  '\\n',
  '\\r',
  '\\v',
  '\\f',
  '\\0',
  '\\x41',
  '\\x2d',
  '\\u00e9',
  '\\u{1F600}',
  '\\u2028',
  '\\cJ',
  '\\ca',
];
const CLASS_ITEMS = [
  'a',
  'b',
  'z',
  'A',
  '0',
  '9',
  '_',
  '-',
  '.',
  '$',
  '^',
  ' ',
  'é',
  '😀',
  '\\d',
  '\\D',
  '\\w',
  '\\W',
  '\\s',
  '\\S',
  '\\-',
  '\\]',
  '\\\\',
  '\\b',
  '\\n',
  '\\u00a0',
  '\\x30',
  '[',
  '{',
  '}',
  '|',
  '(',
  '*',
];
const RANGES = [
  'a-c',
  'a-z',
  'A-Z',
  '0-9',
  '0-5',
  'x-z',
  '\\x41-\\x5a',
  '\\u00e0-\\u00ff',
  '😀-😂',
  ' -/',
  '!-~',
  '\\0-\\x1f',
  '\\u2000-\\u200a',
];
const INPUT_CHARS = [
  'a',
  'b',
  'c',
  'x',
  'z',
  'A',
  'Z',
  '0',
  '1',
  '5',
  '9',
  '_',
  '-',
  '.',
  ' ',
  ',',
  'é',
  'à',
  '😀',
  '😁',
  '😃',
  '\u00a0',
  '\n',
  '\r',
  '\t',
  '\v',
  '\f',
  '\u2028',
  '\u2029',
  '\u3000',
  '\ufeff',
  '\u1680',
  '\u2005',
  '\0',
  '\u001f',
  '$',
  '^',
  '\\',
  '*',
  ']',
  '[',
  '{',
  '}',
  '|',
  '/',
  '(',
  ')',
  '?',
  '+',
  '\uD800',
  '\uDE00',
  ':',
  '#',
  '~',
  '<',
];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

function genClass(r: () => number): string {
  let s = r() < 0.25 ? '[^' : '[';
  const n = Math.floor(r() * 4); // 0..3 items ([] and [^] included)
  for (let i = 0; i < n; i++) s += r() < 0.35 ? pick(r, RANGES) : pick(r, CLASS_ITEMS);
  return s + ']';
}

function genAtom(r: () => number): string {
  const x = r();
  if (x < 0.4) return pick(r, LITERALS);
  if (x < 0.5) return pick(r, ESCAPED);
  if (x < 0.65) return pick(r, ESCAPES);
  if (x < 0.75) return '.';
  return genClass(r);
}

function genQuantifier(r: () => number): string {
  const x = r();
  let q: string;
  if (x < 0.5) return '';
  else if (x < 0.6) q = '*';
  else if (x < 0.7) q = '+';
  else if (x < 0.8) q = '?';
  else if (x < 0.87) q = `{${Math.floor(r() * 4)}}`;
  else if (x < 0.93) q = `{${Math.floor(r() * 3)},}`;
  else {
    const lo = Math.floor(r() * 3);
    q = `{${lo},${lo + Math.floor(r() * 3)}}`;
  }
  return r() < 0.15 ? q + '?' : q;
}

function genPattern(r: () => number): string {
  let p = r() < 0.5 ? '^' : '';
  const n = Math.floor(r() * 6);
  for (let i = 0; i < n; i++) p += genAtom(r) + genQuantifier(r);
  if (r() < 0.5) p += '$';
  return p;
}

/** Strings built from the input pool and the pattern's own characters, so both verdicts occur often. */
function genInput(r: () => number, pattern: string): string {
  const own = [...pattern.replace(/[\\^$]/g, '')];
  const n = Math.floor(r() * 9);
  let s = '';
  for (let i = 0; i < n; i++) s += own.length > 0 && r() < 0.5 ? pick(r, own) : pick(r, INPUT_CHARS);
  return s;
}

test('simple-pattern fast path equals native RegExp (u flag) on generated patterns × strings', () => {
  const r = seededRandom(0x5eed);
  let compared = 0;
  let matched = 0;
  let patterns = 0;
  for (let k = 0; k < 6000; k++) {
    const p = genPattern(r);
    let native: RegExp;
    try {
      native = new RegExp(p, 'u');
    } catch {
      continue; // e.g. a class range out of order
    }
    const fast = compileSimplePattern(p);
    assert.ok(fast !== null, `expected a simple pattern: ${JSON.stringify(p)}`);
    patterns++;
    const inputs = ['', ...Array.from({ length: 24 }, () => genInput(r, p))];
    for (const s of inputs) {
      const want = native.test(s);
      assert.equal(fast(s), want, `pattern ${JSON.stringify(p)} on ${JSON.stringify(s)}`);
      compared++;
      if (want) matched++;
    }
  }
  assert.ok(patterns > 5000, `patterns ${patterns}`);
  assert.ok(compared > 100_000, `compared ${compared}`);
  assert.ok(matched > compared / 5 && matched < (compared * 4) / 5, `matched ${matched} of ${compared}`);
});

test('simple-pattern: fixed edge cases equal native RegExp', () => {
  const patterns = [
    '',
    '^',
    '$',
    '^$',
    'a',
    '^a',
    'a$',
    '^a$',
    '\\$$',
    '\\\\$',
    '^[^]$',
    '^[]$',
    '[]',
    '[^]',
    '^.$',
    '^.*$',
    '^a{0}$',
    '^a{2,}$',
    '^a{1,3}?b',
    '^[a-]$',
    '^[-a]$',
    '^[a-c-e]$',
    '^[\\d-]$',
    '^[^\\D]$',
    '^[\\S\\s]$',
    '^\\u{10FFFF}$',
    '^😀+$',
    '^[😀-😂]{2}$',
    '^ok-123$',
    'x*',
    'x*$',
    '^x*',
    '\\w+@\\w+\\.\\w{2,}',
    '^\\s*$',
    '^\\S+$',
    '[\\b]',
    '^\\0$',
    '^\\cZ$',
    '^a?a?a?aaa$',
  ];
  const inputs = [
    '',
    'a',
    'aa',
    'aaa',
    'aab',
    'b',
    'ab',
    '-',
    'c',
    'd',
    'e',
    '$',
    '\\',
    '\n',
    '\u2028',
    '😀',
    '😀😂',
    '😀😃',
    '\uD800',
    '\uDBFF\uDFFF',
    'ok-123',
    'ok-1234',
    'xok-123',
    'x',
    'xx',
    'yx',
    'a@b.io',
    ' \u00a0\ufeff',
    '\b',
    '\0',
    '\u001a',
    '1',
  ];
  for (const p of patterns) {
    const fast = compileSimplePattern(p);
    assert.ok(fast !== null, p);
    const native = new RegExp(p, 'u');
    for (const s of inputs)
      assert.equal(fast(s), native.test(s), `pattern ${JSON.stringify(p)} on ${JSON.stringify(s)}`);
  }
});

test('simple-pattern: anything beyond a sequence of quantified atoms falls back to re2js', () => {
  for (const p of [
    '(a)',
    '(?:a)',
    'a|b',
    '\\bfoo',
    '\\Bo',
    '^(?=a)',
    '(a)\\1',
    '\\p{L}',
    '[\\p{L}]',
    '\\P{L}',
    'a^',
    '$a',
    '^\\uD83D\\uDE00$',
    '\uD800',
    'a{1000}',
    '(?<n>a)\\k<n>',
  ]) {
    let valid = true;
    try {
      new RegExp(p, 'u');
    } catch {
      valid = false;
    }
    assert.ok(valid, p);
    assert.equal(compileSimplePattern(p), null, p);
  }
  // through compilePattern, the fallback still evaluates them (or reports them as not evaluable)
  const c = compilePattern('^(a|b)+$');
  assert.ok(c.ok && c.test('abba') && !c.test('abc'));
});

test('simple-pattern: long inputs run in linear time', () => {
  const fast = compileSimplePattern('^a*a*a*a*a*a*a*a*b$')!;
  const t0 = Date.now();
  assert.equal(fast('a'.repeat(200_000) + '!'), false);
  assert.ok(Date.now() - t0 < 1000, `took ${Date.now() - t0} ms`);
});
