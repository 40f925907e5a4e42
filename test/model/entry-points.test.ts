/**
 * Every function mcpdesc-core exports, called the way a JavaScript caller without a type checker
 * might call it: wrong kinds, nothing at all, cyclic and deep values. Each must return, or throw
 * an error whose message starts with its own name (what it expected), never an internal
 * TypeError from deep inside or a stack overflow. A new export is swept as soon as it exists.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as core from 'mcpdesc-core';
import { cyclicDocument, nested } from '../helpers/caller-values.js';

const cyclic = cyclicDocument();
const deep = { ...cyclicDocument(), info: { name: 'x', version: '1' }, 'x-deep': nested(10_000) };
const argumentLists: [string, unknown[]][] = [
  ['no arguments', []],
  ['undefined', [undefined, undefined, undefined, undefined]],
  ['null', [null, null, null, null]],
  ['numbers', [5, 5, 5, 5, 5, 5]],
  ['strings', ['x', 'x', 'x', 'x']],
  ['empty objects', [{}, {}, {}, {}, {}, {}]],
  ['a cyclic document', [cyclic, cyclic, '2025-11-25', {}]],
  ['a deep document', [deep, deep, '2025-11-25', {}]],
  ['a list holding a cyclic document', [[cyclic], {}]],
];

test('every exported function checks its arguments: it returns, or throws naming itself', () => {
  const functions = Object.entries(core).filter(([, value]) => typeof value === 'function');
  assert.ok(functions.length > 40, `${functions.length} functions`);
  const failures: string[] = [];
  for (const [name, fn] of functions) {
    for (const [label, args] of argumentLists) {
      try {
        (fn as (...a: unknown[]) => unknown)(...args);
      } catch (error) {
        const message = (error as Error).message;
        if (!message.startsWith(name))
          failures.push(`${name}(${label}): ${(error as Error).name}: ${message.slice(0, 120)}`);
      }
    }
  }
  assert.deepEqual(failures, []);
});

test('validate and lint refuse a caller value that is not JSON, even where no rule descends (an x-* value)', () => {
  for (const [name, check] of [
    ['validate', core.validate],
    ['lint', core.lint],
  ] as const) {
    assert.throws(
      () => check(cyclic),
      (error: unknown) =>
        error instanceof TypeError &&
        error.message === `${name}: the value is cyclic: /info/x-loop refers back to /info (JSON values are trees)`,
    );
    assert.throws(() => check(deep), /nests deeper than 1000 levels/);
    // The same document as a tree is valid, and text input is not walked first.
    const tree = { ...cyclicDocument(), info: { name: 'x', version: '1', 'x-loop': { shared: true } } };
    assert.equal(check(tree).valid, true);
    assert.equal(check(JSON.stringify(tree)).valid, true);
  }
});
