import { primitiveKind } from '../../model/document.js';
import { formatRevisions, type Revision } from '../../model/revisions.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';

export function docs(): RuleDocs {
  return {
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
  };
}

/** Pairwise-disjoint scopes for same-identity primitives (9.5, 10.5, 11.1) and capabilities objects (8.6). */
export const rule: Rule = {
  id: 'mcpdesc.protocol-scope.consistency',
  kind: 'conformance',
  spec: '9.5',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'overlapping-variants':
      'this {kind} with {identity} {value} overlaps the declaration at {other} in {overlap}; same-identity variants must have pairwise-disjoint effective scopes',
    'overlapping-capabilities':
      'this Capabilities Object overlaps the one at {other} in {overlap}; at most one Capabilities Object may apply to a revision (8.6)',
  },
  create(ctx) {
    // Declarations seen so far by kind, then identity: a map per kind spares building a key string per primitive.
    const seen = new Map<string, Map<string, { pointer: string; scope: Revision[] }[]>>();
    const capabilities: { pointer: string; scope: Revision[] }[] = [];
    return {
      primitive(node) {
        const { objectName: kind, identity } = primitiveKind[node.kind];
        const value = node.value[identity];
        if (typeof value !== 'string') return;
        let byIdentity = seen.get(node.kind);
        if (byIdentity === undefined) seen.set(node.kind, (byIdentity = new Map()));
        const declared = { pointer: node.pointer, scope: node.scope };
        const earlier = byIdentity.get(value);
        if (earlier === undefined) {
          byIdentity.set(value, [declared]);
          return;
        }
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
        earlier.push(declared);
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
