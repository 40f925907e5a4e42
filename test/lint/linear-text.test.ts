import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { nameTokens } from 'mcpdesc-core/internal/lint/words.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule as handleRetention } from 'mcpdesc-core/internal/lint/rules/lint.tool.handle.retention.js';
import { rule as errorExample } from 'mcpdesc-core/internal/lint/rules/lint.tool.error-example.js';
import { statesCap } from 'mcpdesc-core/internal/lint/rules/lint.tool.pagination.js';
import { rule as annotationsConsistent } from 'mcpdesc-core/internal/lint/rules/lint.tool.annotations.consistent.js';
import { assertLinearGrowth } from '../helpers/growth.js';
import type { Rule } from 'mcpdesc-core/internal/validate/rule.js';

// Issue 15, finding 1: lint's word checks must do linear work on hostile prose and names.

const lintWith = (lintRule: Rule) => (description: string) =>
  lint(exampleDocument({ tools: [exampleTool({ description })] }), { rules: [], lintRules: [lintRule] });

test('handle prose: "id " x 60,000 (took 4.2 s)', () => {
  assertLinearGrowth('handle prose', 6000, (size) => 'id '.repeat(size), lintWith(handleRetention));
});

test('handle prose read word by word: hand-back verbs, handle nouns and later calls, unclosed', () => {
  assertLinearGrowth('hand-back verbs', 3000, (size) => 'returns a new '.repeat(size), lintWith(handleRetention));
  assertLinearGrowth('handles', 3000, (size) => 'the handle '.repeat(size) + 'later', lintWith(handleRetention));
});

test('negation scope: negators and write words in one long clause', () => {
  assertLinearGrowth('negations', 3000, (size) => 'does not send '.repeat(size), lintWith(annotationsConsistent));
});

test('stated caps: cap words without their number', () => {
  assertLinearGrowth('cap words', 3000, (size) => 'up to at most max '.repeat(size), statesCap);
});

test('generic error text followed by a long run of spaces', () => {
  const error = (text: string) =>
    exampleDocument({
      tools: [
        exampleTool({
          examples: {
            missing: {
              input: {},
              result: { resultType: 'complete', isError: true, content: [{ type: 'text', text }] },
            },
          },
        }),
      ],
    });
  const check = (text: string) => lint(error(text), { rules: [], lintRules: [errorExample] });
  assertLinearGrowth('generic error text', 5000, (size) => 'error' + ' '.repeat(size) + 'a b c d e', check);
});

test('name tokens of a long run of capitals', () => {
  assertLinearGrowth('name tokens', 5000, (size) => 'A'.repeat(size) + '1', nameTokens);
  assert.deepEqual(nameTokens('HTMLParserXMLHttpRequest'), ['html', 'parser', 'xml', 'http', 'request']);
});
