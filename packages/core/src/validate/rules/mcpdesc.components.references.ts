import { maxChainLength, type ResolutionProblem } from '../../model/components.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';

const base = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2026-07-28'] };

const codeOf: Partial<Record<ResolutionProblem, string>> = {
  malformed: 'malformed-reference',
  missing: 'missing-target',
  'wrong-namespace': 'incompatible-namespace',
  cycle: 'reference-cycle',
  'chain-too-long': 'chain-too-long',
  // 'not-a-string' is a type error reported by the structural schema.
};

export function docs(): RuleDocs {
  return {
    summary:
      'Every $componentRef is a local "#/components/<namespace>/<name>" pointer to an existing component of the namespace its use site accepts, ' +
      `without cycles and through at most ${maxChainLength} chained components.`,
    bad: { ...base, tools: [{ name: 't', inputSchema: { $componentRef: '#/components/schemas/Missing' } }] },
    good: {
      ...base,
      components: { schemas: { Input: { type: 'object' } } },
      tools: [{ name: 't', inputSchema: { $componentRef: '#/components/schemas/Input' } }],
    },
  };
}

/**
 * 17.2, 17.4, 17.7: every `$componentRef` resolves within the document to a compatible namespace,
 * without cycles, through a chain of at most `maxChainLength` components (reported once per chain).
 */
export const rule: Rule = {
  id: 'mcpdesc.components.references',
  kind: 'conformance',
  spec: '17.4',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'malformed-reference': '$componentRef {value} is not a local component pointer: {detail} (17.2)',
    'missing-target': '$componentRef {value} does not resolve: {detail} (17.4)',
    'incompatible-namespace': '$componentRef {value} targets an incompatible namespace: {detail} (17.3)',
    'reference-cycle': '$componentRef {value} is part of a reference cycle: {detail} (17.4)',
    'chain-too-long': `$componentRef {value} makes a component chain longer than ${maxChainLength} components: {detail}`,
  },
  create(ctx) {
    // A failing component reached from several use sites is reported once, where it stands.
    const reported = new Set<string>();
    return {
      reference(node) {
        const resolution = node.resolution;
        if (resolution.ok) return;
        const code = codeOf[resolution.problem];
        if (!code) return;
        const at = resolution.at + '/$componentRef';
        const key = code + '\u0000' + at;
        if (reported.has(key)) return;
        reported.add(key);
        ctx.report(code, at, {
          values: { value: resolution.ref, detail: raw(resolution.detail) },
          ...(resolution.at !== node.pointer ? { note: `reached from ${node.pointer}` } : {}),
        });
      },
    };
  },
};
