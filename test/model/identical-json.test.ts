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
