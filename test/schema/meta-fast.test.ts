/**
 * Differential test of the fast meta-schema checker (src/schema/meta-fast.ts)
 * against ajv's meta-schema validation, on thousands of seeded, randomly
 * generated schemas (valid and subtly invalid) in both dialects. The fast
 * checker may only say "certainly valid" when ajv agrees; it defers (false)
 * only where documented (draft-07 `enum` with object/array members), and
 * otherwise its verdict must EQUAL ajv's.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Ajv2020Module from 'ajv/dist/2020.js';
import AjvModule from 'ajv';
import { fastMetaValid } from 'mcpdesc-core/internal/schema/meta-fast.js';
import { checkSchemaValidity, type Dialect } from 'mcpdesc-core/internal/schema/index.js';
import { seededRandom } from 'mcpdesc-core/internal/model/seeded-random.js';

type Validate = (data: unknown) => boolean;
type AjvCtor = new (opts: Record<string, unknown>) => { getSchema(key: string): Validate | undefined };
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as AjvCtor;
const Ajv07 = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as AjvCtor;
const opts = { strict: false, validateFormats: false, validateSchema: false, addUsedSchema: false };
const AJV: Record<Dialect, Validate> = {
  '2020-12': new Ajv2020(opts).getSchema('https://json-schema.org/draft/2020-12/schema')!,
  'draft-07': new Ajv07(opts).getSchema('http://json-schema.org/draft-07/schema')!,
};

type Gen = (r: () => number, depth: number) => unknown;
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const ANY_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, '', 'x', [], [1, 'a'], {}, { a: [1] }, { type: 5 }];

function schema(r: () => number, depth: number): unknown {
  const x = r();
  if (x < 0.12) return r() < 0.5;
  if (x < 0.14) return pick(r, [null, 5, 'x', [], [{}]]); // not a schema
  const out: Record<string, unknown> = {};
  const n = depth > 2 ? Math.floor(r() * 3) : 1 + Math.floor(r() * 5);
  for (let i = 0; i < n; i++) {
    const [key, good, bad] = pick(r, KEYWORDS);
    out[key] = r() < 0.07 ? pick(r, bad) : good(r, depth + 1);
  }
  return out;
}

const schemaArray: Gen = (r, d) => Array.from({ length: 1 + Math.floor(r() * 3) }, () => schema(r, d));
const schemaMap: Gen = (r, d) => {
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(r() * 3); i > 0; i--) {
    // an own "__proto__" property, as JSON.parse / the parser create it
    Object.defineProperty(o, pick(r, ['a', 'b', 'c', '__proto__', '$ref', 'type', '^x+$']), {
      value: schema(r, d),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return o;
};
const str: Gen = (r) => pick(r, ['', 'a', 'hello world', 'https://example.com/s', '#/$defs/a', 'uri-reference']);
const num: Gen = (r) => pick(r, [0, -1, 1, 2.5, -0.5, 1e9, 1.0]);
const nonNeg: Gen = (r) => pick(r, [0, 1, 1.0, 7, 1e6]);
const bool: Gen = (r) => r() < 0.5;
const any: Gen = (r) => pick(r, ANY_VALUES);
const strArr: Gen = (r) =>
  Array.from(new Set(Array.from({ length: Math.floor(r() * 3) }, () => pick(r, ['a', 'b', 'c', 'd']))));
const types = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];
const typeGen: Gen = (r) =>
  r() < 0.6
    ? pick(r, types)
    : Array.from(new Set(Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(r, types))));
const enumGen: Gen = (r) =>
  r() < 0.8
    ? Array.from(
        new Set(Array.from({ length: 1 + Math.floor(r() * 4) }, () => pick(r, ['a', 'b', 1, 2, 0, true, null, 'x y']))),
      )
    : pick(r, [
        [{ a: 1 }, { a: 2 }],
        [[1], [2]],
        [{ a: 1 }, { a: 1 }],
        [[1], [1]],
        ['a', { a: 1 }],
      ]);

const BAD_SCHEMA = [null, 5, 'x', [], [{}], 1.5];
const BAD_NUM = ['1', null, true, [], {}];
const BAD_NONNEG = [-1, 1.5, '1', null, -0.5, true, 1e-9];
const BAD_STR = [5, null, true, [], {}];
const BAD_BOOL = [0, 1, 'true', null];
const BAD_STRARR = ['a', [1], ['a', 'a'], [null], {}, ['a', 'b', 'a']];
const BAD_SCHEMA_ARRAY = [[], {}, 'a', [5], [{}, null], true];
const BAD_MAP = [[], 'a', 5, { a: 5 }, { a: null }, { a: [] }, true];

const KEYWORDS: [string, Gen, unknown[]][] = [
  ['$schema', str, BAD_STR],
  ['$id', (r) => pick(r, ['', 'a', 'https://x/y', 'https://x/y#', 'a#b', '#', '#a']), [5, null, {}]],
  ['$ref', str, BAD_STR],
  ['$comment', str, BAD_STR],
  ['$anchor', (r) => pick(r, ['a', 'A-b.c_1', '_x']), ['1a', '', 'a b', '-a', 5, 'a#']],
  ['$dynamicAnchor', (r) => pick(r, ['meta', 'a']), ['1a', 5]],
  ['$dynamicRef', str, BAD_STR],
  ['$recursiveAnchor', (r) => pick(r, ['a', 'b']), [true, '9']],
  ['$recursiveRef', str, BAD_STR],
  ['$vocabulary', (r) => (r() < 0.5 ? {} : { 'https://x': r() < 0.5 }), [{ x: 1 }, [], 'x']],
  ['$defs', schemaMap, BAD_MAP],
  ['definitions', schemaMap, BAD_MAP],
  ['title', str, BAD_STR],
  ['description', str, BAD_STR],
  ['default', any, []],
  ['const', any, []],
  ['examples', (r) => pick(r, [[], [1], [{}, 'a']]), [{}, 'a', 1, null]],
  ['readOnly', bool, BAD_BOOL],
  ['writeOnly', bool, BAD_BOOL],
  ['deprecated', bool, BAD_BOOL],
  ['type', typeGen, ['strng', [], ['string', 'string'], ['string', 5], 5, null, ['Integer']]],
  ['enum', enumGen, [[], [1, 1], ['a', 'a'], 5, 'a', {}]],
  ['multipleOf', (r) => pick(r, [1, 0.5, 2, 1e-3]), [0, -1, '2', null]],
  ['maximum', num, BAD_NUM],
  ['minimum', num, BAD_NUM],
  ['exclusiveMaximum', num, BAD_NUM.concat([true])],
  ['exclusiveMinimum', num, BAD_NUM],
  ['minLength', nonNeg, BAD_NONNEG],
  ['maxLength', nonNeg, BAD_NONNEG],
  ['pattern', (r) => pick(r, ['^a$', 'x+', '']), BAD_STR],
  ['format', (r) => pick(r, ['email', 'uri', 'bogus']), BAD_STR],
  ['minItems', nonNeg, BAD_NONNEG],
  ['maxItems', nonNeg, BAD_NONNEG],
  ['uniqueItems', bool, BAD_BOOL],
  ['minContains', nonNeg, BAD_NONNEG],
  ['maxContains', nonNeg, BAD_NONNEG],
  ['minProperties', nonNeg, BAD_NONNEG],
  ['maxProperties', nonNeg, BAD_NONNEG],
  ['required', strArr, BAD_STRARR],
  ['dependentRequired', (r) => ({ a: strArr(r, 0) }), [{ a: ['b', 'b'] }, { a: 'b' }, [], { a: [1] }]],
  ['properties', schemaMap, BAD_MAP],
  ['patternProperties', schemaMap, BAD_MAP],
  ['additionalProperties', schema, BAD_SCHEMA],
  ['propertyNames', schema, BAD_SCHEMA],
  ['dependentSchemas', schemaMap, BAD_MAP],
  [
    'dependencies',
    (r, d) => (r() < 0.5 ? { a: strArr(r, d) } : { a: schema(r, d) }),
    [{ a: ['b', 'b'] }, { a: 5 }, { a: [1] }, [], { a: null }],
  ],
  ['items', (r, d) => (r() < 0.75 ? schema(r, d) : schemaArray(r, d)), [[], null, 5, 'a']],
  ['prefixItems', schemaArray, BAD_SCHEMA_ARRAY],
  ['additionalItems', schema, BAD_SCHEMA],
  ['contains', schema, BAD_SCHEMA],
  ['unevaluatedItems', schema, BAD_SCHEMA],
  ['unevaluatedProperties', schema, BAD_SCHEMA],
  ['allOf', schemaArray, BAD_SCHEMA_ARRAY],
  ['anyOf', schemaArray, BAD_SCHEMA_ARRAY],
  ['oneOf', schemaArray, BAD_SCHEMA_ARRAY],
  ['not', schema, BAD_SCHEMA],
  ['if', schema, BAD_SCHEMA],
  ['then', schema, BAD_SCHEMA],
  ['else', schema, BAD_SCHEMA],
  ['contentMediaType', str, BAD_STR],
  ['contentEncoding', str, BAD_STR],
  ['contentSchema', schema, BAD_SCHEMA],
  ['x-mcp-header', any, []],
  ['unknownKeyword', schema, BAD_SCHEMA],
];

/** Draft-07 enums with object/array members are deliberately left to ajv. */
function hasStructuredEnum(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasStructuredEnum);
  if (typeof v !== 'object' || v === null) return false;
  for (const [k, x] of Object.entries(v)) {
    if (k === 'enum' && Array.isArray(x) && x.some((m) => typeof m === 'object' && m !== null)) return true;
    if (hasStructuredEnum(x)) return true;
  }
  return false;
}

