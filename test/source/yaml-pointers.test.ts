import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';

// The YAML constructor builds a diagnostic's pointer from its frame stack only when it reports
// (no pointer string per node). These cases pin the pointers of the eager construction it
// replaced: nested sequences and mappings, escaped keys, and nodes read under an invalid key.

const pointers = (text: string): [string, string][] =>
  parseDescription(text, { format: 'yaml' }).diagnostics.map((d) => [d.code, d.pointer]);

test('YAML diagnostics point into sequences, mappings and escaped keys', () => {
  assert.deepEqual(pointers('a:\n  - x: &an 1\n  - "b/c~d": [1, *al]\n'), [
    ['anchor', '/a/0/x'],
    ['alias', '/a/1/b~1c~0d/1'],
  ]);
  assert.deepEqual(pointers('a:\n  b:\n    c: 1\n    c: 2\n  "x~y/z": {k: 1, k: 2}\n'), [
    ['duplicate-key', '/a/b/c'],
    ['duplicate-key', '/a/x~0y~1z/k'],
  ]);
  assert.deepEqual(pointers('"p/q~": &an 1\n'), [['anchor', '/p~1q~0']]);
});

test('YAML diagnostics inside a collection used as a key, and under it, point at the mapping', () => {
  assert.deepEqual(pointers('list:\n  - 1\n  - ? [a, &n b]\n    : {q: !!int x}\n  - .inf\n'), [
    ['non-string-key', '/list/1'],
    ['anchor', '/list/1'],
    ['tag-mismatch', '/list/1'],
    ['non-finite-number', '/list/2'],
  ]);
});
