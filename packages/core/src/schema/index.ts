/** Embedded JSON Schema support: dialects, meta-validation and bounded evaluation. */
export {
  type Dialect,
  type DialectSelection,
  DEFAULT_DIALECT,
  DIALECT_URIS,
  dialectOf,
  dialectFromUri,
  isDialectUri,
} from './dialect.js';
export { type SchemaProblem, checkSchemaValidity } from './meta-validate.js';
export {
  type EvaluateOptions,
  type EvaluationError,
  type EvaluationResult,
  type Evaluator,
  type StepBudget,
  createEvaluator,
  evaluate,
  isMultipleOf,
} from './evaluate/index.js';
export { findExternalRefs, type RefSite } from './resolve.js';
export { compilePattern, isValidEcmaRegex, translateEcmaToRe2, type CompiledPattern } from './regex.js';
export { ASSERTED_FORMATS, checkFormat } from './formats.js';
