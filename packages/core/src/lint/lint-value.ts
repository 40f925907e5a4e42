import type { Diagnostic } from '../model/diagnostic.js';
import { validationRules } from '../validate/catalogue.js';
import { runRules } from '../validate/engine.js';
import { effectiveSettings } from './config.js';
import { lintPolicy, type LintOptions } from './lint.js';
import { lintRules } from './rules/index.js';

/**
 * What `lint` finds in an already decoded document, before its diagnostics are finished: no
 * source ranges yet, and the rules' "at the key" marks kept, so that the caller can move the
 * pointers (the language server checks one declaration in a smaller document and puts its
 * findings back at the declaration's place) and then attach ranges with `finishDiagnostics`.
 * The severity policy is lint.ts's own (`lintPolicy`).
 */
export function lintValue(document: unknown, options: LintOptions = {}): Diagnostic[] {
  const settings = effectiveSettings(options.config, { preset: options.preset, path: options.path });
  const rules = [...(options.rules ?? validationRules), ...(options.lintRules ?? lintRules)];
  return runRules(document, rules, lintPolicy(settings, document), options).diagnostics;
}
