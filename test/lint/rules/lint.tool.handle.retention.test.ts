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
    {
      name: '"handle" as a verb is no handle ("to handle", "handles errors")',
      doc: exampleDocument({
        tools: [
          basket('Use this tool to handle subsequent requests for the same file; it handles errors by retrying.'),
        ],
      }),
    },
    {
      name: '"session" in other senses: the conversation, a modifier, no state handed back',
      doc: exampleDocument({
        tools: [
          basket('Records one thought of the current thinking session; call it again for the next step.'),
          exampleTool({
            name: 'summary',
            description: 'Returns the session summary: how many thoughts were recorded so far.',
          }),
          exampleTool({
            name: 'remember',
            description: 'Remembers facts about the user across sessions, in a local knowledge graph.',
          }),
        ],
      }),
    },
    {
      name: 'an output property about a session is no handle (session_count)',
      doc: exampleDocument({
        tools: [
          basket('Counts the open baskets of the store.', {
            type: 'object',
            properties: { session_count: { type: 'integer' } },
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'a hand-back verb whose object is a session or a handle',
      doc: exampleDocument({
        tools: [
          basket('Creates a new browser session.'),
          exampleTool({ description: 'Opens a file and returns its handle, to read from with read_chunk.' }),
        ],
      }),
      errors: [
        { code: 'retention-unstated', pointer: '/tools/0/description' },
        { code: 'retention-unstated', pointer: '/tools/1/description' },
      ],
    },
    {
      name: 'the id of a session in the output schema',
      doc: exampleDocument({
        tools: [
          basket('Opens a browser for the navigate and click tools.', {
            type: 'object',
            properties: { session_id: { type: 'string' } },
          }),
        ],
      }),
      errors: [{ code: 'retention-unstated', pointer: '/tools/0/description' }],
    },
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
