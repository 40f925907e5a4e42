import { liveRule } from './live-rule.js';

export const verifyResultsVolatileRule = liveRule({
  id: 'verify.results.volatile',
  kind: 'live',
  spec: 'live',
  severity: 'warning',
  codes: {
    'invalid-pointer': { severity: 'warning', message: '{example}: {pointer} is not a JSON Pointer' },
  },
  docs: { summary: 'verify --results: a volatile-path pointer of an example is not a JSON Pointer.' },
});
