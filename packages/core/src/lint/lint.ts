import type { Diagnostic } from '../model/diagnostic.js';
import { isObject } from '../model/values.js';
import type { SpecVersion } from '../model/spec-versions.js';
import { validationRules } from '../validate/catalogue.js';
import { conformancePolicy, runRules, type SeverityPolicy } from '../validate/engine.js';
import type { Rule } from '../validate/rule.js';
import { checkDescription, type ValidateOptions } from '../validate/validate.js';
import { effectiveSettings, severityFor, type LintConfig } from './config.js';
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

export interface LintResult {
  /** No diagnostic of severity error, validation and lint together. */
  valid: boolean;
  complete: boolean;
  specification?: SpecVersion;
  /** Validation diagnostics and lint diagnostics, with source ranges, sorted. */
  diagnostics: Diagnostic[];
  document?: unknown;
}

/**
 * Validates and lints in one walk: the validation rules at their default severities (so the
 * validation findings are exactly validate's), the lint rules at the configured severities and
 * the document's inline `x-mcpdesc-lint` disables. Completeness is validation's alone. Pure.
 */
export function lint(input: string | Uint8Array | unknown, options: LintOptions = {}): LintResult {
  const settings = effectiveSettings(options.config, { preset: options.preset, path: options.path });
  const rules = [...(options.rules ?? validationRules), ...(options.lintRules ?? lintRules)];
  const result = checkDescription(input, options, (document) =>
    runRules(document, rules, lintPolicy(settings, document), options),
  );
  return {
    valid: result.valid,
    complete: result.complete,
    ...(result.specification ? { specification: result.specification } : {}),
    diagnostics: result.diagnostics,
    ...(isObject(result.document) ? { document: result.document } : {}),
  };
}

/** Validation findings as validate reports them; lint findings as configured, and off where a directive disables them. */
function lintPolicy(settings: SeverityMap, document: unknown): SeverityPolicy {
  const disabled = isObject(document) ? inlineDisables(document) : () => false;
  return (rule, code, pointer, requested) => {
    if (rule.kind !== 'lint') return conformancePolicy(rule, code, pointer, requested);
    if (rule.id !== inlineConfigRule.id && disabled(rule.id, pointer)) return undefined;
    return severityFor(rule, code, settings);
  };
}
