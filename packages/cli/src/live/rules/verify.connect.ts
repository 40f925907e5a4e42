import { liveRule } from './live-rule.js';

export const verifyConnectRule = liveRule({
  id: 'verify.connect',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'connect-failed': { severity: 'error', message: 'cannot verify MCP {revision}: {reason}' },
  },
  docs: { summary: 'verify could not reach the server.' },
});
