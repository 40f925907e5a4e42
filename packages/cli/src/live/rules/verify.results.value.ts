import { liveRule } from './live-rule.js';
import { differenceCodes } from './difference-codes.js';

export const verifyResultsValueRule = liveRule({
  id: 'verify.results.value',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: differenceCodes(false),
  docs: { summary: "verify --results: a live result's value differs from the recorded example's." },
});
