import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, lacking, sortRevisions, type Revision } from '../../model/revisions.js';
import { raw, type Rule } from '../rule.js';

const base = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' } };

/** 6.5: when `transports` is present, the union of effective transport scopes equals root coverage. */
export const transportCoverageRule: Rule = {
  id: 'mcpdesc.transport.coverage',
  kind: 'conformance',
  spec: '6.5',
  severity: 'error',
  codes: {
    'uncovered-revision':
      'no transport applies to root {revisions}; when transports is present, the union of effective transport scopes must equal root protocolVersions',
  },
  docs: {
    summary: 'When transports is present, every root protocol revision has at least one applicable transport.',
    bad: {
      ...base,
      protocolVersions: ['2025-11-25', '2026-07-28'],
      transports: [{ type: 'stdio', command: 'srv', protocolVersions: ['2025-11-25'] }],
    },
    good: { ...base, protocolVersions: ['2025-11-25', '2026-07-28'], transports: [{ type: 'stdio', command: 'srv' }] },
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

/** 6.2.1, 6.2.3: Streamable HTTP exists from MCP 2025-03-26; SSE is the legacy transport of 2024-11-05. */
export const transportProtocolVersionRule: Rule = {
  id: 'mcp.transport.protocol-version',
  kind: 'conformance',
  spec: '6.2',
  severity: 'error',
  codes: {
    'undefined-transport':
      "transport type {value} is not defined by MCP {revisions}, in this transport's effective scope; Streamable HTTP is defined for MCP 2025-03-26 and later (6.2.1)",
    'legacy-sse': {
      severity: 'warning',
      message:
        'transport type {value} is associated with MCP {revisions}, where Streamable HTTP is the standard remote transport; SSE is the legacy transport of MCP 2024-11-05, use "streamable-http" (6.2.3)',
    },
  },
  docs: {
    summary:
      'Streamable HTTP is declared only for MCP 2025-03-26 and later; SSE associated with 2025-03-26 or later is a warning.',
    bad: {
      ...base,
      protocolVersions: ['2024-11-05'],
      transports: [{ type: 'streamable-http', url: 'https://example.com/mcp' }],
    },
    good: { ...base, protocolVersions: ['2024-11-05'], transports: [{ type: 'sse', url: 'https://example.com/sse' }] },
  },
  create(ctx) {
    return {
      transport(node) {
        const type = node.value.type;
        const at = joinPointer(node.pointer, 'type');
        if (type === 'streamable-http') {
          const missing = lacking(node.scope, 'transport.streamable-http');
          if (missing.length)
            ctx.report('undefined-transport', at, {
              values: { value: type, revisions: raw(formatRevisions(missing)) },
            });
        } else if (type === 'sse') {
          const modern = lacking(node.scope, 'transport.sse.standard');
          if (modern.length)
            ctx.report('legacy-sse', at, { values: { value: type, revisions: raw(formatRevisions(modern)) } });
        }
      },
    };
  },
};

export const rules: readonly Rule[] = [transportCoverageRule, transportProtocolVersionRule];
