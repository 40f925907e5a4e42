import { testLintRule, lintDoc, lintTool } from '../../helpers/lint-tester.js';
import { toolOutputSchemaRule } from '../../../src/lint/rules/tool-output-schema.js';

const result = (extra: Record<string, unknown> = {}) => ({
  resultType: 'complete',
  content: [{ type: 'text', text: '{"key":"ABC-1"}' }],
  structuredContent: { key: 'ABC-1' },
  ...extra,
});
const outputSchema = { type: 'object', properties: { key: { type: 'string' } } };

testLintRule(toolOutputSchemaRule, {
  valid: [
    {
      name: 'declared output schema',
      doc: lintDoc({
        tools: [lintTool({ outputSchema, examples: { one: { input: { key: 'ABC-1' }, result: result() } } })],
      }),
    },
    {
      name: 'text only',
      doc: lintDoc({
        tools: [
          lintTool({
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
      doc: lintDoc({
        tools: [
          lintTool({
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
      doc: lintDoc({
        tools: [
          lintTool({
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