test('fast meta-validation verdict equals ajv on generated schemas (both dialects)', () => {
  const r = seededRandom(0xc0ffee);
  const stats: Record<Dialect, { valid: number; invalid: number; deferred: number }> = {
    '2020-12': { valid: 0, invalid: 0, deferred: 0 },
    'draft-07': { valid: 0, invalid: 0, deferred: 0 },
  };
  for (let k = 0; k < 8000; k++) {
    const s = schema(r, 0);
    for (const d of ['2020-12', 'draft-07'] as Dialect[]) {
      const want = AJV[d](s);
      const fast = fastMetaValid(s, d);
      const msg = `${d} ${JSON.stringify(s)}: ajv ${want}, fast ${fast}`;
      if (fast) assert.equal(want, true, msg); // never accept what ajv rejects
      if (fast !== want) {
        assert.ok(d === 'draft-07' && hasStructuredEnum(s), msg);
        stats[d].deferred++;
      }
      if (want) stats[d].valid++;
      else stats[d].invalid++;
      // the public verdict (ignoring the separate regex check: generated patterns are valid)
      assert.equal(checkSchemaValidity(s, d).length === 0, want, msg);
    }
  }
  for (const d of ['2020-12', 'draft-07'] as Dialect[]) {
    const { valid, invalid, deferred } = stats[d];
    assert.ok(valid > 2000 && invalid > 2000, `${d}: ${JSON.stringify(stats[d])}`);
    assert.ok(deferred < valid / 20, `${d}: ${JSON.stringify(stats[d])}`);
  }
});

