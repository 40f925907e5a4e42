import { liveRule } from './live-rule.js';

export const verifyContractResourceReadRule = liveRule({
  id: 'verify.contract.resource-read',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'read-failed': { severity: 'error', message: 'resources/read {uri} failed' },
    'contents-shape': {
      severity: 'error',
      message: 'resources/read {uri}: contents are not an array of resource contents',
    },
  },
  docs: { summary: 'Reading a resource example failed or its contents have the wrong shape.' },
});
