/**
 * `mcpdesc-core/diff`: change classification, for tools built on the core (the CLI,
 * the language server). Beside the public entry, these sub-entries are the only way into the core
 * from outside it: a name is exported here when a tool needs it, and a test holds the CLI to them.
 */
export {
  checkDiffConfig,
  type ClassificationEntry,
  classificationTable,
  type DiffConfig,
} from '../diff/classification.js';
export { diff, renderDiffJson, renderDiffMarkdown, renderDiffText } from '../diff/index.js';
