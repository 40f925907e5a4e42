import { liveRule } from './live-rule.js';

export const captureConnectRule = liveRule({
  id: 'capture.connect',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'connect-failed': { severity: 'error', message: 'cannot connect to the server: {reason}' },
    'no-revision': { severity: 'error', message: 'the server accepted none of the requested revisions {revisions}' },
  },
  docs: { summary: 'capture could not reach the server, or could connect in none of the requested MCP revisions.' },
});
