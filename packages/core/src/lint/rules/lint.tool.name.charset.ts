import { joinPointer } from '../../model/json-pointer.js';
import type { Rule, RuleDocs } from '../../validate/rule.js';
import { exampleDocument, exampleTool } from '../example-document.js';

const allowed = /^[A-Za-z0-9_.-]$/u;
/** The common case in one linear test: every character allowed. */
const allAllowed = /^[A-Za-z0-9_.-]+$/;

export function docs(): RuleDocs {
  return {
    summary: 'Tool names use only the characters the protocol allows: A-Z, a-z, 0-9, underscore, hyphen and dot.',
    bad: exampleDocument({ tools: [exampleTool({ name: 'get issue' })] }),
    good: exampleDocument({ tools: [exampleTool({ name: 'get_issue' })] }),
  };
}

export const rule: Rule = {
  id: 'lint.tool.name.charset',
  kind: 'lint',
  spec: 'guide 1',
  severity: 'warning',
  codes: {
    'disallowed-characters':
      'tool name {value} contains {characters}; tool names SHOULD use only ASCII letters, digits, underscore, hyphen and dot',
    empty: 'the tool name is empty; tool names SHOULD be 1 to 128 characters',
  },
  create(ctx) {
    return {
      primitive(node) {
        const name = node.value.name;
        if (node.kind !== 'tool' || typeof name !== 'string' || allAllowed.test(name)) return;
        const at = joinPointer(node.pointer, 'name');
        if (name.length === 0) {
          ctx.report('empty', at);
          return;
        }
        const bad = new Set<string>();
        for (const ch of name) if (!allowed.test(ch)) bad.add(ch);
        if (bad.size > 0)
          ctx.report('disallowed-characters', at, { values: { value: name, characters: [...bad].join('') } });
      },
    };
  },
};
