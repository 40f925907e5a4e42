import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, lacking } from '../../model/revisions.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';
import { definingRevisions, firstDefiningRevision } from '../mcp/revision-facts.js';

const base = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' } };

export function docs(): RuleDocs {
  return {
    summary:
      'Streamable HTTP is declared only for MCP 2025-03-26 and later; SSE associated with 2025-03-26 or later is a warning.',
    bad: {
      ...base,
      protocolVersions: ['2024-11-05'],
      transports: [{ type: 'streamable-http', url: 'https://example.com/mcp' }],
    },
    good: { ...base, protocolVersions: ['2024-11-05'], transports: [{ type: 'sse', url: 'https://example.com/sse' }] },
  };
}

/** 6.2.1, 6.2.3: Streamable HTTP exists from MCP 2025-03-26; SSE is the legacy transport of 2024-11-05. */
export const rule: Rule = {
  id: 'mcp.transport.protocol-version',
  kind: 'conformance',
  spec: '6.2',
  severity: 'error',
  codes: {
    'undefined-transport': `transport type {value} is not defined by MCP {revisions}, in this transport's effective scope; Streamable HTTP is defined for MCP ${firstDefiningRevision('transport.streamable-http')} and later (6.2.1)`,
    'legacy-sse': {
      severity: 'warning',
      message: `transport type {value} is associated with MCP {revisions}, where Streamable HTTP is the standard remote transport; SSE is the legacy transport of MCP ${definingRevisions('transport.sse.standard')}, use "streamable-http" (6.2.3)`,
    },
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
