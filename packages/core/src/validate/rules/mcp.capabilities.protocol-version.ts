import { gateOf, lackingField } from '../../model/shape-tree.js';
import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, having } from '../../model/revisions.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';
import { definingRevisions, firstDefiningRevision } from '../mcp/revision-facts.js';

const base = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' } };

export function docs(): RuleDocs {
  return {
    summary:
      'tasks applies only to MCP 2025-11-25 and completions to 2025-03-26 and later; logging on 2026-07-28 (deprecated) and extensions before 2026-07-28 (pre-standard) warn.',
    bad: { ...base, protocolVersions: ['2025-11-25', '2026-07-28'], capabilities: [{ tasks: { list: {} } }] },
    good: {
      ...base,
      protocolVersions: ['2025-11-25', '2026-07-28'],
      capabilities: [
        { protocolVersions: ['2025-11-25'], tasks: { list: {} } },
        { protocolVersions: ['2026-07-28'], tools: { listChanged: true } },
      ],
    },
  };
}

/** 8.2-8.4: server capabilities declared only for the revisions that define them. */
export const rule: Rule = {
  id: 'mcp.capabilities.protocol-version',
  kind: 'conformance',
  spec: '8.2',
  severity: 'error',
  codes: {
    'undefined-capability':
      "capability {value} is not defined by MCP {revisions}, in this Capabilities Object's effective scope; {defined}",
    'deprecated-logging': {
      severity: 'warning',
      message: 'capability "logging" applies to MCP {revisions}, where it is deprecated (8.4)',
    },
    'pre-standard-extensions': {
      severity: 'warning',
      message: `capability "extensions" applies to MCP {revisions}, whose core schema does not define it: the map is preserved as a deployed pre-standard extension negotiation convention and implies no support for MCP ${definingRevisions(gateOf('Capabilities', 'extensions'))} (8.4)`,
    },
  },
  create(ctx) {
    return {
      capabilities(node) {
        const v = node.value;
        const at = (name: string): string => joinPointer(node.pointer, name);
        if (v.tasks !== undefined) {
          const missing = lackingField(node.scope, 'Capabilities', 'tasks');
          if (missing.length) {
            ctx.report('undefined-capability', at('tasks'), {
              key: true,
              values: {
                value: 'tasks',
                revisions: raw(formatRevisions(missing)),
                defined: raw(
                  `core tasks is defined for MCP ${definingRevisions(gateOf('Capabilities', 'tasks'))} only; MCP ${definingRevisions(gateOf('Capabilities', 'extensions'))} uses a Tasks extension under "extensions" (8.3, 8.4)`,
                ),
              },
            });
          }
        }
        if (v.completions !== undefined) {
          const missing = lackingField(node.scope, 'Capabilities', 'completions');
          if (missing.length) {
            ctx.report('undefined-capability', at('completions'), {
              key: true,
              values: {
                value: 'completions',
                revisions: raw(formatRevisions(missing)),
                defined: raw(
                  `completions is defined for MCP ${firstDefiningRevision(gateOf('Capabilities', 'completions'))} and later (8.2)`,
                ),
              },
            });
          }
        }
        if (v.logging !== undefined) {
          const deprecated = having(node.scope, 'capability.logging.deprecated');
          if (deprecated.length)
            ctx.report('deprecated-logging', at('logging'), {
              key: true,
              values: { revisions: raw(formatRevisions(deprecated)) },
            });
        }
        if (v.extensions !== undefined) {
          const earlier = lackingField(node.scope, 'Capabilities', 'extensions');
          if (earlier.length)
            ctx.report('pre-standard-extensions', at('extensions'), {
              key: true,
              values: { revisions: raw(formatRevisions(earlier)) },
            });
        }
      },
    };
  },
};
