import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from '../../../src/lint/example-document.js';
import { rule } from '../../../src/lint/rules/lint.tool.pagination.js';

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
  ],
  invalid: [
    {
      name: 'find without bounds (camelCase verb)',
      doc: exampleDocument({ tools: [exampleTool({ name: 'findIssues', inputSchema: input() })] }),
      errors: [{ code: 'unbounded-list', pointer: '/tools/0/inputSchema' }],
    },
    {
      name: 'search without bounds',
      doc: exampleDocument({ tools: [exampleTool({ name: 'search_issues', inputSchema: input() })] }),
      errors: [{ code: 'unbounded-list', pointer: '/tools/0/inputSchema', severity: 'warning' }],
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
