import { liveRule } from './live-rule.js';

export const verifyDescriptionRule = liveRule({
  id: 'verify.description',
  kind: 'live',
  spec: 'live',
  severity: 'warning',
  codes: {
    'no-native-form': { severity: 'warning', message: 'no native form for MCP {revision}: {reason}' },
  },
  docs: { summary: 'The description has no native form for a revision to compare the server with.' },
});
