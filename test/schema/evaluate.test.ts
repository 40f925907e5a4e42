import assert from 'node:assert/strict';
import { test } from 'node:test';
import net from 'node:net';
import {
  createEvaluator,
  evaluate,
  findExternalRefs,
  type Dialect,
  type EvaluationResult,
} from 'mcpdesc-core/internal/schema/index.js';

type Case = [name: string, schema: unknown, valid: unknown, invalid: unknown, pointer: string, keyword: string];

// One row per keyword: a valid instance, an invalid one, and the expected failure location.
const CASES: Case[] = [
  ['type string', { type: 'string' }, 'x', 1, '', 'type'],
  ['type integer (1.0 is an integer)', { type: 'integer' }, 1.0, 1.5, '', 'type'],
  ['type array of types', { type: ['string', 'null'] }, null, 1, '', 'type'],
  ['type number excludes strings', { type: 'number' }, 2.5, '2.5', '', 'type'],
  ['enum deep', { enum: [{ a: [1, 2] }, 'x'] }, { a: [1, 2] }, { a: [2, 1] }, '', 'enum'],
  [
    'const deep, key order irrelevant',
    { const: { a: 1, b: [true, null] } },
    { b: [true, null], a: 1.0 },
    { a: 1, b: [true] },
    '',
    'const',
  ],
  ['multipleOf float-safe', { multipleOf: 0.1 }, 0.3, 0.35, '', 'multipleOf'],
  ['multipleOf integer', { multipleOf: 3 }, 9, 10, '', 'multipleOf'],
  ['maximum', { maximum: 3 }, 3, 3.5, '', 'maximum'],
  ['exclusiveMaximum', { exclusiveMaximum: 3 }, 2.9, 3, '', 'exclusiveMaximum'],
  ['minimum', { minimum: 3 }, 3, 2, '', 'minimum'],
  ['exclusiveMinimum', { exclusiveMinimum: 3 }, 3.1, 3, '', 'exclusiveMinimum'],
  ['maxLength counts code points', { maxLength: 2 }, '😀😀', 'abc', '', 'maxLength'],
  ['minLength counts code points', { minLength: 2 }, 'ab', '😀', '', 'minLength'],
  ['pattern unanchored', { pattern: 'b+' }, 'abbc', 'ac', '', 'pattern'],
  ['pattern \\d and $', { pattern: '^\\d{3}$' }, '123', '123\n', '', 'pattern'],
  ['pattern \\w ASCII', { pattern: '^\\w+$' }, 'a_1', 'é', '', 'pattern'],
  ['pattern unicode property', { pattern: '^\\p{L}+$' }, 'héllo', 'h3', '', 'pattern'],
  ['pattern dot excludes line terminators', { pattern: '^.$' }, '😀', '\u2028', '', 'pattern'],
  ['pattern \\s unicode whitespace', { pattern: '^\\s$' }, '\u00a0', 'x', '', 'pattern'],
  ['maxItems', { maxItems: 1 }, [1], [1, 2], '', 'maxItems'],
  ['minItems', { minItems: 1 }, [1], [], '', 'minItems'],
  ['uniqueItems deep', { uniqueItems: true }, [{ a: 1 }, { a: 2 }, 1, '1'], [{ a: 1 }, { a: 1.0 }], '', 'uniqueItems'],
  ['contains', { contains: { type: 'string' } }, [1, 'a'], [1, 2], '', 'contains'],
  ['minContains', { contains: { type: 'string' }, minContains: 2 }, ['a', 'b'], ['a', 1], '', 'minContains'],
  ['maxContains', { contains: { type: 'string' }, maxContains: 1 }, ['a', 1], ['a', 'b'], '', 'maxContains'],
  ['maxProperties', { maxProperties: 1 }, { a: 1 }, { a: 1, b: 2 }, '', 'maxProperties'],
  ['minProperties', { minProperties: 1 }, { a: 1 }, {}, '', 'minProperties'],
  ['required', { required: ['a'] }, { a: 1 }, { b: 1 }, '', 'required'],
  ['dependentRequired', { dependentRequired: { a: ['b'] } }, { a: 1, b: 2 }, { a: 1 }, '', 'dependentRequired'],
  ['dependentSchemas', { dependentSchemas: { a: { required: ['b'] } } }, { c: 1 }, { a: 1 }, '', 'required'],
  ['properties', { properties: { a: { type: 'string' } } }, { a: 'x' }, { a: 1 }, '/a', 'type'],
  [
    'properties with escaped name',
    { properties: { 'a/b~c': { type: 'string' } } },
    { 'a/b~c': 'x' },
    { 'a/b~c': 1 },
    '/a~1b~0c',
    'type',
  ],
  [
    'patternProperties',
    { patternProperties: { '^x-': { type: 'string' } } },
    { 'x-a': 'v', y: 1 },
    { 'x-a': 1 },
    '/x-a',
    'type',
  ],
  [
    'additionalProperties false',
    { properties: { a: {} }, patternProperties: { '^x': {} }, additionalProperties: false },
    { a: 1, xy: 2 },
    { a: 1, b: 2 },
    '/b',
    'additionalProperties',
  ],
  ['additionalProperties schema', { additionalProperties: { type: 'number' } }, { a: 1 }, { a: 'x' }, '/a', 'type'],
  ['propertyNames', { propertyNames: { maxLength: 2 } }, { ab: 1 }, { abc: 1 }, '/abc', 'propertyNames'],
  ['items (2020-12 schema form)', { items: { type: 'number' } }, [1, 2], [1, 'x'], '/1', 'type'],
  ['prefixItems + items false', { prefixItems: [{ type: 'string' }], items: false }, ['a'], ['a', 1], '', 'items'],
  ['prefixItems', { prefixItems: [{ type: 'string' }, { type: 'number' }] }, ['a', 1, null], ['a', 'b'], '/1', 'type'],
  ['allOf', { allOf: [{ minimum: 1 }, { maximum: 3 }] }, 2, 4, '', 'maximum'],
  ['anyOf', { anyOf: [{ type: 'string' }, { type: 'number' }] }, 1, null, '', 'anyOf'],
  ['oneOf', { oneOf: [{ minimum: 1 }, { maximum: 3 }] }, 5, 2, '', 'oneOf'],
  ['not', { not: { type: 'string' } }, 1, 'x', '', 'not'],
  [
    'if/then',
    { if: { properties: { a: { const: 1 } } }, then: { required: ['b'] } },
    { a: 2 },
    { a: 1 },
    '',
    'required',
  ],
  ['if/else', { if: { type: 'string' }, then: { minLength: 1 }, else: { type: 'number' } }, 1, null, '', 'type'],
  ['false schema', false, undefined, 1, '', 'false'],
  ['true schema in properties', { properties: { a: true, b: false } }, { a: 1 }, { b: 1 }, '/b', 'false'],
  [
    'unevaluatedProperties with allOf',
    { allOf: [{ properties: { a: true } }], unevaluatedProperties: false },
    { a: 1 },
    { a: 1, b: 1 },
    '/b',
    'unevaluatedProperties',
  ],
  [
    'unevaluatedProperties with if/then',
    {
      if: { required: ['kind'], properties: { kind: { const: 'x' } } },
      then: { properties: { x: true } },
      properties: { kind: true },
      unevaluatedProperties: false,
    },
    { kind: 'x', x: 1 },
    { kind: 'y', x: 1 },
    '/x',
    'unevaluatedProperties',
  ],
  [
    'unevaluatedProperties ignores failed anyOf branches',
    {
      anyOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: true } }],
      unevaluatedProperties: false,
    },
    { a: 'x' },
    { a: 1, b: 1 },
    '/a',
    'unevaluatedProperties',
  ],
  [
    'unevaluatedProperties through $ref',
    { $defs: { base: { properties: { a: true } } }, $ref: '#/$defs/base', unevaluatedProperties: false },
    { a: 1 },
    { a: 1, z: 1 },
    '/z',
    'unevaluatedProperties',
  ],
  [
    'unevaluatedItems',
    { prefixItems: [{ type: 'string' }], unevaluatedItems: false },
    ['a'],
    ['a', 1],
    '/1',
    'unevaluatedItems',
  ],
  [
    'unevaluatedItems with contains',
    { contains: { type: 'string' }, unevaluatedItems: { type: 'number' } },
    ['a', 1, 'b'],
    ['a', null],
    '/1',
    'unevaluatedItems',
  ],
  [
    '$ref to $defs',
    { $defs: { s: { type: 'string' } }, properties: { a: { $ref: '#/$defs/s' } } },
    { a: 'x' },
    { a: 1 },
    '/a',
    'type',
  ],
  [
    '$ref with ~0/~1 and percent-encoding',
    {
      $defs: { 'a/b': { type: 'string' }, 'c%d': { type: 'number' }, 'e~f': { type: 'null' } },
      allOf: [{ $ref: '#/$defs/a~1b' }, { not: { $ref: '#/$defs/c%25d' } }, { not: { $ref: '#/$defs/e~0f' } }],
    },
    'x',
    1,
    '',
    'type',
  ],
  ['$ref to $anchor', { $defs: { x: { $anchor: 'pos', minimum: 0 } }, $ref: '#pos' }, 1, -1, '', 'minimum'],
  [
    '$ref to embedded $id resource',
    {
      $id: 'https://example.com/root.json',
      $defs: { x: { $id: 'item.json', type: 'integer' } },
      items: { $ref: 'item.json' },
    },
    [1],
    [1.5],
    '/0',
    'type',
  ],
  [
    '$ref relative $id resolution with nested base',
    {
      $id: 'https://example.com/a/root.json',
      $defs: { x: { $id: 'sub/', $defs: { y: { $id: 'leaf.json', type: 'string' } } } },
      $ref: 'https://example.com/a/sub/leaf.json',
    },
    'x',
    1,
    '',
    'type',
  ],
  [
    '$ref siblings apply in 2020-12',
    { $defs: { s: { type: 'string' } }, $ref: '#/$defs/s', maxLength: 2 },
    'ab',
    'abc',
    '',
    'maxLength',
  ],
  [
    'recursive $ref tree',
    { type: 'object', properties: { children: { type: 'array', items: { $ref: '#' } }, v: { type: 'number' } } },
    { children: [{ children: [{ v: 1 }] }] },
    { children: [{ children: [{ v: 'x' }] }] },
    '/children/0/children/0/v',
    'type',
  ],
  [
    '$dynamicRef',
    {
      $id: 'https://example.com/list',
      $defs: { items: { $dynamicAnchor: 'items', type: 'string' } },
      type: 'array',
      items: { $dynamicRef: '#items' },
    },
    ['a'],
    [1],
    '/0',
    'type',
  ],
  ['format is annotation by default', { format: 'email' }, 'not an email', 1.5, '', '__none__'],
];

