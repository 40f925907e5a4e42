import { protocolScopeConsistencyRule, protocolScopeSubsetRule } from '../../../src/validate/rules/protocol-scope.js';
import { doc, testRule } from '../../helpers/rule-tester.js';

const both = ['2025-11-25', '2026-07-28'];
const tool = (extra: Record<string, unknown> = {}) => ({ name: 't', inputSchema: { type: 'object' }, ...extra });

testRule(protocolScopeSubsetRule, {
  valid: [
    { name: 'subset of root', doc: doc({ tools: [tool({ protocolVersions: ['2026-07-28'] })] }, both) },
    {
      name: 'elicitation inside its tool scope',
      doc: doc(
        {
          tools: [
            tool({
              protocolVersions: ['2026-07-28'],
              elicitations: [{ name: 'e', mode: 'url', message: 'm', protocolVersions: ['2026-07-28'] }],
            }),
          ],
        },
        both,
      ),
    },
  ],
  invalid: [
    {
      name: 'tool outside root',
      doc: doc({ tools: [tool({ protocolVersions: ['2026-07-28'] })] }),
      errors: [{ code: 'outside-parent', pointer: '/tools/0/protocolVersions/0' }],
    },
    {
      name: 'transport outside root',
      doc: doc({ transports: [{ type: 'stdio', command: 'x', protocolVersions: ['2025-06-18'] }] }),
      errors: [{ code: 'outside-parent', pointer: '/transports/0/protocolVersions/0' }],
    },
    {
      name: 'elicitation outside its tool',
      doc: doc(
        {
          tools: [
            tool({
              protocolVersions: ['2025-11-25'],
              elicitations: [{ name: 'e', mode: 'url', message: 'm', protocolVersions: ['2026-07-28'] }],
            }),
          ],
        },
        both,
      ),
      errors: [{ code: 'outside-parent', pointer: '/tools/0/elicitations/0/protocolVersions/0' }],
    },
  ],
});

testRule(protocolScopeConsistencyRule, {
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
