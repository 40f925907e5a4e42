import { liveRule } from './live-rule.js';

export const verifyDriftSchemaRule = liveRule({
  id: 'verify.drift.schema',
  kind: 'live',
  spec: '9.2',
  severity: 'error',
  codes: {
    'input-schema-differs': { severity: 'error', message: "tool {id}: inputSchema differs from the server's" },
    'output-schema-differs': { severity: 'error', message: "tool {id}: outputSchema differs from the server's" },
  },
  docs: { summary: "A tool's input or output schema differs semantically from the server's." },
});
