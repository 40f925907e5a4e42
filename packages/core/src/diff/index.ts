/** Semantic diff of MCP Description documents: changes, classification, semver suggestion, renderers. */
export { diff, diffDocuments, type DiffOptions } from './diff.js';
export { subjectLabel } from './change-collector.js';
export { diffSchemas, maxSchemaDepth, type SchemaDirection, type LocatedSchema } from './schema-diff.js';
export {
  classificationTable,
  classificationEntry,
  classify,
  checkDiffConfig,
  changeClasses,
  type ChangeClass,
  type ClassificationEntry,
  type DiffConfig,
} from './classification.js';
export { suggestVersion, parseSemver } from './semver.js';
export { renderDiffText } from './render-text.js';
export { renderDiffMarkdown } from './render-markdown.js';
export { renderDiffJson } from './render-json.js';
export type {
  ChangeSide,
  ChangeSubject,
  DiffChange,
  DiffReport,
  DiffSummary,
  RawChange,
  SemverBump,
  SubjectKind,
  VersionSuggestion,
} from './types.js';
