import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.completion-result.members.js';
import { done, promptDoc, PE } from '../../helpers/completion-documents.js';

testRule(rule, {
  valid: [
    {
      name: 'values, total, hasMore, _meta',
      doc: promptDoc({
        argument: { name: 'name', value: 'a' },
        result: { completion: { values: ['Ada'], total: 1, hasMore: false }, _meta: { a: 1 } },
      }),
    },
    {
      name: '2026-07-28 with resultType',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: { resultType: 'complete', ...done } }, [
        '2026-07-28',
      ]),
    },
    {
      name: 'exactly 100 values',
      doc: promptDoc({
        argument: { name: 'name', value: 'a' },
        result: { completion: { values: Array.from({ length: 100 }, (_, i) => String(i)) } },
      }),
    },
  ],
  invalid: [
    {
      name: 'missing completion',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: {} }),
      errors: [{ code: 'missing-completion', pointer: PE + '/result' }],
    },
    {
      name: 'completion not an object',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: { completion: [] } }),
      errors: [{ code: 'completion-type', pointer: PE + '/result/completion' }],
    },
    {
      name: 'missing values',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: { completion: {} } }),
      errors: [{ code: 'missing-values', pointer: PE + '/result/completion' }],
    },
    {
      name: 'values not an array',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: { completion: { values: 'a' } } }),
      errors: [{ code: 'values-type', pointer: PE + '/result/completion/values' }],
    },
    {
      name: 'bad candidate, total and hasMore',
      doc: promptDoc({
        argument: { name: 'name', value: 'a' },
        result: { completion: { values: ['a', 12], total: '2', hasMore: 'no' } },
      }),
      errors: [
        { code: 'value-type', pointer: PE + '/result/completion/values/1' },
        { code: 'total-type', pointer: PE + '/result/completion/total' },
        { code: 'has-more-type', pointer: PE + '/result/completion/hasMore' },
      ],
    },
    {
      name: 'more than 100 values',
      doc: promptDoc({
        argument: { name: 'name', value: 'a' },
        result: { completion: { values: Array.from({ length: 101 }, (_, i) => String(i)) } },
      }),
      errors: [{ code: 'too-many-values', pointer: PE + '/result/completion/values' }],
    },
    {
      name: 'missing resultType in 2026-07-28',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: done }, ['2026-07-28']),
      errors: [{ code: 'missing-result-type', pointer: PE + '/result' }],
    },
    {
      name: 'resultType before 2026-07-28',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: { resultType: 'complete', ...done } }),
      errors: [{ code: 'result-type-revision', pointer: PE + '/result/resultType' }],
    },
    {
      name: '_meta before 2025-06-18',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: { ...done, _meta: {} } }, ['2025-03-26']),
      errors: [{ code: 'meta-revision', pointer: PE + '/result/_meta' }],
    },
  ],
});

// Result `_meta` of every example kind is checked with the same key rules, and reported by the
// rule that owns the result: a completion result (which has no content codes) must not crash.
test('completion result _meta keys are checked by the completion result rule', () => {
  const d = doc(
    {
      prompts: [
        {
          name: 'p',
          arguments: [{ name: 'a' }],
          completionExamples: {
            c: { argument: { name: 'a', value: 'v' }, result: { completion: { values: [] }, _meta: { '-x': 1 } } },
          },
        },
      ],
    },
    ['2025-11-25'],
  );
  const found = validate(d).diagnostics.filter((x) => x.code === 'meta-key-malformed');
  assert.deepEqual(
    found.map((x) => [x.rule, x.pointer]),
    [['mcp.completion-result.members', '/prompts/0/completionExamples/c/result/_meta/-x']],
  );
});
