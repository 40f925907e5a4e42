/**
 * `mcpdesc-core/lint`: lint configuration, presets and the lint rules, for tools built on the core (the CLI,
 * the language server). Beside the public entry, these sub-entries are the only way into the core
 * from outside it: a name is exported here when a tool needs it, and a test holds the CLI to them.
 */
export { checkConfig, configurableRules, effectiveSettings, type LintConfig } from '../lint/config.js';
export { declarativeRule } from '../lint/declarative/declarative-rule.js';
export { presentFindings } from '../lint/finding-settings.js';
export { pluginsByNamespace } from '../lint/plugins.js';
export { fixText } from '../lint/fix-passes.js';
export { lint, type LintOptions, type TextLintResult } from '../lint/lint.js';
export { lintValue } from '../lint/lint-value.js';
export { type PresetName, presetNames, type SeverityMap } from '../lint/presets.js';
export { documentedLintRules } from '../lint/rule-documentation.js';
export { lintRules } from '../lint/rules/index.js';