function failures(r: EvaluationResult): string {
  return JSON.stringify(r);
}

test('keyword table (2020-12): valid and invalid instances', () => {
  for (const [name, schema, valid, invalid, pointer, keyword] of CASES) {
    if (valid !== undefined) {
      const r = evaluate(schema, valid, '2020-12');
      assert.equal(r.valid, true, `${name}: expected valid: ${failures(r)}`);
      assert.equal(r.incomplete, undefined, `${name}: ${failures(r)}`);
    }
    if (keyword === '__none__') continue;
    const r = evaluate(schema, invalid, '2020-12');
    assert.equal(r.valid, false, `${name}: expected invalid: ${failures(r)}`);
    assert.equal(r.incomplete, undefined, `${name}: ${failures(r)}`);
    assert.ok(
      r.errors.some((e) => e.instancePointer === pointer && e.keyword === keyword),
      `${name}: expected error at "${pointer}" keyword ${keyword}: ${failures(r)}`,
    );
    for (const e of r.errors) assert.ok(e.schemaPointer.startsWith('/') || e.schemaPointer === '', name);
  }
});

test('unevaluatedItems sees contains annotations (2020-12 §11.2)', () => {
  const schema = {
    allOf: [{ contains: { multipleOf: 2 } }, { contains: { multipleOf: 3 } }],
    unevaluatedItems: { multipleOf: 5 },
  };
  assert.equal(evaluate(schema, [2, 3, 4, 5, 6], '2020-12').valid, true);
  const r = evaluate(schema, [2, 3, 4, 7, 8], '2020-12');
  assert.equal(r.valid, false);
  assert.ok(r.errors.some((e) => e.instancePointer === '/3' && e.keyword === 'unevaluatedItems'));
});

