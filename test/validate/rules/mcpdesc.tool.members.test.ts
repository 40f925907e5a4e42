import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.tool.members.js';

const tool = (extra: Record<string, unknown> = {}) => ({ name: 't', inputSchema: { type: 'object' }, ...extra });

testRule(rule, {
  valid: [
    { name: 'name and inputSchema', doc: doc({ tools: [tool()] }) },
    {
      name: 'an x-* extension and an execution object',
      doc: doc({ tools: [tool({ 'x-team': 'a', execution: { taskSupport: 'optional' } })] }),
    },
    {
      name: '0.9.0-rc.3: a referenced inputSchema',
      doc: {
        ...doc({
          tools: [tool({ inputSchema: { $componentRef: '#/components/schemas/in' } })],
          components: { schemas: { in: { type: 'object' } } },
        }),
        mcpdesc: '0.9.0-rc.3',
      },
    },
  ],
  invalid: [
    {
      name: 'no inputSchema (absence is not "no arguments")',
      doc: doc({ tools: [{ name: 't' }] }),
      errors: [{ code: 'missing-property', pointer: '/tools/0' }],
    },
    {
      name: '0.9.0-rc.3: no name',
      doc: { ...doc({ tools: [{ inputSchema: { type: 'object' } }] }), mcpdesc: '0.9.0-rc.3' },
      errors: [{ code: 'missing-property', pointer: '/tools/0' }],
    },
    {
      name: 'an unknown member',
      doc: doc({ tools: [tool({ summary: 'x' })] }),
      errors: [{ code: 'unknown-property', pointer: '/tools/0/summary' }],
    },
    {
      name: 'deprecated not a boolean',
      doc: doc({ tools: [tool({ deprecated: 'yes' })] }),
      errors: [{ code: 'type', pointer: '/tools/0/deprecated' }],
    },
    {
      name: 'an unknown taskSupport value',
      doc: doc({ tools: [tool({ execution: { taskSupport: 'sometimes' } })] }),
      errors: [{ code: 'enum', pointer: '/tools/0/execution/taskSupport' }],
    },
    {
      name: 'an extension on the Execution Object',
      doc: doc({ tools: [tool({ execution: { 'x-a': 1 } })] }),
      errors: [{ code: 'extension-not-allowed', pointer: '/tools/0/execution/x-a' }],
    },
  ],
});
