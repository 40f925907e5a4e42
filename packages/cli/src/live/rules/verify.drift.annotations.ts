import { liveRule } from './live-rule.js';

export const verifyDriftAnnotationsRule = liveRule({
  id: 'verify.drift.annotations',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'annotation-differs': {
      severity: 'error',
      message: 'tool {id}: annotations.{key} is {want} but the server has {live}',
    },
  },
  docs: { summary: "A tool's effective annotations differ from the server's." },
});
