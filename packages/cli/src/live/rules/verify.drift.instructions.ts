import { liveRule } from './live-rule.js';

export const verifyDriftInstructionsRule = liveRule({
  id: 'verify.drift.instructions',
  kind: 'live',
  spec: 'live',
  severity: 'warning',
  codes: {
    'instructions-differ': { severity: 'warning', message: "instructions differ from the server's" },
  },
  docs: { summary: "The server's instructions differ from the description's." },
});
