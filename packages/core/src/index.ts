/** mcpdesc-core: the public API of the pure core (re-exports only). */
/**
 * The entry points that take a caller's values, with their arguments checked (a TypeError naming
 * the function and what it expected); they shadow the same names of the `export *` below.
 */
export {
  parseDescription,
  serializeDescription,
  validate,
  lint,
  renderHtml,
  renderMarkdown,
  project,
  projectView,
  resolve,
  bundle,
  pruneComponents,
  merge,
  migrate,
  native,
  compat,
  diff,
  diffDocuments,
  equivalent,
  compareDocuments,
  getAtPointer,
  parsePointer,
  joinPointer,
  hasErrors,
  formatReport,
  formatReportPieces,
  renderDiffText,
  renderDiffMarkdown,
  renderDiffJson,
  suggestVersion,
  parseSemver,
  classify,
  classificationEntry,
  diffSchemas,
  formatMigrationReportJson,
  formatMigrationSummary,
  compareDiagnostics,
  effectiveSettings,
  subjectLabel,
} from './entry-points.js';
/** The MCP Description 0.8.0 document types (what a valid document is, object by object). */
export type {
  JsonObject,
  JsonSchema,
  McpPayload,
  SpecificationExtensions,
  ProtocolVersions,
  RootProtocolVersions,
  McpDescription,
  Info,
  Contact,
  License,
  Icon,
  StreamableHttpTransport,
  StdioTransport,
  SseTransport,
  Transport,
  SecuritySchemes,
  HttpSecurityScheme,
  ApiKeySecurityScheme,
  OAuth2SecurityScheme,
  OpenIdConnectSecurityScheme,
  SecurityScheme,
  OAuthFlows,
  ImplicitFlow,
  PasswordFlow,
  ClientCredentialsFlow,
  AuthorizationCodeFlow,
  SecurityRequirementArray,
  SecurityRequirement,
  Capabilities,
  ToolsCapability,
  ResourcesCapability,
  PromptsCapability,
  NativeCapability,
  TasksCapability,
  CapabilityExtensions,
  ExperimentalCapabilities,
  ClientRequirements,
  OrReference,
  Tool,
  ToolAnnotations,
  Execution,
  ToolExample,
  ToolInteractionExample,
  ElicitationStep,
  SamplingStep,
  RootsStep,
  ToolInteractionStep,
  Resource,
  ResourceTemplate,
  ResourceAnnotations,
  ResourceExample,
  ResourceTemplateExample,
  CompletionExample,
  CompletionArgument,
  CompletionContext,
  Prompt,
  PromptArgument,
  PromptExample,
  FormElicitationDeclaration,
  UrlElicitationDeclaration,
  ElicitationDeclaration,
  Tag,
  Components,
  ReferenceObject,
} from './model/description.js';
export type { Diagnostic, Position, Range, Severity } from './model/diagnostic.js';
export { revisions, type Revision } from './model/revisions.js';
export { defaultLimits } from './source/index.js';
export type {
  ParseOptions,
  ParseResult,
  SourceFormat,
  SourceLimits,
  SourceMap,
  SerializeOptions,
} from './source/index.js';
export {
  type ValidateOptions,
  type ValidationResult,
  type ValidationResultCommon,
  type ValidDescriptionResult,
  type InvalidDescriptionResult,
  type TextValidationResult,
} from './validate/validate.js';
export { validationRules } from './validate/catalogue.js';
export { documentedValidationRules } from './validate/rule-documentation.js';
export type { DocumentedRule, Rule, RuleDocs, RuleMeta } from './validate/rule.js';
export type { SpecVersion } from './model/spec-versions.js';
export { createSchemaService } from './validate/schema-engine-service.js';
export { formatters, pieceFormatters, type FileReport, type Report, type FormatName } from './report/index.js';
export {
  type LintOptions,
  type LintResult,
  type LintResultCommon,
  type PassingLintResult,
  type FailingLintResult,
  type TextLintResult,
} from './lint/lint.js';
export { checkConfig, configFileName, type LintConfig } from './lint/config.js';
export * from './operations/index.js';
export * from './diff/index.js';
export type { RenderOptions } from './render/index.js';
