import { liveRule } from './live-rule.js';

export const verifyContractToolResultRule = liveRule({
  id: 'verify.contract.tool-result',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'expected-error': { severity: 'error', message: 'tool {id} example {example}: expected an error result' },
    'unexpected-error': { severity: 'error', message: 'tool {id} example {example}: the result is an error' },
    'content-types': { severity: 'error', message: 'tool {id} example {example}: content block types differ' },
    'structured-content-missing': {
      severity: 'error',
      message: 'tool {id} example {example}: no structuredContent although an outputSchema is declared',
    },
    'structured-content-invalid': {
      severity: 'error',
      message: 'tool {id} example {example}: structuredContent does not conform to the outputSchema',
    },
  },
  docs: { summary: "A tool's live result does not keep the example's contract." },
});