test('createEvaluator re-validates against the same schema', () => {
  const ev = createEvaluator(
    { type: 'object', properties: { a: { $ref: '#/$defs/n' } }, $defs: { n: { type: 'number' } } },
    '2020-12',
  );
  for (let i = 0; i < 100; i++) {
    assert.equal(ev.validate({ a: i }).valid, true);
    assert.equal(ev.validate({ a: String(i) }).valid, false);
  }
  assert.equal(ev.dialect, '2020-12');
});

test('error schemaPointer follows the evaluation path', () => {
  const r = evaluate(
    { properties: { a: { $ref: '#/$defs/s' } }, $defs: { s: { type: 'string' } } },
    { a: 1 },
    '2020-12',
  );
  assert.deepEqual(r.errors, [
    { instancePointer: '/a', schemaPointer: '/properties/a/$ref/type', keyword: 'type', message: 'must be string' },
  ]);
});

test('draft-07 vs 2020-12 differences', () => {
  const tuple = { items: [{ type: 'string' }], additionalItems: { type: 'number' } };
  assert.equal(evaluate(tuple, ['a', 1], 'draft-07').valid, true);
  const r = evaluate(tuple, ['a', 'b'], 'draft-07');
  assert.equal(r.valid, false);
  assert.equal(r.errors[0]?.instancePointer, '/1');
  assert.equal(
    evaluate({ items: [{ type: 'string' }], additionalItems: false }, ['a', 1], 'draft-07').errors[0]?.keyword,
    'additionalItems',
  );
  // prefixItems is not a draft-07 keyword
  assert.equal(evaluate({ prefixItems: [{ type: 'string' }] }, [1], 'draft-07').valid, true);
  // $ref siblings are ignored in draft-07, applied in 2020-12
  const withSibling = { definitions: { s: { type: 'string' } }, $ref: '#/definitions/s', maxLength: 1 };
  assert.equal(evaluate(withSibling, 'abc', 'draft-07').valid, true);
  assert.equal(evaluate(withSibling, 'abc', '2020-12').valid, false);
  // dependencies (array and schema forms)
  const deps = { dependencies: { a: ['b'], c: { required: ['d'] } } };
  assert.equal(evaluate(deps, { a: 1, b: 1, c: 1, d: 1 }, 'draft-07').valid, true);
  assert.equal(evaluate(deps, { a: 1 }, 'draft-07').errors[0]?.keyword, 'dependencies');
  assert.equal(evaluate(deps, { c: 1 }, 'draft-07').errors[0]?.keyword, 'required');
  // unevaluatedProperties / minContains / dependentRequired are not draft-07 keywords
  assert.equal(evaluate({ unevaluatedProperties: false }, { a: 1 }, 'draft-07').valid, true);
  assert.equal(evaluate({ contains: { const: 1 }, minContains: 3 }, [1], 'draft-07').valid, true);
  assert.equal(evaluate({ dependentRequired: { a: ['b'] } }, { a: 1 }, 'draft-07').valid, true);
  // draft-07 plain-name $id anchors
  const anchor = { definitions: { x: { $id: '#num', type: 'number' } }, properties: { a: { $ref: '#num' } } };
  assert.equal(evaluate(anchor, { a: 1 }, 'draft-07').valid, true);
  assert.equal(evaluate(anchor, { a: 'x' }, 'draft-07').valid, false);
  // items schema form applies to all items in draft-07
  assert.equal(evaluate({ items: { type: 'number' } }, [1, 'x'], 'draft-07').valid, false);
});