test('fast meta-validation: documented edge cases equal ajv', () => {
  const cases: unknown[] = [
    {},
    true,
    false,
    null,
    [],
    5,
    { minLength: 1.0 },
    { minLength: 1.5 },
    { minLength: -0 },
    { type: [] },
    { type: ['string', 'string'] },
    { required: [] },
    { required: ['a', 'a'] },
    { enum: [] },
    { enum: [1, 1] },
    { enum: [{ a: 1 }, { a: 1 }] },
    { enum: [[1], [1, 2]] },
    { items: [] },
    { items: [{}] },
    { prefixItems: [] },
    { $id: 'a#' },
    { $id: 'a#b' },
    { $anchor: 'a:b' },
    { $anchor: 'é' },
    { multipleOf: 0 },
    { dependencies: { a: [] } },
    { dependencies: { a: true } },
    { dependencies: { a: ['b', 'b'] } },
    { properties: { __proto__: 5 } },
    JSON.parse('{"properties":{"__proto__":5}}'),
    JSON.parse('{"__proto__":{"type":5}}'),
    { additionalItems: 5 },
    { unevaluatedProperties: 5 },
    { $defs: { a: 5 } },
    { definitions: { a: 5 } },
    { writeOnly: 1 },
    { deprecated: 1 },
    { contentSchema: 5 },
    { $vocabulary: { a: 1 } },
    { format: 5 },
    { pattern: 5 },
    { examples: {} },
    { exclusiveMinimum: true },
  ];
  for (const s of cases) {
    for (const d of ['2020-12', 'draft-07'] as Dialect[]) {
      const want = AJV[d](s);
      const fast = fastMetaValid(s, d);
      if (d === 'draft-07' && hasStructuredEnum(s)) assert.ok(!fast || want, JSON.stringify(s));
      else assert.equal(fast, want, `${d} ${JSON.stringify(s)}`);
    }
  }
  // very deep schemas are left to ajv (which reports them as before)
  let deep: unknown = {};
  for (let i = 0; i < 500; i++) deep = { not: deep };
  assert.equal(fastMetaValid(deep, '2020-12'), false);
});
