import { liveRule } from './live-rule.js';

export const captureSecretRule = liveRule({
  id: 'capture.secret',
  kind: 'live',
  spec: 'live',
  severity: 'warning',
  codes: {
    redacted: { severity: 'warning', message: 'a secret-looking string at {pointer} was redacted' },
    'key-renamed': { severity: 'warning', message: 'a secret-looking key at {pointer} was renamed' },
    'entry-dropped': { severity: 'warning', message: 'an entry holding a secret at {pointer} was dropped' },
  },
  docs: { summary: 'A value that looks like a secret was redacted from the captured document.' },
});
