import type { Diagnostic } from '../model/diagnostic.js';
import { isObject } from '../model/values.js';
import { validationRules } from '../validate/catalogue.js';
import { conformancePolicy, runRules, type SeverityPolicy } from '../validate/engine.js';
import { effectiveSettings, severityFor } from './config.js';
import { inlineDisables } from './inline.js';
import type { LintOptions } from './lint.js';
import type { SeverityMap } from './presets.js';
import { lintRules } from './rules/index.js';
import { rule as inlineConfigRule } from './rules/lint.inline-config.js';

/**
 * What `lint` finds in an already decoded document, before its diagnostics are finished: no
 * source ranges yet, and the rules' "at the key" marks kept, so that the caller can move the
 * pointers (the language server checks one declaration in a smaller document and puts its
 * findings back at the declaration's place) and then attach ranges with `finishDiagnostics`.
 * The severity policy is lint.ts's, for the same configuration.
 */
export function lintValue(document: unknown, options: LintOptions = {}): Diagnostic[] {
  const settings = effectiveSettings(options.config, { preset: options.preset, path: options.path });
  const rules = [...(options.rules ?? validationRules), ...(options.lintRules ?? lintRules)];
  return runRules(document, rules, policyFor(settings, document), options).diagnostics;
}

/** lint.ts's policy: validation findings as validate reports them; lint findings as configured, off where disabled inline. */
function policyFor(settings: SeverityMap, document: unknown): SeverityPolicy {
  const disabled = isObject(document) ? inlineDisables(document) : () => false;
  return (rule, code, pointer, requested) => {
    if (rule.kind !== 'lint') return conformancePolicy(rule, code, pointer, requested);
    if (rule.id !== inlineConfigRule.id && disabled(rule.id, pointer)) return undefined;
    return severityFor(rule, code, settings);
  };
}
