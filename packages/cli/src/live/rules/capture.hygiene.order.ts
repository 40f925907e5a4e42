import { liveRule } from './live-rule.js';

export const captureHygieneOrderRule = liveRule({
  id: 'capture.hygiene.order',
  kind: 'live',
  spec: 'live',
  severity: 'warning',
  codes: {
    'non-deterministic-order': { severity: 'warning', message: '{method} listed the same items in another order' },
  },
  docs: { summary: 'Two listings of the same collection came back in different orders.' },
});
