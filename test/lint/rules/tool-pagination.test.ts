import { testLintRule, lintDoc, lintTool } from '../../helpers/lint-tester.js';
import { toolPaginationRule } from '../../../src/lint/rules/tool-pagination.js';

const query = { type: 'string', description: 'Full-text query.' };
const input = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { query, ...extra },
  additionalProperties: false,
});

testLintRule(toolPaginationRule, {
  valid: [
    {
      name: 'search with cursor and limit',
      doc: lintDoc({
        tools: [
          lintTool({
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
      doc: lintDoc({
        tools: [
          lintTool({
            name: 'listIssues',
            inputSchema: input({ pageSize: { type: 'integer', description: 'Page size.' } }),
          }),
        ],
      }),
    },
    {
      name: 'one record with an array inside',
      doc: lintDoc({
        tools: [
          lintTool({
            outputSchema: { type: 'object', properties: { key: { type: 'string' }, labels: { type: 'array' } } },
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'search without bounds',
      doc: lintDoc({ tools: [lintTool({ name: 'search_issues', inputSchema: input() })] }),
      errors: [{ code: 'unbounded-list', pointer: '/tools/0/inputSchema', severity: 'warning' }],
    },
    {
      name: 'array output',
      doc: lintDoc({
        tools: [
          lintTool({
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
