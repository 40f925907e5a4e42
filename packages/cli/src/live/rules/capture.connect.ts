import { liveRule } from './live-rule.js';

/** `auto` over stdio: the probe's silence reads as a 2025-era server, and a slow modern one looks the same. */
export function probeUnanswered(bound: number | string, revision: string): string {
  return `the server did not answer the server/discover probe within ${bound} ms, so it was captured through initialize (MCP ${revision}); a server that offers 2026-07-28 but is slow to start gives the same silence: capture it with --protocol 2026-07-28 (or --protocol all) to ask without the bound`;
}

export const captureConnectRule = liveRule({
  id: 'capture.connect',
  kind: 'live',
  spec: 'live',
  severity: 'error',
  codes: {
    'connect-failed': { severity: 'error', message: 'cannot connect to the server: {reason}' },
    'no-revision': { severity: 'error', message: 'the server accepted none of the requested revisions {revisions}' },
    'probe-unanswered': { severity: 'warning', message: probeUnanswered('{bound}', '{revision}') },
  },
  docs: { summary: 'capture could not reach the server, or could connect in none of the requested MCP revisions.' },
});
