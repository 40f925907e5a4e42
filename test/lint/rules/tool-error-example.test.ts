import { testLintRule, lintDoc, lintTool } from '../../helpers/lint-tester.js';
import { toolErrorExampleRule } from '../../../src/lint/rules/tool-error-example.js';

const error = (text: string) =>
  lintDoc({
    tools: [
      lintTool({
        examples: {
          missing: {
            input: { key: 'ABC-999' },
            result: { resultType: 'complete', isError: true, content: [{ type: 'text', text }] },
          },
        },
      }),
    ],
  });

testLintRule(toolErrorExampleRule, {
  valid: [
    { name: 'names the value', doc: error('No issue ABC-999.') },
    { name: 'names the rule', doc: error('Invalid departure date: must be in the future. Current date is 08/08/2025') },
  ],
  invalid: [
    {
      name: 'Bad request',
      doc: error('Bad request'),
      errors: [{ code: 'vague-error', pointer: '/tools/0/examples/missing/result/content', severity: 'info' }],
    },
    {
      name: 'Not found.',
      doc: error('Not found.'),
      errors: [{ code: 'vague-error', pointer: '/tools/0/examples/missing/result/content' }],
    },
  ],
});
