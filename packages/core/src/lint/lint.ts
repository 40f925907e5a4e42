import type { Diagnostic, Severity } from '../model/diagnostic.js';
import type { McpDescription } from '../model/description.js';
import { isObject, type JsonObject } from '../model/values.js';
import type { SourceMap } from '../source/types.js';
import type { SpecVersion } from '../model/spec-versions.js';
import { validationRules } from '../validate/catalogue.js';
import { conformancePolicy, runRules, type DocumentValidation, type SeverityPolicy } from '../validate/engine.js';
import type { Rule } from '../validate/rule.js';
import { checkDescription, type ValidateOptions } from '../validate/validate.js';
import { effectiveSettings, severityFor, type LintConfig } from './config.js';
import { declarativeRule } from './declarative/declarative-rule.js';
import { withExtensionMembers } from './extension-members.js';
import { inlineDisables } from './inline.js';
import type { PresetName, SeverityMap } from './presets.js';
import { lintRules } from './rules/index.js';
import { rule as inlineConfigRule } from './rules/lint.inline-config.js';

export interface LintOptions extends ValidateOptions {
  /** A checked configuration (see checkConfig); default: the recommended preset. */
  config?: LintConfig;
  /** Replaces the configuration's `extends`. */
  preset?: PresetName;
  /** The file's path relative to the configuration's directory, for `overrides`. */
  path?: string;
  /** Lint rules to run (default: every lint rule). */
  lintRules?: readonly Rule[];
}

/** What every lint result carries. */
export interface LintResultCommon {
  complete: boolean;
  specification?: SpecVersion;
  /** Validation diagnostics and lint diagnostics, with source ranges, sorted. */
  diagnostics: Diagnostic[];
  /** Source ranges of the decoded document; present when the input was text. */
  sourceMap?: SourceMap;
}

/** No error, validation and lint together: the document is a valid MCP Description. */
export interface PassingLintResult extends LintResultCommon {
  valid: true;
  document: McpDescription;
}

/** At least one error (validation or lint); the decoded document when it is an object. */
export interface FailingLintResult extends LintResultCommon {
  valid: false;
  document?: JsonObject;
}

/** The result of `lint`, discriminated on `valid` (no diagnostic of severity error, validation and lint together). */
export type LintResult = PassingLintResult | FailingLintResult;

/** The result of linting text: it always has the text's source map. */
export type TextLintResult = LintResult & { sourceMap: SourceMap };

/**
 * Validates and lints in one walk: the validation rules at their default severities (so the
 * validation findings are exactly validate's), the lint rules at the configured severities and
 * the document's inline `x-mcpdesc-lint` disables. Completeness is validation's alone. Pure.
 */
export function lint(input: string | Uint8Array, options?: LintOptions): TextLintResult;
export function lint(input: unknown, options?: LintOptions): LintResult;
export function lint(input: unknown, options: LintOptions = {}): LintResult {
  const result = checkDescription(input, options, (document) => runLintRules(document, options));
  const common: LintResultCommon = {
    complete: result.complete,
    ...(result.specification ? { specification: result.specification } : {}),
    diagnostics: result.diagnostics,
  };
  const sourceMap = result.sourceMap ? { sourceMap: result.sourceMap } : {};
  // `valid` is validation's and lint's together: true implies the validation found no error.
  if (result.valid) return { valid: true, ...common, document: result.document, ...sourceMap };
  return { valid: false, ...common, ...(isObject(result.document) ? { document: result.document } : {}), ...sourceMap };
}

/** Runs the validation and lint rules of `options` over one walk of a decoded document (see lint). */
export function runLintRules(document: unknown, options: LintOptions): DocumentValidation {
  const settings = effectiveSettings(options.config, { preset: options.preset, path: options.path });
  const rules = [...(options.rules ?? validationRules), ...(options.lintRules ?? lintRules)];
  const ids = new Set(rules.map((r) => r.id));
  // The configuration's own rules (plugins, declarative), unless the caller already passed them in lintRules.
  for (const rule of configuredRules(options.config)) if (!ids.has(rule.id)) rules.push(rule);
  return withExtensionMembers(document, () => runRules(document, rules, lintPolicy(settings, document), options));
}

/** The rules a configuration brings: its plugins' rules, guarded, and its declarative rules, compiled once. */
export function configuredRules(config: LintConfig | undefined): Rule[] {
  if (!config) return [];
  return [...(config.pluginRules ?? []), ...(config.declarativeRules ?? []).map(declarativeRule)];
}

/** Validation findings as validate reports them; lint findings as configured, and off where a directive disables them. */
export function lintPolicy(settings: SeverityMap, document: unknown): SeverityPolicy {
  const disabled = isObject(document) ? inlineDisables(document) : () => false;
  // A rule's configured severity per code, looked up once per document, not once per finding.
  const configured = new Map<Rule, Map<string, Severity | undefined>>();
  return (rule, code, pointer, requested) => {
    if (rule.kind !== 'lint') return conformancePolicy(rule, code, pointer, requested);
    if (rule.id !== inlineConfigRule.id && disabled(rule.id, pointer)) return undefined;
    let codes = configured.get(rule);
    if (codes === undefined) configured.set(rule, (codes = new Map()));
    let severity = codes.get(code);
    if (severity === undefined && !codes.has(code)) codes.set(code, (severity = severityFor(rule, code, settings)));
    return severity;
  };
}
