/**
 * The lint rules' lazy subschema walk against the schema engine's own traversal: the same nodes
 * in the same order, each with the pointer forEachSubschema gives it, to the same depth bound.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachSubschemaLazily } from 'mcpdesc-core/internal/lint/schema-walk.js';
import { forEachSubschema } from 'mcpdesc-core/internal/schema/keywords.js';

function visits(walk: (fn: (schema: object, pointer: string) => void) => void): [object, string][] {
  const out: [object, string][] = [];
  walk((schema, pointer) => out.push([schema, pointer]));
  return out;
}

const schemas: unknown[] = [
  {
    type: 'object',
    properties: { 'a/b': { type: 'string' }, 'c~d': { items: [{ type: 'x' }, true, { $ref: '#' }] } },
    patternProperties: { '^x': { not: { type: 'null' } } },
    $defs: { inner: { anyOf: [{ const: 1 }, { allOf: [{ if: {}, then: {}, else: {} }] }] } },
    additionalProperties: false,
    prefixItems: [{}, {}],
    items: { contains: {} },
    dependentSchemas: { k: {} },
    enum: [{ type: 'object' }], // data, not a subschema
    default: { properties: { hidden: {} } },
  },
  true,
  'not a schema',
];

// A chain deeper than the bound: both stop at the same depth.
let deep: Record<string, unknown> = {};
const root = deep;
for (let i = 0; i < 40; i++) deep = (deep.not = {}) as Record<string, unknown>;
schemas.push(root);

test('forEachSubschemaLazily visits what forEachSubschema visits, in order, with the same pointers', () => {
  for (const schema of schemas) {
    const expected = visits((fn) => forEachSubschema(schema, '/tools/0/inputSchema', fn));
    const lazy = visits((fn) =>
      forEachSubschemaLazily(schema, '/tools/0/inputSchema', (s, pointerOf) => fn(s, pointerOf())),
    );
    assert.deepEqual(lazy, expected);
  }
  const counted = visits((fn) => forEachSubschema(schemas[0], '', fn)).length;
  assert.ok(counted > 15, `the sample reaches nested subschemas (${counted})`);
  assert.equal(visits((fn) => forEachSubschema(root, '', fn)).length, 32, 'the depth bound is reached');
});
