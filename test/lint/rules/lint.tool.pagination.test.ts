import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.tool.pagination.js';

const query = { type: 'string', description: 'Full-text query.' };
const input = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { query, ...extra },
  additionalProperties: false,
});

testRule(rule, {
  valid: [
    {
      name: 'search with cursor and limit',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'search_issues',
            inputSchema: input({
              cursor: { type: 'string', description: 'Opaque cursor.' },
              limit: { type: 'integer', description: 'Page size.' },
            }),
          }),
        ],
      }),
    },
    {
      name: 'list with pageSize',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'listIssues',
            inputSchema: input({ pageSize: { type: 'integer', description: 'Page size.' } }),
          }),
        ],
      }),
    },
    {
      name: 'one record with an array inside',
      doc: exampleDocument({
        tools: [
          exampleTool({
            outputSchema: { type: 'object', properties: { key: { type: 'string' }, labels: { type: 'array' } } },
          }),
        ],
      }),
    },
    {
      name: 'a write tool whose output echoes an array of created records',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'create_entities',
            annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
            inputSchema: input(),
            outputSchema: { type: 'object', properties: { entities: { type: 'array' } } },
          }),
        ],
      }),
    },
    {
      name: 'a write tool named with a list verb',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'search_and_replace',
            annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
            inputSchema: input(),
          }),
        ],
      }),
    },
    {
      name: 'query is not the verb',
      doc: exampleDocument({ tools: [exampleTool({ name: 'explain_query', inputSchema: input() })] }),
    },
    {
      name: 'content blocks echoed into the output are one answer (read_media_file)',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'read_media_file',
            inputSchema: input(),
            outputSchema: {
              type: 'object',
              properties: { content: { type: 'array', items: { type: 'object' } } },
            },
          }),
        ],
      }),
    },
    {
      name: 'the caller names the records it wants (open_nodes(names))',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'open_nodes',
            inputSchema: {
              type: 'object',
              properties: { names: { type: 'array', items: { type: 'string' }, description: 'Entity names.' } },
              required: ['names'],
              additionalProperties: false,
            },
            outputSchema: { type: 'object', properties: { entities: { type: 'array' } } },
          }),
        ],
      }),
    },
    {
      name: 'the description states a fixed bound ("returns up to 10 results")',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'search_issues',
            description: 'Searches issues of the current workspace; returns up to 10 results, best first.',
            inputSchema: input(),
          }),
        ],
      }),
    },
    {
      name: 'a cap stated in other words: "at most fifty", "max 100", "no more than 20", "truncated"',
      doc: exampleDocument({
        tools: [
          exampleTool({ name: 'search_issues', description: 'Searches issues; returns at most fifty, best first.' }),
          exampleTool({ name: 'search_wiki', description: 'Searches the wiki (max 100 results per call).' }),
          exampleTool({ name: 'list_users', description: 'Lists the users of the workspace, no more than 20.' }),
          exampleTool({ name: 'list_logs', description: 'Lists log lines of the build; long output is truncated.' }),
        ],
      }),
    },
    {
      name: 'a count of results chosen by the caller or capped by a maximum',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'search_issues',
            inputSchema: input({ num_results: { type: 'integer', description: 'How many to return.' } }),
          }),
          exampleTool({
            name: 'search_wiki',
            inputSchema: input({
              how_many: { type: 'integer', maximum: 50, description: 'How many results to return.' },
            }),
          }),
        ],
      }),
    },
    {
      name: 'an output whose arrays the schema caps (maxItems, a closed tuple)',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'list_recent',
            outputSchema: { type: 'object', properties: { issues: { type: 'array', maxItems: 10 } } },
          }),
          exampleTool({
            name: 'bounding_box',
            outputSchema: {
              type: 'object',
              properties: { corners: { type: 'array', prefixItems: [{}, {}], items: false } },
            },
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'a maximum on a number that counts no records, a cap word far from its number',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'search_issues',
            inputSchema: input({ year: { type: 'integer', maximum: 2100, description: 'The year to search in.' } }),
          }),
          exampleTool({
            name: 'list_users',
            description: 'Lists the users of the workspace. The first call may take 5 seconds.',
          }),
        ],
      }),
      errors: [
        { code: 'unbounded-list', pointer: '/tools/0/inputSchema' },
        { code: 'unbounded-list', pointer: '/tools/1/inputSchema' },
      ],
    },
    {
      name: 'an optional array input does not name the records',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'recent_issues',
            inputSchema: input({ labels: { type: 'array', items: { type: 'string' }, description: 'Labels.' } }),
            outputSchema: { type: 'object', properties: { issues: { type: 'array' }, content: { type: 'array' } } },
          }),
        ],
      }),
      errors: [{ code: 'unbounded-list', pointer: '/tools/0/inputSchema' }],
    },
    {
      name: 'a number without a bound word is no bound ("returns 10 kinds of results")',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'search_issues',
            description: 'Searches issues of the current workspace across 10 projects, best match first.',
            inputSchema: input(),
          }),
        ],
      }),
      errors: [{ code: 'unbounded-list', pointer: '/tools/0/inputSchema' }],
    },
    {
      name: 'find without bounds (camelCase verb)',
      doc: exampleDocument({ tools: [exampleTool({ name: 'findIssues', inputSchema: input() })] }),
      errors: [{ code: 'unbounded-list', pointer: '/tools/0/inputSchema' }],
    },
    {
      name: 'search without bounds',
      doc: exampleDocument({ tools: [exampleTool({ name: 'search_issues', inputSchema: input() })] }),
      errors: [{ code: 'unbounded-list', pointer: '/tools/0/inputSchema', severity: 'info' }],
    },
    {
      name: 'array output',
      doc: exampleDocument({
        tools: [
          exampleTool({
            name: 'recent_issues',
            inputSchema: input(),
            outputSchema: { type: 'object', properties: { issues: { type: 'array' }, total: { type: 'integer' } } },
          }),
        ],
      }),
      errors: [{ code: 'unbounded-list', pointer: '/tools/0/inputSchema' }],
    },
  ],
});
