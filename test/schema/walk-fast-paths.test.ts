/**
 * Equivalence tests for fast paths: the allocation-light `regexProblems` walk (pointers built
 * only for a problem) against the walk it replaced, kept here as the reference; the one-walk
 * short cut of `checkSchemaValidity` (fastMetaValid with patterns); and the anchored-literal
 * recognition of `compileSimplePattern` against native `RegExp` verdicts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSchemaValidity, regexProblems, type SchemaProblem } from 'mcpdesc-core/internal/schema/meta-validate.js';
import { fastMetaValid } from 'mcpdesc-core/internal/schema/meta-fast.js';
import { isValidEcmaRegex } from 'mcpdesc-core/internal/schema/regex.js';
import { escapePointerToken } from 'mcpdesc-core/internal/model/json-pointer.js';
import { subschemaShape } from 'mcpdesc-core/internal/schema/keywords.js';
import { anchoredLiteral, compileSimplePattern } from 'mcpdesc-core/internal/schema/simple-pattern.js';
import { seededRandom } from 'mcpdesc-core/internal/model/seeded-random.js';

/** The walk before the change: a stack object and a pointer string per node. */
function referenceRegexProblems(schema: unknown): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  const stack: { node: unknown; ptr: string }[] = [{ node: schema, ptr: '' }];
  const seen = new Set<object>();
  let budget = 1_000_000;
  while (stack.length > 0 && budget-- > 0) {
    const { node, ptr } = stack.pop()!;
    if (typeof node !== 'object' || node === null || Array.isArray(node) || seen.has(node)) continue;
    seen.add(node);
    const s = node as Record<string, unknown>;
    const pat = s['pattern'];
    if (typeof pat === 'string' && !isValidEcmaRegex(pat)) {
      out.push({
        pointer: `${ptr}/pattern`,
        keyword: 'pattern',
        message: `"pattern" ${JSON.stringify(pat)} is not a valid ECMA-262 regular expression`,
      });
    }
    const pp = s['patternProperties'];
    if (typeof pp === 'object' && pp !== null && !Array.isArray(pp)) {
      for (const k of Object.keys(pp)) {
        if (!isValidEcmaRegex(k)) {
          out.push({
            pointer: `${ptr}/patternProperties`,
            keyword: 'patternProperties',
            message: `"patternProperties" key ${JSON.stringify(k)} is not a valid ECMA-262 regular expression`,
          });
        }
      }
    }
    for (const k of Object.keys(s)) {
      const v = s[k];
      if (typeof v !== 'object' || v === null) continue;
      const kp = `${ptr}/${escapePointerToken(k)}`;
      const shape = subschemaShape(k);
      if ((shape === 'array' || shape === 'single-or-array') && Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) stack.push({ node: v[i], ptr: `${kp}/${i}` });
      } else if (shape === 'single' || shape === 'single-or-array') {
        stack.push({ node: v, ptr: kp });
      } else if (shape === 'map' && !Array.isArray(v)) {
        for (const name of Object.keys(v))
          stack.push({ node: (v as Record<string, unknown>)[name], ptr: `${kp}/${escapePointerToken(name)}` });
      }
    }
  }
  return out;
}

const PATTERNS = ['^a$', '(', '[', 'a{2,1}', '\\p{L}', '(?<=x)y', '\\1(a)', '^ok-1$', ')', '\\', 'x*', '[z-a]'];
const NAMES = ['', 'a', 'a/b', 'm~n', '~1', '0', '12', '__proto__', 'constructor', 'x y', 'é'];
const KEYWORDS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependencies',
  'items',
  'prefixItems',
  'allOf',
  'anyOf',
  'not',
  'if',
  'then',
  'additionalProperties',
  'contains',
  'enum',
  'const',
  'default',
  'a/b',
  'x~y',
];

function randomSchema(random: () => number, depth: number, pool: unknown[]): unknown {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const r = random();
  if (depth <= 0 || r < 0.1) return pick<unknown>([true, false, null, 3, 'text', [], {}]);
  if (r < 0.15 && pool.length > 0) return pick(pool); // shared subschema
  const node: Record<string, unknown> = {};
  if (random() < 0.4) node['pattern'] = pick(PATTERNS);
  const count = Math.floor(random() * 4);
  for (let i = 0; i < count; i++) {
    const keyword = pick(KEYWORDS);
    const shape = random();
    if (shape < 0.35) {
      const map: Record<string, unknown> = {};
      const members = Math.floor(random() * 4);
      for (let m = 0; m < members; m++)
        map[keyword === 'patternProperties' ? pick(PATTERNS) : pick(NAMES)] = randomSchema(random, depth - 1, pool);
      node[keyword] = map;
    } else if (shape < 0.65) {
      const list: unknown[] = [];
      const items = Math.floor(random() * 3);
      for (let m = 0; m < items; m++) list.push(randomSchema(random, depth - 1, pool));
      node[keyword] = list;
    } else {
      node[keyword] = randomSchema(random, depth - 1, pool);
    }
  }
  pool.push(node);
  return node;
}

