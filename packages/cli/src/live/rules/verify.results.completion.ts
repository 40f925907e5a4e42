import { liveRule } from './live-rule.js';

export const verifyResultsCompletionRule = liveRule({
  id: 'verify.results.completion',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'complete-failed': { severity: 'error', message: 'completion/complete for {example} failed' },
  },
  docs: { summary: 'verify --results: asking a recorded completion again failed.' },
});
