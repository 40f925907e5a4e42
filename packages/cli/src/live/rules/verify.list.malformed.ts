import { liveRule } from './live-rule.js';

export const verifyListMalformedRule = liveRule({
  id: 'verify.list.malformed',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'not-an-array': { severity: 'error', message: '{method} result has no {collection} array' },
    'cursor-type': { severity: 'error', message: '{method} nextCursor must be a string, found {found}' },
  },
  docs: { summary: 'A list result is malformed: no array of the collection, or a cursor that is not a string.' },
});
