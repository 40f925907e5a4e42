/**
 * `mcpdesc-core/operations`: the operations on documents: native, project, merge, fit to a revision, wire to format, for tools built on the core (the CLI,
 * the language server). Beside the public entry, these sub-entries are the only way into the core
 * from outside it: a name is exported here when a tool needs it, and a test holds the CLI to them.
 */
export { compat, type CompatReport, requirementsVerdict } from '../operations/compat.js';
export { bundle, inlineReferences, resolve } from '../operations/components.js';
export { firstDifference } from '../operations/equivalent.js';
export { fitToRevision, type Removal } from '../operations/fit-to-revision.js';
export { merge } from '../operations/merge.js';
export { migrate } from '../operations/migrate.js';
export { formatMigrationReportJson, formatMigrationSummary } from '../operations/migrate-report.js';
export {
  type CacheHints,
  completeResult,
  implementationOf,
  native,
  nativePayloads,
  type NativeSource,
  prepareNative,
  serverCapabilities,
} from '../operations/native.js';
export { nativeForm } from '../operations/native-form.js';
export { type OperationDiagnostic, type OperationResult } from '../operations/operation-result.js';
export { declarationView, project, projectView } from '../operations/project.js';
export { fromServerJson, toServerJson, unmappedDiagnostics } from '../operations/server-json.js';
export { split } from '../operations/split.js';
export { type WireChange, wireToFormat } from '../operations/wire-to-format.js';
