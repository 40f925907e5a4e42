/**
 * The reference index's two fast paths (schema/resolve.ts): a schema with no identifiers is
 * indexed by one walk that builds pointers for its reference sites alone, and a fragment-only
 * reference resolves without the URL parser. Each answer here is the one the full index and the
 * URL parser give: the same schema with an `$id` at its root takes the full path.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findExternalRefs, findUnresolvedLocalRefs } from 'mcpdesc-core/internal/schema/resolve.js';
import { evaluate } from 'mcpdesc-core/internal/schema/index.js';

const schema = (extra: Record<string, unknown> = {}) => ({
  ...extra,
  $defs: { 'a/b': { type: 'integer' }, 't~': { type: 'string' }, 'sp ace': { type: 'boolean' } },
  properties: {
    'x/y': { $ref: '#/$defs/a~1b' },
    tilde: { $ref: '#/$defs/t~0' },
    encoded: { $ref: '#/$defs/sp%20ace' },
    spaced: { $ref: '#/$defs/sp ace' },
    'mi/ss~': { $ref: '#/$defs/nothing' },
    list: { prefixItems: [{ type: 'string' }, { $ref: '#/$defs/gone' }] },
    remote: { $ref: 'https://example.com/other.json#/x' },
  },
});

test('a schema without identifiers reports the same unresolved and external sites as the full index', () => {
  const plain = findUnresolvedLocalRefs(schema());
  const full = findUnresolvedLocalRefs(schema({ $id: 'mcpdesc-schema:/root.json' }));
  assert.deepEqual(plain, [
    { pointer: '/properties/list/prefixItems/1', keyword: '$ref', ref: '#/$defs/gone' },
    { pointer: '/properties/mi~1ss~0', keyword: '$ref', ref: '#/$defs/nothing' },
  ]);
  assert.deepEqual(plain, full);
  assert.deepEqual(findExternalRefs(schema()), [
    { pointer: '/properties/remote', ref: 'https://example.com/other.json#/x' },
  ]);
});

test('fragment-only references resolve through escapes and percent-encoding as the URL parser has them', () => {
  for (const root of [schema(), schema({ $id: 'mcpdesc-schema:/root.json' })]) {
    const valid = (instance: unknown) => evaluate(root, instance, '2020-12').valid;
    assert.equal(valid({ 'x/y': 1, tilde: 'a', encoded: true, spaced: false }), true);
    assert.equal(valid({ 'x/y': 'one' }), false);
    assert.equal(valid({ tilde: 2 }), false);
    assert.equal(valid({ encoded: 'yes' }), false);
    assert.equal(valid({ spaced: 'yes' }), false);
  }
});

test('an identifier anywhere sends the schema to the full index', () => {
  const anchored = { $defs: { n: { $anchor: 'num', type: 'number' } }, properties: { a: { $ref: '#num' } } };
  assert.deepEqual(findUnresolvedLocalRefs(anchored), []);
  assert.equal(evaluate(anchored, { a: 'text' }, '2020-12').valid, false);
  assert.deepEqual(findUnresolvedLocalRefs({ properties: { a: { $ref: '#nowhere' } } }), [
    { pointer: '/properties/a', keyword: '$ref', ref: '#nowhere' },
  ]);
});
