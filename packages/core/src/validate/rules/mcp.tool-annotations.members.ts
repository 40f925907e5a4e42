import { namedByToolsSection, type Rule, type RuleDocs } from '../rule.js';
import { toolDocument } from '../mcp/rule-docs.js';
import { STRUCTURAL_CODE_SUMMARIES } from '../structural.js';

export function docs(): RuleDocs {
  return {
    summary:
      'Tool Annotations hold only title, readOnlyHint, destructiveHint, idempotentHint and openWorldHint, with their types; no x-* keys.',
    bad: toolDocument({ annotations: { readOnlyHint: 'yes' } }),
    good: toolDocument({ annotations: { readOnlyHint: true } }),
  };
}

/**
 * Tool Annotations (9.6): the five MCP ToolAnnotations members with their types; Resource
 * Annotation fields and x-* keys do not belong (0.9.0-rc.3 closes the object; 0.8.0 leaves it
 * open to unknown members but never extension-eligible). The structural check reports these
 * findings under this id (STRUCTURAL_RULE_BY_LOCATION); the rule adds no walk of its own.
 */
export const rule: Rule = {
  id: 'mcp.tool-annotations.members',
  kind: 'conformance',
  spec: '9.6',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: STRUCTURAL_CODE_SUMMARIES,
  create: () => ({}),
};
