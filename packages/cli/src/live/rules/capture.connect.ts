import { liveRule } from './live-rule.js';

export const captureConnectRule = liveRule({
  id: 'capture.connect',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'no-revision': { severity: 'error', message: 'the server accepted none of the requested revisions {revisions}' },
  },
  docs: { summary: 'capture could connect to the server in none of the requested MCP revisions.' },
});
