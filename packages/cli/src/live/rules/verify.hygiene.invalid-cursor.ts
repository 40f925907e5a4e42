import { liveRule } from './live-rule.js';

export const verifyHygieneInvalidCursorRule = liveRule({
  id: 'verify.hygiene.invalid-cursor',
  kind: 'live',
  spec: 'live',
  severity: 'warning',
  codes: {
    'invalid-cursor-accepted': { severity: 'warning', message: '{method} accepted an invalid cursor' },
  },
  docs: { summary: 'The server accepts an invalid pagination cursor instead of answering -32602.' },
});
