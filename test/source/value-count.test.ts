import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDescription, serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { countValues, RunBudget } from 'mcpdesc-core/internal/source/limits.js';
import { generateDescription } from '../../bench/generate.js';

// Issue 19, item 2: the decoders count values while they decode, so the run budget walks nothing again.

/** The count of a copy the decoders never saw (a walk), beside the count for the decoded value itself. */
function counts(text: string, format: 'json' | 'yaml'): [number, number] {
  const { document, diagnostics } = parseDescription(text, { format });
  assert.deepEqual(diagnostics, []);
  return [countValues(document, Infinity), countValues(structuredClone(document), Infinity)];
}

const samples: unknown[] = [
  generateDescription(3),
  { a: [1, [2, [3, []]], {}], b: { c: null, d: 'x', e: { f: [true, false] } } },
  [[], {}, [[[]]], ''],
  JSON.parse('{"__proto__": [1, 2], "x": 1}'),
];

for (const [index, sample] of samples.entries()) {
  for (const format of ['json', 'yaml'] as const) {
    test(`the decoder's ${format} count equals a walk's (sample ${index})`, () => {
      const text = format === 'json' ? JSON.stringify(sample) : serializeDescription(sample, { format });
      const [decoded, walked] = counts(text, format);
      assert.equal(decoded, walked);
    });
  }
}

test("a deep array (past the decoder's recursion) is counted exactly", () => {
  const [decoded, walked] = counts('['.repeat(250) + ']'.repeat(250), 'json');
  assert.equal(decoded, 250);
  assert.equal(walked, 250);
});

test('the run budget refuses by the decoded count', () => {
  const { document } = parseDescription(JSON.stringify({ a: [1, 2, 3] }), { format: 'json' });
  assert.equal(new RunBudget(5).spend(document), undefined);
  assert.equal(new RunBudget(4).spend(document)?.code, 'max-run-values');
});
