import assert from 'node:assert/strict';
import { test } from 'node:test';
import { identicalJson, jsonEqual } from 'mcpdesc-core/internal/model/json.js';

test('identicalJson: the same value with its members in the same order, unlike jsonEqual', () => {
  const value = { a: [1, { b: 'x', c: null }], d: true };
  assert.equal(identicalJson(value, structuredClone(value)), true);
  const reordered = { d: true, a: [1, { c: null, b: 'x' }] };
  assert.equal(jsonEqual(value, reordered), true);
  assert.equal(identicalJson(value, reordered), false, 'key order counts');
  assert.equal(identicalJson({ n: -0 }, { n: 0 }), false, '-0 is not 0');
  assert.equal(identicalJson([1, 2], { 0: 1, 1: 2 }), false, 'an array is not an object');
  assert.equal(identicalJson({ a: 1 }, { a: 1, b: undefined }), false, 'a member more');
  assert.equal(identicalJson([[[]]], [[[1]]]), false, 'nested difference');
});

test('identicalJson is iterative: a deep value does not overflow the stack', () => {
  let deep: unknown = 'leaf';
  for (let i = 0; i < 200_000; i++) deep = [deep];
  assert.equal(identicalJson(deep, deep), true);
  let other: unknown = 'leaf';
  for (let i = 0; i < 200_000; i++) other = [other];
  assert.equal(identicalJson(deep, other), true);
});

test('jsonEqual compares own members only, whatever the order, on either side', () => {
  assert.equal(jsonEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 }), true);
  assert.equal(jsonEqual({ a: 1 }, { a: 1, b: 2 }), false, 'a member more on the right');
  assert.equal(jsonEqual({ a: 1, b: 2 }, { a: 1 }), false, 'a member more on the left');
  assert.equal(jsonEqual({ a: 1, b: 2 }, { a: 1, c: 2 }), false, 'as many members, other names');
  assert.equal(jsonEqual({}, {}), true);
  assert.equal(jsonEqual({}, { a: undefined }), false, 'a member whose value is undefined still counts');
  // A decoded `__proto__` key is an own member, not the prototype.
  const withProto = JSON.parse('{"__proto__": {"x": 1}, "a": 1}') as object;
  assert.equal(jsonEqual(withProto, JSON.parse('{"a": 1, "__proto__": {"x": 1}}')), true);
  assert.equal(jsonEqual(withProto, JSON.parse('{"a": 1, "__proto__": {"x": 2}}')), false);
  assert.equal(jsonEqual(withProto, { a: 1 }), false);
  const bare = Object.assign(Object.create(null) as object, { a: 1 });
  assert.equal(jsonEqual(bare, { a: 1 }), true, 'a prototype-less object');
  // Inherited enumerable members are not members of a JSON value.
  const inherited = Object.assign(Object.create({ b: 2 }) as object, { a: 1 });
  assert.equal(jsonEqual(inherited, { a: 1 }), true);
  assert.equal(jsonEqual({ a: 1 }, inherited), true);
  assert.equal(jsonEqual(inherited, { a: 1, b: 2 }), false);
});
