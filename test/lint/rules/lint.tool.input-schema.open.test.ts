import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.tool.input-schema.open.js';

testRule(rule, {
  valid: [
    {
      name: 'closed no-parameter schema',
      doc: exampleDocument({ tools: [exampleTool({ inputSchema: { type: 'object', additionalProperties: false } })] }),
    },
    { name: 'declared and closed', doc: exampleDocument({ tools: [exampleTool()] }) },
    {
      name: 'composition decides',
      doc: exampleDocument({
        tools: [exampleTool({ inputSchema: { type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }] } })],
      }),
    },
  ],
  invalid: [
    {
      name: '{ type: object }',
      doc: exampleDocument({ tools: [exampleTool({ inputSchema: { type: 'object' } })] }),
      errors: [{ code: 'open-object', pointer: '/tools/0/inputSchema', severity: 'warning' }],
    },
    {
      name: 'declared properties, open',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: {
              type: 'object',
              properties: { key: { type: 'string', description: 'The issue key, in the form ABC-123.' } },
            },
          }),
        ],
      }),
      errors: [{ code: 'undeclared-properties-allowed', pointer: '/tools/0/inputSchema', severity: 'info' }],
    },
    {
      name: 'through a component',
      doc: exampleDocument({
        components: { schemas: { Open: { type: 'object' } } },
        tools: [exampleTool({ inputSchema: { $componentRef: '#/components/schemas/Open' } })],
      }),
      errors: [{ code: 'open-object', pointer: '/components/schemas/Open' }],
    },
  ],
});
