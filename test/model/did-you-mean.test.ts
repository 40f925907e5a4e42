import assert from 'node:assert/strict';
import { test } from 'node:test';
import { didYouMean, didYouMeanText, editDistance } from 'mcpdesc-core/internal/model/did-you-mean.js';

test('editDistance: Levenshtein, undefined past the limit', () => {
  assert.equal(editDistance('kitten', 'sitting', 3), 3);
  assert.equal(editDistance('kitten', 'sitting', 2), undefined);
  assert.equal(editDistance('abc', 'abc', 0), 0);
  assert.equal(editDistance('a', 'abcdef', 2), undefined);
});

test('didYouMean: nearest first, case-insensitive, nothing for far names', () => {
  assert.deepEqual(didYouMean('inputschema', ['outputSchema', 'inputSchema', 'name']), ['inputSchema']);
  assert.deepEqual(didYouMean('readonlyHint', ['readOnlyHint', 'destructiveHint']), ['readOnlyHint']);
  assert.deepEqual(didYouMean('tool', ['tools', 'prompts', 'info']), ['tools']);
  assert.deepEqual(didYouMean('zzzzzz', ['tools', 'prompts']), []);
  assert.equal(didYouMeanText('lint.tool.titel', ['lint.tool.title']), ' (did you mean lint.tool.title?)');
  assert.equal(didYouMeanText('ab', ['abc', 'abd']), ' (did you mean abc or abd?)');
  assert.deepEqual(didYouMean('x'.repeat(1000), ['x'.repeat(1000)]), [], 'long names are not compared');
});
