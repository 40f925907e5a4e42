import { doc, testRule } from '../../helpers/rule-tester.js';
import { transportCoverageRule, transportProtocolVersionRule } from '../../../src/validate/rules/transports.js';

const stdio = (extra: Record<string, unknown> = {}) => ({ type: 'stdio', command: 'srv', ...extra });
const http = (extra: Record<string, unknown> = {}) => ({
  type: 'streamable-http',
  url: 'https://example.com/mcp',
  ...extra,
});
const sse = (extra: Record<string, unknown> = {}) => ({ type: 'sse', url: 'https://example.com/sse', ...extra });

testRule(transportCoverageRule, {
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

testRule(transportProtocolVersionRule, {
  valid: [
    {
      name: 'streamable-http on 2025-03-26 and later',
      doc: doc({ transports: [http()] }, ['2025-03-26', '2026-07-28']),
    },
    { name: 'sse on 2024-11-05 only', doc: doc({ transports: [sse()] }, ['2024-11-05']) },
    {
      name: 'sse scoped to 2024-11-05, streamable-http to later',
      doc: doc(
        { transports: [sse({ protocolVersions: ['2024-11-05'] }), http({ protocolVersions: ['2025-11-25'] })] },
        ['2024-11-05', '2025-11-25'],
      ),
    },
  ],
  invalid: [
    {
      name: 'streamable-http on 2024-11-05',
      doc: doc({ transports: [http()] }, ['2024-11-05', '2025-11-25']),
      errors: [{ code: 'undefined-transport', pointer: '/transports/0/type', severity: 'error' }],
    },
    {
      name: 'sse on 2025-03-26 warns',
      doc: doc({ transports: [sse()] }, ['2025-03-26']),
      errors: [{ code: 'legacy-sse', pointer: '/transports/0/type', severity: 'warning' }],
    },
    {
      name: 'sse on 2024-11-05 and 2026-07-28 warns once',
      doc: doc({ transports: [stdio(), sse()] }, ['2024-11-05', '2025-11-25', '2026-07-28']),
      errors: [{ code: 'legacy-sse', pointer: '/transports/1/type', severity: 'warning' }],
    },
  ],
});