test('format assertion is opt-in', () => {
  const cases: [string, string, string][] = [
    ['date-time', '2024-02-29T12:00:00Z', '2023-02-29T12:00:00Z'],
    ['date', '2024-01-31', '2024-13-01'],
    ['time', '23:59:60Z', '24:00:00Z'],
    ['email', 'a.b@example.com', 'a@@b'],
    ['uri', 'https://example.com/a?b#c', 'not a uri'],
    ['uuid', '123e4567-e89b-12d3-a456-426614174000', '123e4567e89b12d3a456426614174000x'],
    ['ipv4', '192.168.0.1', '256.1.1.1'],
    ['ipv6', '::ffff:192.168.0.1', '1:2:3:4:5:6:7:8:9'],
  ];
  for (const [format, good, bad] of cases) {
    assert.equal(evaluate({ format }, bad, '2020-12').valid, true, format);
    assert.equal(evaluate({ format }, good, '2020-12', { formats: true }).valid, true, `${format} ${good}`);
    const r = evaluate({ format }, bad, '2020-12', { formats: true });
    assert.equal(r.valid, false, `${format} ${bad}`);
    assert.equal(r.errors[0]?.keyword, 'format');
  }
  assert.equal(evaluate({ format: 'hostname' }, '!!', '2020-12', { formats: true }).valid, true);
});

