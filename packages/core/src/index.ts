/** mcpdesc-core: the public API of the pure core (re-exports only). */
export type { Diagnostic, Position, Range, Severity } from './model/diagnostic.js';
export { compareDiagnostics, hasErrors } from './model/diagnostic.js';
export { revisions, type Revision } from './model/revisions.js';
export { getAtPointer, joinPointer, parsePointer } from './model/json-pointer.js';
export { parseDescription, serializeDescription, defaultLimits } from './source/index.js';
export type {
  ParseOptions,
  ParseResult,
  SourceFormat,
  SourceLimits,
  SourceMap,
  SerializeOptions,
} from './source/index.js';
export { validate, type ValidateOptions, type ValidationResult } from './validate/validate.js';
export { validationRules } from './validate/catalogue.js';
export type { Rule, RuleMeta } from './validate/rule.js';
export type { SpecVersion } from './model/spec-versions.js';
export { createSchemaService } from './validate/schema-engine-service.js';
export { formatReport, formatters, type FileReport, type Report, type FormatName } from './report/index.js';
export { lint, type LintOptions, type LintResult } from './lint/lint.js';
export { checkConfig, effectiveSettings, configFileName, type LintConfig } from './lint/config.js';
export * from './operations/index.js';
export * from './diff/index.js';
export { renderHtml, renderMarkdown, type RenderOptions } from './render/index.js';
