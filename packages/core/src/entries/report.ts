/**
 * `mcpdesc-core/report`: report formats and their helpers, for tools built on the core (the CLI,
 * the language server). Beside the public entry, these sub-entries are the only way into the core
 * from outside it: a name is exported here when a tool needs it, and a test holds the CLI to them.
 */
export { neutralizeOutput, type OutputKind, printableLine } from '../report/control-characters.js';
export {
  type FileReport,
  type FormatName,
  formatNames,
  type FormatOptions,
  formatReport,
  formatReportPieces,
  type Report,
  type ReportCheck,
  type SourceLines,
  summarize,
} from '../report/index.js';
export { jsonlLine } from '../report/jsonl.js';
export { ruleHelpUri, specReference } from '../report/sarif.js';
export { unifiedDiff } from '../report/unified-diff.js';
export { version } from '../report/version.js';
