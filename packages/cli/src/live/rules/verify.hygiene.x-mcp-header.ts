import { liveRule } from './live-rule.js';

export const verifyHygieneXMcpHeaderRule = liveRule({
  id: 'verify.hygiene.x-mcp-header',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'headers-unstable': {
      severity: 'warning',
      message: 'tool {id}: x-mcp-header mappings changed between two listings',
    },
    'header-duplicate': { severity: 'error', message: 'tool {id}: header {header} is mapped twice' },
  },
  docs: { summary: "A tool's x-mcp-header mappings are duplicated or change between listings." },
});
