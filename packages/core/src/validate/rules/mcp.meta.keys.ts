import { joinPointer } from '../../model/json-pointer.js';
import type { Rule, RuleDocs } from '../rule.js';
import { checkMeta, metaCodes } from '../mcp/meta.js';

const doc = (meta: Record<string, unknown>) => ({
  mcpdesc: '0.8.0',
  info: { name: 'x', version: '1' },
  protocolVersions: ['2026-07-28'],
  tools: [{ name: 't', inputSchema: { type: 'object' }, _meta: meta }],
});

export function docs(): RuleDocs {
  return {
    summary:
      'Declaration _meta keys follow the MCP key grammar; MCP-reserved keys are used only where and as MCP defines them.',
    bad: doc({ 'bad key': true }),
    good: doc({ 'com.example/status': 'stable' }),
  };
}

/**
 * `_meta` keys on Tool, Resource, Resource Template and Prompt declarations (3.5). Result,
 * content and Resource Contents `_meta` in named examples is checked by the example rules with
 * the same checker (src/validate/mcp/meta.ts).
 */
export const rule: Rule = {
  id: 'mcp.meta.keys',
  kind: 'conformance',
  spec: '3.5',
  severity: 'error',
  codes: { ...metaCodes },
  create(ctx) {
    return {
      primitive(node) {
        if (node.value._meta === undefined) return;
        checkMeta(ctx, node.value._meta, joinPointer(node.pointer, '_meta'), node.scope, 'declaration');
      },
    };
  },
};
