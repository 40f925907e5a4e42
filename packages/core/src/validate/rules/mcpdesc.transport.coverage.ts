import { formatRevisions, sortRevisions, type Revision } from '../../model/revisions.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';

const base = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' } };

export function docs(): RuleDocs {
  return {
    summary: 'When transports is present, every root protocol revision has at least one applicable transport.',
    bad: {
      ...base,
      protocolVersions: ['2025-11-25', '2026-07-28'],
      transports: [{ type: 'stdio', command: 'srv', protocolVersions: ['2025-11-25'] }],
    },
    good: { ...base, protocolVersions: ['2025-11-25', '2026-07-28'], transports: [{ type: 'stdio', command: 'srv' }] },
  };
}

/** 6.5: when `transports` is present, the union of effective transport scopes equals root coverage. */
export const rule: Rule = {
  id: 'mcpdesc.transport.coverage',
  kind: 'conformance',
  spec: '6.5',
  severity: 'error',
  codes: {
    'uncovered-revision':
      'no transport applies to root {revisions}; when transports is present, the union of effective transport scopes must equal root protocolVersions',
  },
  create(ctx) {
    const covered = new Set<Revision>();
    let seen = false;
    return {
      transport(node) {
        seen = true;
        for (const r of node.scope) covered.add(r);
      },
      end() {
        // Omitted transports: no coverage validation (6.5). A present array without any Transport
        // Object (empty or malformed) is reported by the structural schema.
        if (!seen || !Array.isArray(ctx.document.transports)) return;
        const missing = ctx.rootScope.filter((r) => !covered.has(r));
        if (missing.length === 0) return;
        ctx.report('uncovered-revision', '/transports', {
          values: {
            revisions: raw((missing.length > 1 ? 'revisions ' : 'revision ') + formatRevisions(sortRevisions(missing))),
          },
        });
      },
    };
  },
};
