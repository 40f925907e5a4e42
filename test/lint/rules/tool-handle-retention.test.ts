import { testLintRule, lintDoc, lintTool } from '../../helpers/lint-tester.js';
import { toolHandleRetentionRule } from '../../../src/lint/rules/tool-handle-retention.js';

const basket = (description: string, outputSchema?: unknown) =>
  lintTool({
    name: 'open_basket',
    title: 'Open basket',
    description,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    inputSchema: { type: 'object', additionalProperties: false },
    ...(outputSchema ? { outputSchema } : {}),
  });

testLintRule(toolHandleRetentionRule, {
  valid: [
    {
      name: 'retention stated',
      doc: lintDoc({
        tools: [
          basket('Creates a basket and returns its handle. A basket expires after 24 hours of inactivity.', {
            type: 'object',
            properties: { basket_handle: { type: 'string' } },
          }),
        ],
      }),
    },
    { name: 'no handle', doc: lintDoc({ tools: [lintTool()] }) },
  ],
  invalid: [
    {
      name: 'handle in the output schema',
      doc: lintDoc({
        tools: [
          basket('Creates an empty shopping basket for the checkout tool.', {
            type: 'object',
            properties: { basketHandle: { type: 'string' } },
          }),
        ],
      }),
      errors: [{ code: 'retention-unstated', pointer: '/tools/0/description', severity: 'info' }],
    },
    {
      name: 'session in the description',
      doc: lintDoc({ tools: [basket('Opens a checkout session that the pay and cancel tools take.')] }),
      errors: [{ code: 'retention-unstated', pointer: '/tools/0/description' }],
    },
  ],
});
