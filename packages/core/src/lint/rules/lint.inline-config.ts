import { joinPointer } from '../../model/json-pointer.js';
import { isObject } from '../../model/values.js';
import type { Rule, RuleDocs } from '../../validate/rule.js';
import { inlineDirectives, inlineKey } from '../inline.js';
import { exampleDocument, exampleTool } from '../example-document.js';

/** Set by the registry (rules/index.ts) so that this rule knows every lint rule id without an import cycle. */
export const knownLintRuleIds = new Set<string>();

export function docs(): RuleDocs {
  return {
    summary: 'x-mcpdesc-lint extensions are well-formed: { "disable": [lint rule ids] }.',
    bad: exampleDocument({ tools: [exampleTool({ 'x-mcpdesc-lint': { disable: ['lint.tool.titel'] } })] }),
    good: exampleDocument({ tools: [exampleTool({ 'x-mcpdesc-lint': { disable: ['lint.tool.title'] } })] }),
  };
}

export const rule: Rule = {
  id: 'lint.inline-config',
  kind: 'lint',
  spec: 'lint',
  severity: 'warning',
  codes: {
    malformed: 'x-mcpdesc-lint is {value}; expected an object { "disable": ["lint.rule.id", ...] }',
    'unknown-member': 'x-mcpdesc-lint has no member {value}; the only member is "disable"',
    'unknown-rule':
      '{value} is not a lint rule id; x-mcpdesc-lint can disable lint.* rules only (validation findings cannot be silenced)',
  },
  create(ctx) {
    return {
      document(doc) {
        for (const directive of inlineDirectives(doc)) {
          const at = joinPointer(directive.pointer, inlineKey);
          const value = directive.value;
          if (!isObject(value) || !Array.isArray(value.disable)) {
            ctx.report('malformed', at, { values: { value } });
            continue;
          }
          for (const key of Object.keys(value))
            if (key !== 'disable')
              ctx.report('unknown-member', joinPointer(at, key), { values: { value: key }, key: true });
          value.disable.forEach((id, i) => {
            // A plugin's or a declarative rule's id ("acme/tool-prefix"): this rule cannot know the configuration's.
            if (typeof id !== 'string' || (!knownLintRuleIds.has(id) && !id.includes('/')))
              ctx.report('unknown-rule', joinPointer(at, 'disable', i), { values: { value: id } });
          });
        }
      },
    };
  },
};
