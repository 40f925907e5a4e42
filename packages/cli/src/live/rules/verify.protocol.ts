import { liveRule } from './live-rule.js';

export const verifyProtocolRule = liveRule({
  id: 'verify.protocol',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'not-described': { severity: 'error', message: "MCP {revision} is not among the description's protocolVersions" },
    unsupported: { severity: 'error', message: 'cannot verify MCP {revision}: the server did not negotiate it' },
  },
  docs: { summary: 'A requested revision is not described, or the server does not support it.' },
});
