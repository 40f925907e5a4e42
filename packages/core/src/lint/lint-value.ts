import type { Diagnostic } from '../model/diagnostic.js';
import { runLintRules, type LintOptions } from './lint.js';

/**
 * What `lint` finds in an already decoded document, before its diagnostics are finished: no
 * source ranges yet, and the rules' "at the key" marks kept, so that the caller can move the
 * pointers (the language server checks one declaration in a smaller document and puts its
 * findings back at the declaration's place) and then attach ranges with `finishDiagnostics`.
 * The rules run as lint.ts runs them (`runLintRules`).
 */
export function lintValue(document: unknown, options: LintOptions = {}): Diagnostic[] {
  return runLintRules(document, options).diagnostics;
}
