import { liveRule } from './live-rule.js';

export const verifyListErrorRule = liveRule({
  id: 'verify.list.error',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'list-error': { severity: 'error', message: '{method} failed: {code} {message}' },
  },
  docs: { summary: 'A list request failed.' },
});
