import { liveRule } from './live-rule.js';
import { differenceCodes } from './difference-codes.js';

export const verifyResultsStructureRule = liveRule({
  id: 'verify.results.structure',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: differenceCodes(true),
  docs: { summary: "verify --results: a live result's structure differs from the recorded example's." },
});
