import { liveRule } from './live-rule.js';
import { fieldCodes } from './field-codes.js';

export const verifyDriftFieldRule = liveRule({
  id: 'verify.drift.field',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: fieldCodes(),
  docs: { summary: "A declared field's value differs from the server's." },
});
