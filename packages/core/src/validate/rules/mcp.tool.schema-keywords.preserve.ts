import { havingField } from '../../model/shape-tree.js';
import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions } from '../../model/revisions.js';
import { hasOwn, isObject } from '../../model/values.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';
import { preDialectRevisions, schemaUseNote } from '../mcp/tool-schema-facts.js';

/**
 * Keywords a pre-dialect Tool schema holds beyond the MCP shape (9.2: "Other keywords MUST be
 * preserved and MUST NOT be rejected solely by applying an inferred meta-schema"): references,
 * composition and conditionals of the root are kept and not evaluated, and the report says so
 * (info) instead of judging them under a dialect those revisions do not state.
 */
const unevaluatedKeywords = ['$ref', '$dynamicRef', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else'];

export function docs(): RuleDocs {
  return {
    summary:
      'Before MCP 2025-11-25, root references, composition and conditionals of a Tool schema are preserved, never rejected by an inferred meta-schema; the report notes they were not evaluated.',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-06-18'],
      tools: [{ name: 't', inputSchema: { type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }] } }],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      tools: [{ name: 't', inputSchema: { type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }] } }],
    },
  };
}

export const rule: Rule = {
  id: 'mcp.tool.schema-keywords.preserve',
  kind: 'conformance',
  spec: '9.2',
  namedBy: namedByToolsSection,
  severity: 'info',
  codes: {
    'keyword-preserved':
      '{keyword} of the {role} is preserved without evaluation for MCP {revisions}: those revisions state no embedded-schema dialect, so it is neither applied nor rejected',
  },
  create(ctx) {
    const reported = new Set<string>();
    return {
      toolSchema(node) {
        if (!isObject(node.value)) return;
        let concerned = preDialectRevisions(node.scope);
        if (node.role === 'outputSchema') concerned = havingField(concerned, 'Tool', 'outputSchema');
        if (concerned.length === 0) return;
        for (const keyword of unevaluatedKeywords) {
          if (!hasOwn(node.value, keyword)) continue;
          const at = joinPointer(node.pointer, keyword);
          if (reported.has(at)) continue;
          reported.add(at);
          ctx.report('keyword-preserved', at, {
            key: true,
            values: { keyword: raw(keyword), role: raw(node.role), revisions: raw(formatRevisions(concerned)) },
            ...schemaUseNote(node),
          });
        }
      },
    };
  },
};
