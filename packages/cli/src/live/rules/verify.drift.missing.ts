import { liveRule } from './live-rule.js';

export const verifyDriftMissingRule = liveRule({
  id: 'verify.drift.missing',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'list-not-advertised': {
      severity: 'error',
      message: 'the description declares {kind} but the server does not advertise {capability}',
    },
    'primitive-missing': { severity: 'error', message: '{kind} {id} is declared but the server does not list it' },
  },
  docs: { summary: 'A declared primitive (or its list capability) the server does not have.' },
});
