import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.tool.handle.retention.js';

const basket = (description: string, outputSchema?: unknown) =>
  exampleTool({
    name: 'open_basket',
    title: 'Open basket',
    description,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    inputSchema: { type: 'object', additionalProperties: false },
    ...(outputSchema ? { outputSchema } : {}),
  });

testRule(rule, {
  valid: [
    {
      name: 'retention stated',
      doc: exampleDocument({
        tools: [
          basket('Creates a basket and returns its handle. A basket expires after 24 hours of inactivity.', {
            type: 'object',
            properties: { basket_handle: { type: 'string' } },
          }),
        ],
      }),
    },
    { name: 'no handle', doc: exampleDocument({ tools: [exampleTool()] }) },
    {
      name: 'a token, later calls in another sentence',
      doc: exampleDocument({ tools: [basket('Returns a token. The next calls are free.')] }),
    },
    {
      name: 'a lifetime bound to the session (gzip-file-as-resource)',
      doc: exampleDocument({
        tools: [
          basket('Returns a resource link that can be downloaded in a later request during the current session.'),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'the session named, its lifetime not',
      doc: exampleDocument({
        tools: [basket('Returns a resource link that can be downloaded in a later request of the session.')],
      }),
      errors: [{ code: 'retention-unstated', pointer: '/tools/0/description' }],
    },
    {
      name: 'handle in the output schema',
      doc: exampleDocument({
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
      doc: exampleDocument({ tools: [basket('Opens a checkout session that the pay and cancel tools take.')] }),
      errors: [{ code: 'retention-unstated', pointer: '/tools/0/description' }],
    },
    {
      name: 'a token for later calls in the same sentence',
      doc: exampleDocument({ tools: [basket('Returns a token, which the next calls take.')] }),
      errors: [{ code: 'retention-unstated', pointer: '/tools/0/description' }],
    },
  ],
});
