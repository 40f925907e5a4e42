import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.tool.output-schema.js';

const result = (extra: Record<string, unknown> = {}) => ({
  resultType: 'complete',
  content: [{ type: 'text', text: '{"key":"ABC-1"}' }],
  structuredContent: { key: 'ABC-1' },
  ...extra,
});
const outputSchema = { type: 'object', properties: { key: { type: 'string' } } };

testRule(rule, {
  valid: [
    {
      name: 'declared output schema',
      doc: exampleDocument({
        tools: [exampleTool({ outputSchema, examples: { one: { input: { key: 'ABC-1' }, result: result() } } })],
      }),
    },
    {
      name: 'text only',
      doc: exampleDocument({
        tools: [
          exampleTool({
            examples: {
              one: {
                input: { key: 'ABC-1' },
                result: { resultType: 'complete', content: [{ type: 'text', text: 'ABC-1' }] },
              },
            },
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'structuredContent without outputSchema (reported once per tool)',
      doc: exampleDocument({
        tools: [
          exampleTool({
            examples: {
              one: { input: { key: 'ABC-1' }, result: result() },
              two: { input: { key: 'ABC-2' }, result: result() },
            },
          }),
        ],
      }),
      errors: [
        {
          code: 'structured-without-output-schema',
          pointer: '/tools/0/examples/one/result/structuredContent',
          severity: 'info',
        },
      ],
    },
    {
      name: 'structuredContent without a text block',
      doc: exampleDocument({
        tools: [
          exampleTool({
            outputSchema,
            examples: {
              one: {
                input: { key: 'ABC-1' },
                result: result({ content: [{ type: 'resource_link', uri: 'issues://ABC-1', name: 'ABC-1' }] }),
              },
            },
          }),
        ],
      }),
      errors: [{ code: 'structured-without-text', pointer: '/tools/0/examples/one/result/content' }],
    },
  ],
});
