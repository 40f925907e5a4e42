import type { Diagnostic } from 'mcpdesc-core/model';
import { type LintOptions, lintValue, lintRules } from 'mcpdesc-core/lint';
import { validationRules } from 'mcpdesc-core/validate';

/**
 * The rules whose findings on one declaration depend on its siblings: same-identity variants
 * with overlapping scopes (a duplicate tool name is one). Every other rule's findings on a
 * declaration come from the declaration and the document's frame (components, root scope, tags,
 * schemes), which is what a declaration checked alone sees. `test/lsp/incremental.test.ts` holds
 * this list: it copies each corpus declaration over its siblings and compares with `lint`.
 */
export const siblingRuleIds: ReadonlySet<string> = new Set(['mcpdesc.protocol-scope.consistency']);

/** The options without the rules `ids` names (a part of the document checked alone cannot see what they read). */
export function withoutRules(options: LintOptions, ids: ReadonlySet<string>): LintOptions {
  return {
    ...options,
    rules: (options.rules ?? validationRules).filter((rule) => !ids.has(rule.id)),
    lintRules: (options.lintRules ?? lintRules).filter((rule) => !ids.has(rule.id)),
  };
}

/**
 * The rules `ids` names over the whole document (one walk with only their visitors; a few ms on
 * a 1,000-tool document), their findings unfinished (no ranges yet). The structural findings the
 * engine adds are the parts' own checks' and are left out.
 */
export function rulesPass(document: unknown, options: LintOptions, ids: ReadonlySet<string>): Diagnostic[] {
  return lintValue(document, {
    ...options,
    rules: (options.rules ?? validationRules).filter((rule) => ids.has(rule.id)),
    lintRules: (options.lintRules ?? lintRules).filter((rule) => ids.has(rule.id)),
  }).filter((d) => ids.has(d.rule));
}
