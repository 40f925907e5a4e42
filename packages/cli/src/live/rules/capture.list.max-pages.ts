import { liveRule } from './live-rule.js';

export const captureListMaxPagesRule = liveRule({
  id: 'capture.list.max-pages',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'max-pages': {
      severity: 'error',
      message: '{method} still had a nextCursor after {maxPages} pages (--max-pages); the list is incomplete',
    },
  },
  docs: { summary: 'A listing still had a nextCursor after --max-pages pages: the list is incomplete.' },
});
