import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';

/**
 * The JSON fast path (native JSON.parse plus checks of the decoded value) must reach the same
 * verdicts as the precise scanner on the inputs it lets through: deep documents past the
 * recursion depth of its key count, duplicate keys at any depth, lone surrogates only by escape.
 */
const nest = (depth: number, inner: string): string => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);

test('documents deeper than the recursive check still decode and still catch duplicates', () => {
  const deep = parseDescription(nest(230, '{"x":1,"y":2}'), { format: 'json' });
  assert.deepEqual(deep.diagnostics, []);
  const duplicate = parseDescription(nest(230, '{"x":1,"x":2}'), { format: 'json' });
  assert.deepEqual(
    duplicate.diagnostics.map((d) => `${d.rule}/${d.code}`),
    ['json.duplicate-key/duplicate-key'],
  );
  assert.equal(duplicate.diagnostics[0]!.pointer, '/a'.repeat(230) + '/x');
});

test('lone surrogates are found whether written raw or escaped, in keys and values', () => {
  for (const text of ['{"a":"\\ud800"}', '{"\\uDC00":1}', '{"a":["ok","\\uDBFF"]}']) {
    assert.deepEqual(
      parseDescription(text, { format: 'json' }).diagnostics.map((d) => d.code),
      ['lone-surrogate'],
      text,
    );
  }
  assert.deepEqual(
    parseDescription('{"a":"\\uD83D\\uDE00 \\\\ud800"}', { format: 'json' }).diagnostics,
    [],
    'a pair, and an escaped backslash before "ud800", are fine',
  );
});

test('limits found on the decoded value give the precise diagnostic', () => {
  const wide = parseDescription(JSON.stringify({ a: [1, 2, 3, 4] }), {
    format: 'json',
    limits: { maxCollectionSize: 3 },
  });
  assert.deepEqual(
    wide.diagnostics.map((d) => `${d.rule}/${d.code}`),
    ['source.limit/max-collection-size'],
  );
  const long = parseDescription(JSON.stringify({ a: 'x'.repeat(20) }), {
    format: 'json',
    limits: { maxStringLength: 10 },
  });
  assert.deepEqual(
    long.diagnostics.map((d) => `${d.rule}/${d.code}`),
    ['source.limit/max-string-length'],
  );
});
