import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.protocol-scope.subset.js';

const both = ['2025-11-25', '2026-07-28'];

const tool = (extra: Record<string, unknown> = {}) => ({ name: 't', inputSchema: { type: 'object' }, ...extra });

testRule(rule, {
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
