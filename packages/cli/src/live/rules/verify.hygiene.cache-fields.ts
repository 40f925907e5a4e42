import { liveRule } from './live-rule.js';

export const verifyHygieneCacheFieldsRule = liveRule({
  id: 'verify.hygiene.cache-fields',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'cache-fields-missing': { severity: 'error', message: '{method} page {page} has no {fields}' },
  },
  docs: { summary: 'A list result page lacks the cache fields its revision requires.' },
});
