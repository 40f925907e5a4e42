import { liveRule } from './live-rule.js';
import { mergeCodes } from './merge-codes.js';

export const captureMergeRule = liveRule({
  id: 'capture.merge',
  kind: 'live',
  spec: '4.13',
  severity: 'error',
  codes: mergeCodes(),
  docs: {
    summary: 'Merging the per-revision views of a capture reported a conflict or the merged output was invalid.',
  },
});
