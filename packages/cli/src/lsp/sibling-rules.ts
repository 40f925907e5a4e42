import type { Diagnostic } from 'mcpdesc-core/model';
import { type LintOptions, lintValue, lintRules } from 'mcpdesc-core/lint';
import { validationRules, type Rule } from 'mcpdesc-core/validate';

/**
 * The rules whose findings on one declaration depend on its siblings: same-identity variants
 * with overlapping scopes (a duplicate tool name is one). Every other rule's findings on a
 * declaration come from the declaration and the document's frame (components, root scope, tags,
 * schemes), which is what a declaration checked alone sees. `test/lsp/incremental.test.ts` holds
 * this list: it copies each corpus declaration over its siblings and compares with `lint`.
 */
export const siblingRuleIds: ReadonlySet<string> = new Set(['mcpdesc.protocol-scope.consistency']);

const isSibling = (rule: Rule): boolean => siblingRuleIds.has(rule.id);

/** The options' rules without the sibling rules: a declaration checked alone cannot see its siblings. */
export function withoutSiblingRules(options: LintOptions): LintOptions {
  return {
    ...options,
    rules: (options.rules ?? validationRules).filter((rule) => !isSibling(rule)),
    lintRules: (options.lintRules ?? lintRules).filter((rule) => !isSibling(rule)),
  };
}

/**
 * The sibling rules over the whole document (one walk with only their visitors; a few ms on a
 * 1,000-tool document), their findings unfinished (no ranges yet). The structural findings the
 * engine adds are the declarations' own checks' and are left out.
 */
export function siblingPass(
  document: unknown,
  options: LintOptions,
): { rules: ReadonlySet<string>; found: Diagnostic[] } {
  const found = lintValue(document, {
    ...options,
    rules: (options.rules ?? validationRules).filter(isSibling),
    lintRules: (options.lintRules ?? lintRules).filter(isSibling),
  }).filter((d) => siblingRuleIds.has(d.rule));
  return { rules: siblingRuleIds, found };
}
