import { liveRule } from './live-rule.js';

export const verifyDriftCapabilitiesRule = liveRule({
  id: 'verify.drift.capabilities',
  kind: 'live',
  spec: '3.3',
  severity: 'error',
  codes: {
    'capability-undeclared': {
      severity: 'info',
      message: 'the server advertises the {key} capability, which the description omits',
    },
    'capability-missing': {
      severity: 'error',
      message: 'the description declares the {key} capability but the server does not advertise it',
    },
    'capability-member-undeclared': {
      severity: 'info',
      message: 'the server advertises {key}.{member}, which the description omits',
    },
    'capability-differs': {
      severity: 'error',
      message: 'capability {key} is {want} in the description but the server advertises {live}',
    },
  },
  docs: {
    summary:
      'A declared capability the server does not advertise or advertises differently (omission makes no declaration).',
  },
});
