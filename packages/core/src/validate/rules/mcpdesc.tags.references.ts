import { joinPointer } from '../../model/json-pointer.js';
import { isObject } from '../../model/values.js';
import { namedByToolsSection, type Rule, type RuleDocs } from '../rule.js';

const base = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2025-11-25'] };

export function docs(): RuleDocs {
  return {
    summary:
      'Root tag names are unique; when the root catalogue is present, per-entity tags are declared in it and not repeated.',
    bad: {
      ...base,
      tags: [{ name: 'search' }],
      tools: [{ name: 't', inputSchema: { type: 'object' }, tags: ['admin'] }],
    },
    good: {
      ...base,
      tags: [{ name: 'search' }],
      tools: [{ name: 't', inputSchema: { type: 'object' }, tags: ['search'] }],
    },
  };
}

/**
 * 13.2, 13.3: unique catalogue names; with a root catalogue, declared references and no duplicate
 * per-entity values. Without one, per-entity tags are unconstrained strings (13.3): the
 * no-duplicates MUST is one of the bullets under "When a root-level `tags` array is present".
 */
export const rule: Rule = {
  id: 'mcpdesc.tags.references',
  kind: 'conformance',
  spec: '13',
  namedBy: namedByToolsSection,
  fixable: ['duplicate-reference'],
  severity: 'error',
  codes: {
    'duplicate-tag':
      'tag name {value} is already declared at {other}; tag names must be unique across the root tags catalogue (13.2)',
    'undeclared-tag':
      'tag {value} is not declared in the root tags catalogue; when root tags is present, every referenced tag must be declared (13.3)',
    'duplicate-reference':
      'tag {value} is already listed at {other}; when root tags is present, a per-entity tags array must not contain duplicate values (13.3)',
  },
  create(ctx) {
    /** Declared tag names, or undefined when there is no root catalogue (per-entity tags unconstrained). */
    let declared: Set<string> | undefined;
    return {
      document(doc) {
        const catalogue = doc.tags;
        if (!Array.isArray(catalogue)) return;
        declared = new Set();
        const first = new Map<string, string>();
        catalogue.forEach((tag, index) => {
          if (!isObject(tag) || typeof tag.name !== 'string') return; // structural
          const at = joinPointer('/tags', index, 'name');
          const earlier = first.get(tag.name);
          if (earlier !== undefined) ctx.report('duplicate-tag', at, { values: { value: tag.name, other: earlier } });
          else first.set(tag.name, at);
          declared!.add(tag.name);
        });
      },
      primitive(node) {
        const list = node.value.tags;
        const catalogue = declared;
        if (!catalogue || !Array.isArray(list)) return;
        const first = new Map<string, string>();
        list.forEach((value, index) => {
          if (typeof value !== 'string') return; // structural
          const at = joinPointer(node.pointer, 'tags', index);
          const earlier = first.get(value);
          if (earlier !== undefined) {
            ctx.report('duplicate-reference', at, {
              values: { value, other: earlier },
              fix: { kind: 'remove', title: `Remove the repeated tag ${JSON.stringify(value)}`, pointer: at },
            });
            return;
          }
          first.set(value, at);
          if (!catalogue.has(value)) ctx.report('undeclared-tag', at, { values: { value } });
        });
      },
    };
  },
};