test('regexProblems reports what the per-node-pointer walk reported, in the same order', () => {
  const random = seededRandom(19);
  let withProblems = 0;
  for (let run = 0; run < 3000; run++) {
    const pool: unknown[] = [];
    const schema = randomSchema(random, 1 + (run % 6), pool);
    // a cycle now and then (a programmatic value): both walks visit each object once
    if (run % 7 === 0 && pool.length > 1) (pool[0] as Record<string, unknown>)['not'] = pool[pool.length - 1];
    const expected = referenceRegexProblems(schema);
    if (expected.length > 0) withProblems++;
    assert.deepEqual(regexProblems(schema, '2020-12'), expected, `run ${run}`);
  }
  assert.ok(withProblems > 500, `only ${withProblems} schemas with problems`);
});

test('regexProblems builds escaped pointers for members named "", with "~" or "/"', () => {
  const schema = {
    properties: { '': { pattern: '(' }, 'a/b': { items: [true, { pattern: '[' }] }, 'm~n': { not: { pattern: ')' } } },
    patternProperties: { '(': {} },
  };
  assert.deepEqual(
    regexProblems(schema, '2020-12').map((p) => p.pointer),
    ['/patternProperties', '/properties/m~0n/not/pattern', '/properties/a~1b/items/1/pattern', '/properties//pattern'],
  );
  assert.deepEqual(regexProblems(schema, '2020-12'), referenceRegexProblems(schema));
});

test('anchoredLiteral: recognised patterns test as native RegExp does; others are left to parse', () => {
  const units = [
    'a',
    'Z',
    '0',
    '-',
    '_',
    ' ',
    '/',
    'é',
    '€',
    '\u{1F600}',
    '\ud800',
    '.',
    '*',
    '\\',
    ']',
    '{',
    '$',
    '^',
    '|',
  ];
  const random = seededRandom(7);
  let recognised = 0;
  for (let run = 0; run < 4000; run++) {
    let body = '';
    const length = Math.floor(random() * 6);
    for (let i = 0; i < length; i++) body += units[Math.floor(random() * units.length)];
    const pattern = run % 5 === 0 ? body : `^${body}$`;
    const literal = anchoredLiteral(pattern);
    if (literal === null || !isValidEcmaRegex(pattern)) continue;
    recognised++;
    assert.equal(literal, pattern.slice(1, -1));
    const native = new RegExp(pattern, 'u');
    const compiled = compileSimplePattern(pattern);
    assert.ok(compiled !== null);
    for (const candidate of [literal, body, '', literal + 'x', 'x' + literal, literal.slice(1), literal + literal]) {
      assert.equal(compiled(candidate), native.test(candidate), `${pattern} on ${JSON.stringify(candidate)}`);
    }
  }
  assert.ok(recognised > 500, `only ${recognised} recognised`);
  assert.equal(anchoredLiteral('^$'), '');
  assert.equal(anchoredLiteral('^a\\$'), null);
  assert.equal(anchoredLiteral('a$'), null);
  assert.equal(anchoredLiteral('^a'), null);
  assert.equal(anchoredLiteral('$'), null);
  // beyond parse's position limit the fallback decides, as before
  assert.equal(anchoredLiteral(`^${'a'.repeat(256)}$`), 'a'.repeat(256));
  assert.equal(anchoredLiteral(`^${'a'.repeat(257)}$`), null);
});

test('fastMetaValid with patterns: true only where the meta check and regexProblems both find nothing', () => {
  const random = seededRandom(1919);
  const counts = { fused: 0, metaValidOnly: 0 };
  for (let run = 0; run < 6000; run++) {
    const schema = randomSchema(random, 1 + (run % 5), []);
    for (const dialect of ['2020-12', 'draft-07'] as const) {
      const fused = fastMetaValid(schema, dialect, true);
      const meta = fastMetaValid(schema, dialect);
      const regexFine = regexProblems(schema, dialect).length === 0;
      // the short cut returns [] for a fused true: the full path must have found nothing either
      if (fused) {
        assert.ok(meta && regexFine, `run ${run} ${dialect}`);
        assert.deepEqual(checkSchemaValidity(schema, dialect), []);
        counts.fused++;
      } else if (meta && regexFine) counts.metaValidOnly++;
    }
  }
  // exercised both ways; the fused walk defers only for the other dialect's subschema keywords
  assert.ok(counts.fused > 1000, JSON.stringify(counts));
  assert.ok(counts.metaValidOnly < counts.fused, JSON.stringify(counts));
  // a bad pattern in a subschema the fused walk enters, and in one it does not
  assert.equal(fastMetaValid({ properties: { a: { pattern: '(' } } }, '2020-12', true), false);
  assert.equal(fastMetaValid({ properties: { a: { pattern: 'a+' } } }, '2020-12', true), true);
  assert.equal(fastMetaValid({ patternProperties: { '[': {} } }, '2020-12', true), false);
  assert.equal(fastMetaValid({ $defs: { a: { pattern: '(' } } }, 'draft-07', true), false);
  assert.equal(fastMetaValid({ $defs: { a: { pattern: '(' } } }, 'draft-07'), true);
  assert.equal(checkSchemaValidity({ $defs: { a: { pattern: '(' } } }, 'draft-07').length, 1);
});
