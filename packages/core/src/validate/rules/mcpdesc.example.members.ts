import { namedByToolsSection, type Rule, type RuleDocs } from '../rule.js';
import { completedToolResultExample, toolDocument } from '../mcp/rule-docs.js';
import { STRUCTURAL_CODE_SUMMARIES } from '../structural.js';

export function docs(): RuleDocs {
  return {
    summary:
      'A Tool examples map is non-empty with names matching ^[A-Za-z0-9._-]+$; a Tool Example has input and result and no other members but x-* extensions.',
    bad: toolDocument({
      examples: { one: { summary: 'A call', input: {}, result: completedToolResultExample } },
    }),
    good: toolDocument({ examples: { one: { input: {}, result: completedToolResultExample } } }),
  };
}

/**
 * A Tool's `examples` map and its Tool Example Objects (9.3): a non-empty map of local names,
 * each example with exactly `input` and `result` besides x-* extensions. The structural check
 * reports these findings under this id (STRUCTURAL_RULE_BY_LOCATION); the rule adds no walk of its own.
 */
export const rule: Rule = {
  id: 'mcpdesc.example.members',
  kind: 'conformance',
  spec: '9.3',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: STRUCTURAL_CODE_SUMMARIES,
  create: () => ({}),
};
