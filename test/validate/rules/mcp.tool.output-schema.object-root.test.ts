import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.tool.output-schema.object-root.js';

const tool = (extra: Record<string, unknown>) => ({ name: 't', ...extra });

const rc3 = (extra: Record<string, unknown>, versions: string[]) => ({
  ...doc(extra, versions),
  mcpdesc: '0.9.0-rc.3',
});

testRule(rule, {
  valid: [
    {
      name: 'array output in 2026-07-28',
      doc: doc({ tools: [tool({ inputSchema: { type: 'object' }, outputSchema: { type: 'array' } })] }, ['2026-07-28']),
    },
    {
      name: 'object output in 2025-06-18',
      doc: doc({ tools: [tool({ inputSchema: { type: 'object' }, outputSchema: { type: 'object' } })] }, [
        '2025-06-18',
      ]),
    },
    {
      name: 'rc.3: untyped output in 2025-11-25',
      doc: rc3({ tools: [tool({ inputSchema: { type: 'object' }, outputSchema: { properties: {} } })] }, [
        '2025-11-25',
      ]),
    },
  ],
  invalid: [
    {
      name: 'array output in 2025-11-25',
      doc: doc(
        {
          tools: [
            tool({ inputSchema: { type: 'object' }, outputSchema: { type: 'array', items: { type: 'string' } } }),
          ],
        },
        ['2025-11-25', '2026-07-28'],
      ),
      errors: [{ code: 'not-object-root', pointer: '/tools/0/outputSchema/type' }],
    },
    {
      name: '0.8.0: untyped output in 2025-11-25',
      doc: doc({ tools: [tool({ inputSchema: { type: 'object' }, outputSchema: { properties: {} } })] }),
      errors: [{ code: 'object-type-required', pointer: '/tools/0/outputSchema' }],
    },
  ],
});
