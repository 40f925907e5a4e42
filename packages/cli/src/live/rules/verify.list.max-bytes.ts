import { liveRule } from './live-rule.js';

export const verifyListMaxBytesRule = liveRule({
  id: 'verify.list.max-bytes',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'max-bytes': {
      severity: 'error',
      message: '{method} results passed {maxBytes} bytes (--max-bytes); the list is incomplete',
    },
  },
  docs: { summary: 'A listing passed --max-bytes: the list is incomplete.' },
});
