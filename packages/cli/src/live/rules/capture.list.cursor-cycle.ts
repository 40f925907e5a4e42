import { liveRule } from './live-rule.js';

export const captureListCursorCycleRule = liveRule({
  id: 'capture.list.cursor-cycle',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'cursor-repeats': {
      severity: 'error',
      message: '{method} returned the cursor {cursor} a second time; pagination stopped to avoid a loop',
    },
  },
  docs: { summary: 'A listing returned a cursor a second time; pagination stopped to avoid a loop.' },
});
