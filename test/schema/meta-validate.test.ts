import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSchemaValidity, type Dialect } from 'mcpdesc-core/internal/schema/index.js';

const dialects: Dialect[] = ['2020-12', 'draft-07'];

function has(problems: { pointer: string; keyword: string }[], pointer: string, keyword: string): boolean {
  return problems.some((p) => p.pointer === pointer && p.keyword === keyword);
}

test('valid schemas have no problems in both dialects', () => {
  for (const d of dialects) {
    assert.deepEqual(checkSchemaValidity({}, d), []);
    assert.deepEqual(checkSchemaValidity(true, d), []);
    assert.deepEqual(
      checkSchemaValidity(
        {
          type: 'object',
          properties: { a: { type: 'string', pattern: '^\\d+$' } },
          required: ['a'],
          additionalProperties: false,
          'x-mcp-header': 'X',
        },
        d,
      ),
      [],
    );
  }
});

test('invalid keyword values are reported with pointers (both dialects)', () => {
  const cases: [unknown, string, string][] = [
    [{ type: 5 }, '/type', 'type'],
    [{ minLength: -1 }, '/minLength', 'minLength'],
    [{ properties: [] }, '/properties', 'properties'],
    [{ required: 'a' }, '/required', 'required'],
    [{ properties: { a: { type: 'strng' } } }, '/properties/a/type', 'type'],
    [{ items: { maxItems: 1.5 } }, '/items/maxItems', 'maxItems'],
    [{ allOf: [{}, { enum: 'x' }] }, '/allOf/1/enum', 'enum'],
    [{ anyOf: [] }, '/anyOf', 'anyOf'],
    [{ properties: { a: 5 } }, '/properties/a', 'properties'],
    [5, '', 'type'],
  ];
  for (const d of dialects) {
    for (const [schema, pointer, keyword] of cases) {
      const problems = checkSchemaValidity(schema, d);
      assert.ok(has(problems, pointer, keyword), `${d} ${JSON.stringify(schema)} → ${JSON.stringify(problems)}`);
      for (const p of problems) assert.equal(typeof p.message, 'string');
    }
  }
});

test('dialect differences: items array form is draft-07 only; $defs/definitions', () => {
  assert.deepEqual(checkSchemaValidity({ items: [{ type: 'string' }] }, 'draft-07'), []);
  assert.ok(has(checkSchemaValidity({ items: [{ type: 'string' }] }, '2020-12'), '/items', 'items'));
  assert.deepEqual(checkSchemaValidity({ prefixItems: [{ type: 'string' }], items: false }, '2020-12'), []);
  assert.ok(has(checkSchemaValidity({ $defs: { a: { type: 1 } } }, '2020-12'), '/$defs/a/type', 'type'));
  assert.ok(has(checkSchemaValidity({ definitions: { a: { type: 1 } } }, 'draft-07'), '/definitions/a/type', 'type'));
});

test('invalid regexes in pattern and patternProperties', () => {
  for (const d of dialects) {
    assert.ok(has(checkSchemaValidity({ pattern: '[' }, d), '/pattern', 'pattern'));
    assert.ok(
      has(checkSchemaValidity({ properties: { a: { pattern: '(?<n' } } }, d), '/properties/a/pattern', 'pattern'),
    );
    assert.ok(
      has(checkSchemaValidity({ patternProperties: { '(': {} } }, d), '/patternProperties', 'patternProperties'),
    );
    // \d and lookahead are valid ECMA-262 even when not RE2-evaluable
    assert.deepEqual(checkSchemaValidity({ pattern: '^(?=a)\\d+$' }, d), []);
    // an invalid identity escape under the u flag
    assert.ok(has(checkSchemaValidity({ pattern: '\\q' }, d), '/pattern', 'pattern'));
  }
});

test('never throws on garbage or hostile input', () => {
  let deep: unknown = {};
  for (let i = 0; i < 20000; i++) deep = { not: deep };
  const cyclic: Record<string, unknown> = { type: 'object' };
  cyclic['properties'] = { self: cyclic };
  const garbage: unknown[] = [
    undefined,
    null,
    NaN,
    Symbol('x'),
    () => 1,
    [1, 2],
    'str',
    { type: { toString: 1 } },
    deep,
    cyclic,
    { __proto__: { type: 5 } },
  ];
  for (const d of dialects) {
    for (const g of garbage) {
      const r = checkSchemaValidity(g, d);
      assert.ok(Array.isArray(r));
    }
    assert.ok(checkSchemaValidity(deep, d).length > 0);
  }
});
