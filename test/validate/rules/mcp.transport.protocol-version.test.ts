import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.transport.protocol-version.js';

const stdio = (extra: Record<string, unknown> = {}) => ({ type: 'stdio', command: 'srv', ...extra });

const http = (extra: Record<string, unknown> = {}) => ({
  type: 'streamable-http',
  url: 'https://example.com/mcp',
  ...extra,
});

const sse = (extra: Record<string, unknown> = {}) => ({ type: 'sse', url: 'https://example.com/sse', ...extra });

testRule(rule, {
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
