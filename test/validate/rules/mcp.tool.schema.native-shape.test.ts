import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.tool.schema.native-shape.js';

const tool = (extra: Record<string, unknown>) => ({ name: 't', ...extra });

const rc3 = (extra: Record<string, unknown>, versions: string[]) => ({
  ...doc(extra, versions),
  mcpdesc: '0.9.0-rc.3',
});

testRule(rule, {
  valid: [
    {
      name: 'native shape met',
      doc: rc3({ tools: [tool({ inputSchema: { type: 'object', properties: { a: {} } } })] }, ['2025-11-25']),
    },
    {
      name: 'boolean property in 2026-07-28',
      doc: rc3({ tools: [tool({ inputSchema: { type: 'object', properties: { a: true } } })] }, ['2026-07-28']),
    },
    {
      name: '0.8.0: 2026-07-28 follows the 2020-12 vocabulary',
      doc: doc({ tools: [tool({ inputSchema: { type: ['object', 'null'], properties: { a: true } } })] }, [
        '2026-07-28',
      ]),
    },
    {
      name: '0.8.0: an untyped root for 2026-07-28',
      doc: doc({ tools: [tool({ inputSchema: { allOf: [{ type: 'object' }] } })] }, ['2026-07-28']),
    },
  ],
  invalid: [
    {
      name: '0.8.0: a boolean property for 2025-11-25 is an error (earlier views follow their MCP schema rules)',
      doc: doc({ tools: [tool({ inputSchema: { type: 'object', properties: { a: true } } })] }, [
        '2025-11-25',
        '2026-07-28',
      ]),
      errors: [{ code: 'property-not-object', pointer: '/tools/0/inputSchema/properties/a', severity: 'error' }],
    },
    {
      name: '0.8.0: an untyped root for 2025-11-25 is an error',
      doc: doc({ tools: [tool({ inputSchema: { allOf: [{ type: 'object' }] } })] }, ['2025-11-25']),
      errors: [{ code: 'root-type-not-object', pointer: '/tools/0/inputSchema', severity: 'error' }],
    },
    {
      name: '0.8.0: a root type array for 2025-11-25 is an error',
      doc: doc(
        { tools: [tool({ inputSchema: { type: ['object', 'null'] }, outputSchema: { type: ['null', 'object'] } })] },
        ['2025-11-25'],
      ),
      errors: [
        { code: 'root-type-not-object', pointer: '/tools/0/inputSchema/type', severity: 'error' },
        { code: 'root-type-not-object', pointer: '/tools/0/outputSchema/type', severity: 'error' },
      ],
    },
    {
      name: 'boolean property and untyped root',
      doc: rc3({ tools: [tool({ inputSchema: { allOf: [{ type: 'object' }], properties: { a: true, b: false } } })] }, [
        '2025-11-25',
        '2026-07-28',
      ]),
      errors: [
        { code: 'root-type-not-object', pointer: '/tools/0/inputSchema', severity: 'warning' },
        { code: 'property-not-object', pointer: '/tools/0/inputSchema/properties/a' },
        { code: 'property-not-object', pointer: '/tools/0/inputSchema/properties/b' },
      ],
    },
    {
      name: 'untyped output root in 2025-11-25',
      doc: rc3({ tools: [tool({ inputSchema: { type: 'object' }, outputSchema: { properties: {} } })] }, [
        '2025-11-25',
      ]),
      errors: [{ code: 'root-type-not-object', pointer: '/tools/0/outputSchema' }],
    },
  ],
});
