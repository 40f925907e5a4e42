import { liveRule } from './live-rule.js';

export const captureRevisionFitRule = liveRule({
  id: 'capture.revision-fit',
  kind: 'live',
  spec: 'live',
  severity: 'warning',
  codes: {
    'transports-omitted': { severity: 'warning', message: 'transports are not defined by MCP {revision}; left out' },
    'field-omitted': { severity: 'warning', message: '{field} is not defined by MCP {revision}; left out' },
  },
  docs: { summary: "What a captured revision does not define was left out of that revision's view." },
});
