import { liveRule } from './live-rule.js';

export const verifyDriftServerInfoRule = liveRule({
  id: 'verify.drift.server-info',
  kind: 'live',
  spec: '5',
  severity: 'warning',
  codes: {
    'info-differs': { severity: 'warning', message: 'info.{key} is {want} but the server reports {live}' },
  },
  docs: { summary: "The server's serverInfo differs from the description's info (author metadata: a warning)." },
});
