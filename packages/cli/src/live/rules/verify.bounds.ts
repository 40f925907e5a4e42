import { liveRule } from './live-rule.js';

export const verifyBoundsRule = liveRule({
  id: 'verify.bounds',
  kind: 'live',
  spec: 'live',
  severity: 'warning',
  codes: {
    'max-calls': {
      severity: 'warning',
      message: '--max-calls {max} reached: the remaining contract calls, reads and gets were not made',
    },
  },
  docs: { summary: 'verify stopped its contract calls at --max-calls.' },
});
