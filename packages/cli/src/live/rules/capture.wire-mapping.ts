import { liveRule } from './live-rule.js';

export const captureWireMappingRule = liveRule({
  id: 'capture.wire-mapping',
  kind: 'live',
  spec: 'live',
  severity: 'warning',
  codes: {
    'empty-omitted': { severity: 'info', message: 'an empty {field} was omitted' },
    'member-omitted': { severity: 'warning', message: '{field} is not a member the format defines; it was omitted' },
    'below-minimum': { severity: 'warning', message: '{field} is below the format minimum' },
    'empty-string': { severity: 'warning', message: '{field} is "" where the format needs a non-empty string' },
  },
  docs: {
    summary: 'A wire value the description format cannot hold as sent was mapped (omitted, or raised to a minimum).',
  },
});
