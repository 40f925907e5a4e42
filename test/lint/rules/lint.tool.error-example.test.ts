import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.tool.error-example.js';

const error = (text: string) =>
  exampleDocument({
    tools: [
      exampleTool({
        examples: {
          missing: {
            input: { key: 'ABC-999' },
            result: { resultType: 'complete', isError: true, content: [{ type: 'text', text }] },
          },
        },
      }),
    ],
  });

testRule(rule, {
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
