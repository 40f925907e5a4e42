import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.transport.coverage.js';

const stdio = (extra: Record<string, unknown> = {}) => ({ type: 'stdio', command: 'srv', ...extra });

const http = (extra: Record<string, unknown> = {}) => ({
  type: 'streamable-http',
  url: 'https://example.com/mcp',
  ...extra,
});

testRule(rule, {
  valid: [
    { name: 'transports omitted: no coverage inferred', doc: doc({}, ['2025-11-25', '2026-07-28']) },
    { name: 'unscoped transport covers root', doc: doc({ transports: [stdio()] }, ['2025-11-25', '2026-07-28']) },
    {
      name: 'union of overlapping scoped transports covers root',
      doc: doc(
        {
          transports: [
            stdio({ protocolVersions: ['2025-11-25'] }),
            http({ protocolVersions: ['2025-11-25', '2026-07-28'] }),
          ],
        },
        ['2025-11-25', '2026-07-28'],
      ),
    },
  ],
  invalid: [
    {
      name: 'one root revision without a transport',
      doc: doc({ transports: [stdio({ protocolVersions: ['2025-11-25'] })] }, ['2025-11-25', '2026-07-28']),
      errors: [{ code: 'uncovered-revision', pointer: '/transports' }],
    },
    {
      name: 'several uncovered revisions are one diagnostic',
      doc: doc({ transports: [stdio({ protocolVersions: ['2026-07-28'] })] }, [
        '2025-06-18',
        '2025-11-25',
        '2026-07-28',
      ]),
      errors: [{ code: 'uncovered-revision', pointer: '/transports' }],
    },
  ],
});
