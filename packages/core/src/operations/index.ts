/** Pure document operations: equivalence, projection, merge, component resolution and bundling. */
export {
  type OperationDiagnostic,
  type OperationLocation,
  type OperationOptions,
  type OperationResult,
  type OperationSuccess,
  type OperationFailure,
} from './operation-result.js';
export {
  equivalent,
  compareDocuments,
  type EquivalenceOptions,
  type EquivalenceDifference,
  type EquivalenceReport,
} from './equivalent.js';
export { project, projectView, type ProjectOptions, type ProjectViewOptions } from './project.js';
export {
  resolve,
  bundle,
  pruneComponents,
  type ResolveOptions,
  type ResolveResult,
  type Replacement,
  type BundleOptions,
  type BundleResult,
  type BundledComponent,
} from './components.js';
export { merge, type MergeOptions, type MergeResult, type ComponentRename } from './merge.js';
export {
  migrate,
  noArgumentsSchema,
  schemaUri080,
  type MigrateOptions,
  type MigrateResult,
  type MigrationReport,
  type MigrationChange,
  type MigrationDefault,
  type MigrationApproval,
  type MigrationQuestion,
  type MigratedSecurityScheme,
} from './migrate.js';
export { formatMigrationReportJson, formatMigrationSummary } from './migrate-report.js';
export { check070Structure } from './migrate-070-structure.js';
export { native, type NativeOptions, type NativePayloads } from './native.js';
export { descriptionOnlyFields } from '../model/document.js';
export {
  compat,
  type CompatOptions,
  type CompatReport,
  type CompatVerdict,
  type PrimitiveCompatibility,
  type RequirementVerdict,
} from './compat.js';