test('ReDoS pattern is evaluated in linear time', () => {
  const t0 = Date.now();
  const r = evaluate({ pattern: '(a+)+$' }, 'a'.repeat(40) + '!', '2020-12');
  const ms = Date.now() - t0;
  assert.ok(ms < 1000, `took ${ms} ms`);
  assert.equal(r.valid, false);
  const t1 = Date.now();
  evaluate(
    { type: 'object', patternProperties: { '^(a|a)*$': true }, additionalProperties: false },
    { ['a'.repeat(50000) + '!']: 1 },
    '2020-12',
  );
  assert.ok(Date.now() - t1 < 1000);
});

test('patterns RE2 cannot run are incomplete, never run natively', () => {
  for (const p of ['^(?=.*\\d)', '(a)\\1', '(?<!x)y', '(?<n>a)\\k<n>']) {
    const r = evaluate({ pattern: p }, 'zzz', '2020-12');
    assert.equal(r.valid, true, p);
    assert.ok(
      r.incomplete?.some((m) => m.includes(JSON.stringify(p))),
      `${p}: ${JSON.stringify(r)}`,
    );
  }
  const r = evaluate(
    { patternProperties: { '(?=x)': { type: 'string' } }, additionalProperties: false },
    { x: 1 },
    '2020-12',
  );
  assert.ok(r.incomplete !== undefined && r.incomplete.length >= 1);
});

