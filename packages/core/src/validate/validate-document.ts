import { validationRules } from './catalogue.js';
import { conformancePolicy, runRules, type DocumentValidation, type RunOptions } from './engine.js';
import type { Rule } from './rule.js';

export interface ValidateDocumentOptions extends RunOptions {
  /** Rules to run (default: every validation rule). */
  rules?: readonly Rule[];
}

/** Validates a decoded document: structure, then every validation rule at its default severities. */
export function validateDocument(document: unknown, options: ValidateDocumentOptions = {}): DocumentValidation {
  return runRules(document, options.rules ?? validationRules, conformancePolicy, options);
}
