import { liveRule } from './live-rule.js';

export const verifyContractToolCallRule = liveRule({
  id: 'verify.contract.tool-call',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'call-failed': { severity: 'error', message: 'tool {id} example {example}: the call failed' },
  },
  docs: { summary: 'Calling a tool with a named example failed at the protocol level.' },
});
