import { namedByToolsSection, type Rule, type RuleDocs } from '../rule.js';
import { toolDocument } from '../mcp/rule-docs.js';
import { STRUCTURAL_CODE_SUMMARIES } from '../structural.js';

export function docs(): RuleDocs {
  return {
    summary:
      'A Tool Object has name and inputSchema, members of the listed types and no others but x-* extensions; an Execution Object has only taskSupport.',
    bad: { ...toolDocument({}), tools: [{ name: 't', title: 'T' }] },
    good: toolDocument({ title: 'T' }),
  };
}

/**
 * The Tool Object's and Execution Object's members (9.1, 9.2, 9.7): required `name` and
 * `inputSchema`, member types, closedness. The structural check reports these findings under this
 * id (STRUCTURAL_RULE_BY_LOCATION); the rule adds no walk of its own.
 */
export const rule: Rule = {
  id: 'mcpdesc.tool.members',
  kind: 'conformance',
  spec: '9.1',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: STRUCTURAL_CODE_SUMMARIES,
  create: () => ({}),
};
