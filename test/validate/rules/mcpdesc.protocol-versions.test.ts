import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.protocol-versions.js';

const tool = (extra: Record<string, unknown> = {}) => ({ name: 't', inputSchema: { type: 'object' }, ...extra });

testRule(rule, {
  valid: [
    { name: 'two modern revisions', doc: doc({}, ['2025-11-25', '2026-07-28']) },
    {
      name: 'scoped tool',
      doc: doc({ tools: [tool({ protocolVersions: ['2026-07-28'] })] }, ['2025-11-25', '2026-07-28']),
    },
  ],
  invalid: [
    {
      name: 'unknown root revision',
      doc: doc({}, ['2025-11-25', '2027-01-01']),
      errors: [{ code: 'unknown-revision', pointer: '/protocolVersions/1' }],
    },
    {
      name: 'duplicate root revision',
      doc: doc({}, ['2025-11-25', '2025-11-25']),
      errors: [{ code: 'duplicate', pointer: '/protocolVersions/1' }],
    },
    {
      name: 'unknown revision on a tool',
      doc: doc({ tools: [tool({ protocolVersions: ['2025-11-26'] })] }),
      errors: [{ code: 'unknown-revision', pointer: '/tools/0/protocolVersions/0' }],
    },
    {
      name: 'legacy revision warns once',
      doc: doc({}, ['2024-11-05', '2025-11-25', '2024-11-05']),
      errors: [
        { code: 'legacy-incomplete', pointer: '/protocolVersions/0', severity: 'warning' },
        { code: 'duplicate', pointer: '/protocolVersions/2' },
      ],
    },
  ],
});
