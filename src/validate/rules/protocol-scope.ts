import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, isRevision, type Revision } from '../../model/revisions.js';
import { raw, type Rule, type RuleContext } from '../rule.js';
import type { ScopedNode } from '../walk.js';

/** Explicit scopes are non-empty subsets of the parent's effective scope (4.10, 12.5). */
export const protocolScopeSubsetRule: Rule = {
  id: 'mcpdesc.protocol-scope.subset',
  kind: 'conformance',
  spec: '4.10',
  severity: 'error',
  codes: {
    'outside-parent':
      '{value} is outside the {parent} effective scope ({scope}); an explicit protocolVersions must be a subset of it',
  },
  docs: {
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

/** Pairwise-disjoint scopes for same-identity primitives (9.5, 10.5, 11.1) and capabilities objects (8.6). */
export const protocolScopeConsistencyRule: Rule = {
  id: 'mcpdesc.protocol-scope.consistency',
  kind: 'conformance',
  spec: '9.5',
  severity: 'error',
  codes: {
    'overlapping-variants':
      'this {kind} with {identity} {value} overlaps the declaration at {other} in {overlap}; same-identity variants must have pairwise-disjoint effective scopes',
    'overlapping-capabilities':
      'this Capabilities Object overlaps the one at {other} in {overlap}; at most one Capabilities Object may apply to a revision (8.6)',
  },
  docs: {
    summary:
      'Variants of one tool, prompt, resource or template, and Capabilities Objects, have pairwise-disjoint effective scopes.',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25', '2026-07-28'],
      tools: [
        { name: 't', inputSchema: { type: 'object' } },
        { name: 't', protocolVersions: ['2026-07-28'], inputSchema: { type: 'object' } },
      ],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25', '2026-07-28'],
      tools: [
        { name: 't', protocolVersions: ['2025-11-25'], inputSchema: { type: 'object' } },
        { name: 't', protocolVersions: ['2026-07-28'], inputSchema: { type: 'object' } },
      ],
    },
  },
  create(ctx) {
    const seen = new Map<string, { pointer: string; scope: Revision[] }[]>();
    const capabilities: { pointer: string; scope: Revision[] }[] = [];
    const labels = {
      tool: ['Tool', 'name'],
      prompt: ['Prompt', 'name'],
      resource: ['Resource', 'uri'],
      resourceTemplate: ['Resource Template', 'uriTemplate'],
    } as const;
    return {
      primitive(node) {
        const [kind, identity] = labels[node.kind];
        const value = node.value[identity];
        if (typeof value !== 'string') return;
        const key = node.kind + '\u0000' + value;
        const earlier = seen.get(key) ?? [];
        for (const other of earlier) {
          const overlap = node.scope.filter((r) => other.scope.includes(r));
          if (overlap.length) {
            ctx.report('overlapping-variants', node.pointer, {
              values: {
                kind: raw(kind),
                identity: raw(identity),
                value,
                other: raw(other.pointer),
                overlap: raw(formatRevisions(overlap)),
              },
            });
            break;
          }
        }
        earlier.push({ pointer: node.pointer, scope: node.scope });
        seen.set(key, earlier);
      },
      capabilities(node) {
        for (const other of capabilities) {
          const overlap = node.scope.filter((r) => other.scope.includes(r));
          if (overlap.length) {
            ctx.report('overlapping-capabilities', node.pointer, {
              values: { other: raw(other.pointer), overlap: raw(formatRevisions(overlap)) },
            });
            break;
          }
        }
        capabilities.push({ pointer: node.pointer, scope: node.scope });
      },
    };
  },
};
