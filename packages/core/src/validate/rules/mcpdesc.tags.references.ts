import { joinPointer } from '../../model/json-pointer.js';
import { isObject } from '../../model/values.js';
import { namedByToolsSection, type Rule, type RuleDocs } from '../rule.js';

const base = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2025-11-25'] };

export function docs(): RuleDocs {
  return {
    summary:
      'Root tag names are unique; per-entity tags are declared in the root catalogue (when present) and not repeated.',
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

/** 13.2, 13.3: unique catalogue names, declared references, no duplicate per-entity values. */
export const rule: Rule = {
  id: 'mcpdesc.tags.references',
  kind: 'conformance',
  spec: '13',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'duplicate-tag':
      'tag name {value} is already declared at {other}; tag names must be unique across the root tags catalogue (13.2)',
    'undeclared-tag':
      'tag {value} is not declared in the root tags catalogue; when root tags is present, every referenced tag must be declared (13.3)',
    'duplicate-reference':
      'tag {value} is already listed at {other}; a per-entity tags array must not contain duplicate values (13.3)',
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
        if (!Array.isArray(list)) return;
        const first = new Map<string, string>();
        list.forEach((value, index) => {
          if (typeof value !== 'string') return; // structural
          const at = joinPointer(node.pointer, 'tags', index);
          const earlier = first.get(value);
          if (earlier !== undefined) {
            ctx.report('duplicate-reference', at, { values: { value, other: earlier } });
            return;
          }
          first.set(value, at);
          if (declared && !declared.has(value)) ctx.report('undeclared-tag', at, { values: { value } });
        });
      },
    };
  },
};
