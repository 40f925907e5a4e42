import { liveRule } from './live-rule.js';

export const capturePrimitiveRule = liveRule({
  id: 'capture.primitive',
  kind: 'live',
  spec: 'live',
  severity: 'warning',
  codes: {
    'no-identity': { severity: 'warning', message: 'a listed {kind} has no identity (name or uri); it was left out' },
    duplicate: { severity: 'warning', message: '{kind} {id} is listed twice; the first was kept' },
    'none-listed': { severity: 'warning', message: 'the server advertises {capability} but lists no {kind}' },
  },
  docs: {
    summary:
      'A listed primitive capture cannot describe: no identity, a duplicate, or an advertised list that is empty.',
  },
});
