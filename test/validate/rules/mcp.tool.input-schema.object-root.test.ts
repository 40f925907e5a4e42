import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.tool.input-schema.object-root.js';

const tool = (extra: Record<string, unknown>) => ({ name: 't', ...extra });

testRule(rule, {
  valid: [
    { name: 'object root', doc: doc({ tools: [tool({ inputSchema: { type: 'object' } })] }) },
    {
      name: 'type array with object from 2025-11-25',
      doc: doc({ tools: [tool({ inputSchema: { type: ['object', 'null'] } })] }),
    },
    { name: 'no type in 2026-07-28', doc: doc({ tools: [tool({ inputSchema: { properties: {} } })] }, ['2026-07-28']) },
  ],
  invalid: [
    {
      name: 'array root',
      doc: doc({ tools: [tool({ inputSchema: { type: 'array' } })] }),
      errors: [{ code: 'not-object-root', pointer: '/tools/0/inputSchema/type' }],
    },
    {
      name: 'no type before 2025-11-25',
      doc: doc({ tools: [tool({ inputSchema: { properties: {} } })] }, ['2025-06-18']),
      errors: [{ code: 'object-type-required', pointer: '/tools/0/inputSchema' }],
    },
    {
      name: 'type array before 2025-11-25',
      doc: doc({ tools: [tool({ inputSchema: { type: ['object', 'null'] } })] }, ['2025-06-18', '2025-11-25']),
      errors: [{ code: 'object-type-required', pointer: '/tools/0/inputSchema/type' }],
    },
  ],
});
