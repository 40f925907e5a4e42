import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, isRevision } from '../../model/revisions.js';
import { raw, type Rule, type RuleContext, type RuleDocs } from '../rule.js';
import type { ScopedNode } from '../walk.js';

function checkSubset(ctx: RuleContext, node: ScopedNode, parent: string): void {
  const list = node.value.protocolVersions;
  if (!Array.isArray(list)) return;
  list.forEach((value, index) => {
    // Unknown revisions are reported by mcpdesc.protocol-versions; only known ones can be outside.
    if (isRevision(value) && !node.parentScope.includes(value)) {
      ctx.report('outside-parent', joinPointer(node.pointer, 'protocolVersions', index), {
        values: { value, parent: raw(parent), scope: raw(formatRevisions(node.parentScope) || 'empty') },
      });
    }
  });
}

export function docs(): RuleDocs {
  return {
    summary:
      'An explicit protocolVersions on a transport, capabilities object, primitive or elicitation is a subset of its parent scope.',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      tools: [{ name: 't', protocolVersions: ['2026-07-28'], inputSchema: { type: 'object' } }],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25', '2026-07-28'],
      tools: [{ name: 't', protocolVersions: ['2026-07-28'], inputSchema: { type: 'object' } }],
    },
  };
}

/** Explicit scopes are non-empty subsets of the parent's effective scope (4.10, 12.5). */
export const rule: Rule = {
  id: 'mcpdesc.protocol-scope.subset',
  kind: 'conformance',
  spec: '4.10',
  severity: 'error',
  codes: {
    'outside-parent':
      '{value} is outside the {parent} effective scope ({scope}); an explicit protocolVersions must be a subset of it',
  },
  create(ctx) {
    const check = (node: ScopedNode, parent: string): void => checkSubset(ctx, node, parent);
    return {
      transport: (node) => check(node, 'root'),
      capabilities: (node) => check(node, 'root'),
      primitive: (node) => check(node, 'root'),
      elicitation: (node) => check(node, "containing primitive's"),
    };
  },
};
