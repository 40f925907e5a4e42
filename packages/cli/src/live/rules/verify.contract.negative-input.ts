import { liveRule } from './live-rule.js';

export const verifyContractNegativeInputRule = liveRule({
  id: 'verify.contract.negative-input',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'missing-required-accepted': {
      severity: 'error',
      message: 'tool {id}: an input without required {property} was accepted',
    },
    'wrong-type-accepted': {
      severity: 'error',
      message: 'tool {id}: an input with {property} of the wrong type was accepted',
    },
    'missing-required-wrong-error-code': {
      severity: 'warning',
      message: 'tool {id}: an input without required {property} was rejected with {code}, not -32602',
    },
    'wrong-type-wrong-error-code': {
      severity: 'warning',
      message: 'tool {id}: an input with {property} of the wrong type was rejected with {code}, not -32602',
    },
  },
  docs: { summary: 'A read-only tool accepts an input its schema rejects, or rejects it with the wrong error.' },
});
