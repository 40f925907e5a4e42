import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.protocol-scope.consistency.js';

const both = ['2025-11-25', '2026-07-28'];

const tool = (extra: Record<string, unknown> = {}) => ({ name: 't', inputSchema: { type: 'object' }, ...extra });

testRule(rule, {
  valid: [
    {
      name: 'disjoint tool variants',
      doc: doc(
        { tools: [tool({ protocolVersions: ['2025-11-25'] }), tool({ protocolVersions: ['2026-07-28'] })] },
        both,
      ),
    },
    { name: 'different names', doc: doc({ tools: [tool(), tool({ name: 'u' })] }, both) },
    { name: 'same name across kinds', doc: doc({ tools: [tool({ name: 'p' })], prompts: [{ name: 'p' }] }) },
    {
      name: 'disjoint capabilities',
      doc: doc(
        {
          capabilities: [
            { protocolVersions: ['2025-11-25'], tools: {} },
            { protocolVersions: ['2026-07-28'], tools: {} },
          ],
        },
        both,
      ),
    },
  ],
  invalid: [
    {
      name: 'omitted scope overlaps a scoped variant',
      doc: doc({ tools: [tool(), tool({ protocolVersions: ['2026-07-28'] })] }, both),
      errors: [{ code: 'overlapping-variants', pointer: '/tools/1' }],
    },
    {
      name: 'resources by uri',
      doc: doc({
        resources: [
          { uri: 'a://x', name: 'a' },
          { uri: 'a://x', name: 'b' },
        ],
      }),
      errors: [{ code: 'overlapping-variants', pointer: '/resources/1' }],
    },
    {
      name: 'two capabilities objects for one revision',
      doc: doc({ capabilities: [{ tools: {} }, { protocolVersions: ['2025-11-25'], prompts: {} }] }),
      errors: [{ code: 'overlapping-capabilities', pointer: '/capabilities/1' }],
    },
  ],
});
