/**
 * The rules a configuration brings (its plugins' and its declarative ones) as the reports and
 * the catalogue describe rules: a summary, and a plugin rule's own reference page.
 */
import { type LintConfig, declarativeRule } from 'mcpdesc-core/lint';
import type { RuleDocs, RuleMeta } from 'mcpdesc-core/validate';

export interface ConfiguredRule {
  rule: RuleMeta;
  /** The plugin's namespace; absent for a declarative rule. */
  plugin?: string;
  docs: RuleDocs & { url?: string };
}

export function configuredRulesOf(config: LintConfig): ConfiguredRule[] {
  return [
    ...(config.pluginRules ?? []).map((rule) => ({
      rule,
      plugin: rule.plugin,
      docs: rule.docs ?? { summary: `a rule of plugin ${rule.plugin}` },
    })),
    ...(config.declarativeRules ?? []).map((definition) => {
      const rule = declarativeRule(definition);
      return { rule, docs: rule.docs };
    }),
  ];
}

/** Adds the configuration's rules to a report's rule descriptions (SARIF's rule descriptors and helpUri). */
export function describeConfiguredRules(
  config: LintConfig,
  rules: Map<string, { summary: string; spec?: string; helpUri?: string }>,
): void {
  for (const { rule, docs, plugin } of configuredRulesOf(config)) {
    if (rules.has(rule.id)) continue;
    const summary = plugin === undefined ? docs.summary : `${docs.summary} (plugin ${plugin})`;
    rules.set(rule.id, { summary, ...(docs.url !== undefined ? { helpUri: docs.url } : {}) });
  }
}
