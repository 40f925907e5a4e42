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
  ],
  invalid: [
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
