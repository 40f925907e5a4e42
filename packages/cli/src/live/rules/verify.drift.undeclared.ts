import { liveRule } from './live-rule.js';

export const verifyDriftUndeclaredRule = liveRule({
  id: 'verify.drift.undeclared',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'primitive-undeclared': {
      severity: 'error',
      message: 'the server lists {kind} {id}, which the description does not declare',
    },
  },
  docs: {
    summary:
      'The server lists a primitive the description does not declare (a warning when the description has no such collection).',
  },
});
