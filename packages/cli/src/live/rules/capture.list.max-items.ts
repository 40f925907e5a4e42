import { liveRule } from './live-rule.js';

export const captureListMaxItemsRule = liveRule({
  id: 'capture.list.max-items',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'max-items': {
      severity: 'error',
      message: '{method} listed more than {maxItems} items (--max-items); the list is incomplete',
    },
  },
  docs: { summary: 'A listing passed --max-items: the list is incomplete.' },
});
