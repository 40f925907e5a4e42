import { liveRule } from './live-rule.js';

export const captureServerLapseRule = liveRule({
  id: 'capture.server-lapse',
  kind: 'live',
  spec: 'live',
  severity: 'warning',
  codes: {
    'list-method-not-found': {
      severity: 'warning',
      message: '{method} answered -32601 although the server advertises {capability}',
    },
  },
  docs: { summary: 'The server advertises a list capability but its list method is not found.' },
});