test('budget exhaustion and recursion loops return incomplete, never overflow the stack', () => {
  for (const schema of [
    { $ref: '#' },
    { allOf: [{ $ref: '#' }] },
    { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' },
  ]) {
    const r = evaluate(schema, 1, '2020-12');
    assert.equal(r.valid, false);
    assert.ok(r.incomplete?.[0]?.startsWith('evaluation budget exceeded'), JSON.stringify(r));
  }
  // deep instance against a recursive schema
  let deep: unknown = 1;
  for (let i = 0; i < 100000; i++) deep = [deep];
  const r = evaluate({ items: { $ref: '#' } }, deep, '2020-12');
  assert.ok(r.incomplete?.[0]?.startsWith('evaluation budget exceeded'));
  assert.equal(
    evaluate({ items: { $ref: '#' } }, deep, '2020-12', { maxDepth: 100000 }).incomplete?.[0]?.startsWith(
      'evaluation budget exceeded',
    ),
    true,
  );
  // deep const comparison does not recurse
  assert.equal(evaluate({ const: deep }, deep, '2020-12').valid, true);
  // step budget
  const big = Array.from({ length: 5000 }, (_, i) => ({ a: i }));
  const r2 = evaluate({ items: { properties: { a: { type: 'number', minimum: 0 } } } }, big, '2020-12', {
    maxSteps: 1000,
  });
  assert.ok(r2.incomplete?.[0]?.startsWith('evaluation budget exceeded'));
  assert.equal(evaluate({ items: { properties: { a: { type: 'number' } } } }, big, '2020-12').valid, true);
  // quadratic uniqueItems over objects is bounded
  const objs = Array.from({ length: 20000 }, (_, i) => ({ i }));
  const t0 = Date.now();
  const r3 = evaluate({ uniqueItems: true }, objs, '2020-12');
  assert.ok(Date.now() - t0 < 2000);
  assert.ok(r3.incomplete?.[0]?.startsWith('evaluation budget exceeded'));
});

test('external $ref is never fetched: incomplete, no connection', async () => {
  let connections = 0;
  const server = net.createServer((sock) => {
    connections++;
    sock.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  try {
    const url = `http://127.0.0.1:${port}/schema.json`;
    const schema = { type: 'object', properties: { a: { $ref: url }, b: { $ref: 'other.json#/defs/x' } } };
    const r = evaluate(schema, { a: 1, b: 2 }, '2020-12');
    assert.equal(r.valid, true);
    assert.ok(r.incomplete?.some((m) => m.includes(url)));
    assert.ok(r.incomplete?.some((m) => m.includes('other.json')));
    const d7 = evaluate(schema, { a: 1 }, 'draft-07');
    assert.ok(d7.incomplete?.some((m) => m.includes(url)));
    assert.deepEqual(findExternalRefs(schema), [
      { pointer: '/properties/a', ref: url },
      { pointer: '/properties/b', ref: 'other.json#/defs/x' },
    ]);
    // failures elsewhere still count
    assert.equal(evaluate({ ...schema, required: ['c'] }, { a: 1 }, '2020-12').valid, false);
    await new Promise((r2) => setTimeout(r2, 100));
    assert.equal(connections, 0);
  } finally {
    server.close();
  }
});

test('findExternalRefs ignores local references', () => {
  assert.deepEqual(findExternalRefs({ $defs: { a: {} }, $ref: '#/$defs/a', items: { $ref: '#' } }), []);
  assert.deepEqual(
    findExternalRefs({ $id: 'https://x.test/r.json', $defs: { a: { $id: 'a.json' } }, $ref: 'a.json' }),
    [],
  );
  assert.deepEqual(findExternalRefs({ $id: 'https://x.test/r.json', $ref: 'b.json' }), [
    { pointer: '', ref: 'b.json' },
  ]);
});

test('never throws on garbage schemas or instances', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic['properties'] = { a: cyclic };
  const schemas: unknown[] = [
    null,
    5,
    'x',
    [],
    [1],
    { type: 5 },
    { type: [1, {}] },
    { properties: [] },
    { required: 'a' },
    { enum: 5 },
    { minLength: 'x' },
    { pattern: '[' },
    { pattern: 5 },
    { patternProperties: { '(': {} } },
    { $ref: 5 },
    { $ref: '#/nope' },
    { $ref: '#nope' },
    { $ref: 'http://[bad' },
    { $ref: '%%%' },
    { $id: 5, $ref: '#' },
    { $id: 'http://[x' },
    { items: [1, 2] },
    { allOf: 'x' },
    { anyOf: [5] },
    { not: 5 },
    { if: 5, then: 5 },
    { multipleOf: 0 },
    { multipleOf: -1 },
    { multipleOf: 1e-320 },
    { dependentSchemas: { a: 5 } },
    { $dynamicRef: '#x' },
    { $dynamicRef: 5 },
    cyclic,
    { contains: {}, minContains: 'x' },
    { const: undefined },
    { unevaluatedProperties: 5 },
    { format: 5 },
  ];
  const instances: unknown[] = [
    null,
    0,
    -0,
    1e308,
    'x',
    [],
    [1, [2]],
    { a: { a: { a: 1 } } },
    { ['__proto__']: 1 },
    undefined,
    NaN,
    Infinity,
  ];
  for (const d of ['2020-12', 'draft-07'] as Dialect[]) {
    for (const s of schemas) {
      for (const i of instances) {
        const r = evaluate(s, i, d);
        assert.equal(typeof r.valid, 'boolean');
        assert.ok(Array.isArray(r.errors));
      }
    }
  }
  assert.equal(evaluate({ multipleOf: 0.123456789 }, 1e308, '2020-12').valid, false);
  assert.equal(evaluate({ multipleOf: 1e-8 }, 12391239123, '2020-12').valid, true);
});

test("the dialect's own meta-schema is known by URI, never fetched", () => {
  const byDialect: [Dialect, string][] = [
    ['2020-12', 'https://json-schema.org/draft/2020-12/schema'],
    ['draft-07', 'http://json-schema.org/draft-07/schema#'],
  ];
  for (const [dialect, uri] of byDialect) {
    const schema = { properties: { nested: { $ref: uri } } };
    const good = evaluate(schema, { nested: { type: 'string' } }, dialect);
    assert.deepEqual([good.valid, good.incomplete], [true, undefined], dialect);
    const bad = evaluate(schema, { nested: { type: 12 } }, dialect);
    assert.deepEqual([bad.valid, bad.incomplete], [false, undefined], dialect);
    assert.deepEqual(findExternalRefs(schema, dialect), [], dialect);
  }
});
