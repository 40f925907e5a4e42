import { liveRule } from './live-rule.js';

export const captureServerInfoRule = liveRule({
  id: 'capture.server-info',
  kind: 'live',
  spec: '5',
  severity: 'error',
  codes: {
    'missing-name': { severity: 'error', message: 'the server reports no serverInfo.name; info.title needs one' },
    'missing-version': {
      severity: 'error',
      message: 'the server reports no serverInfo.version and no --server-version was given',
    },
    'version-chosen': { severity: 'info', message: '--server-version {version} supplied info.version' },
    'empty-version': { severity: 'warning', message: 'the server reports serverInfo.version "" (no claim)' },
    'version-option-unused': {
      severity: 'info',
      message: '--server-version was given but the server reports its own version',
    },
  },
  docs: { summary: "The server's initialize answer lacks what an Info Object needs, or --server-version chose one." },
});
