import { testLintRule, lintDoc, lintTool } from '../../helpers/lint-tester.js';
import { toolInputSchemaOpenRule } from '../../../src/lint/rules/tool-input-schema-open.js';

testLintRule(toolInputSchemaOpenRule, {
  valid: [
    {
      name: 'closed no-parameter schema',
      doc: lintDoc({ tools: [lintTool({ inputSchema: { type: 'object', additionalProperties: false } })] }),
    },
    { name: 'declared and closed', doc: lintDoc({ tools: [lintTool()] }) },
    {
      name: 'composition decides',
      doc: lintDoc({
        tools: [lintTool({ inputSchema: { type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }] } })],
      }),
    },
  ],
  invalid: [
    {
      name: '{ type: object }',
      doc: lintDoc({ tools: [lintTool({ inputSchema: { type: 'object' } })] }),
      errors: [{ code: 'open-object', pointer: '/tools/0/inputSchema', severity: 'warning' }],
    },
    {
      name: 'declared properties, open',
      doc: lintDoc({
        tools: [
          lintTool({
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
      doc: lintDoc({
        components: { schemas: { Open: { type: 'object' } } },
        tools: [lintTool({ inputSchema: { $componentRef: '#/components/schemas/Open' } })],
      }),
      errors: [{ code: 'open-object', pointer: '/components/schemas/Open' }],
    },
  ],
});
