/**
 * `mcpdesc-core/source`: decoding text into a document with a source map, and the limits that bound it, for tools built on the core (the CLI,
 * the language server). Beside the public entry, these sub-entries are the only way into the core
 * from outside it: a name is exported here when a tool needs it, and a test holds the CLI to them.
 */
export { decodeText } from '../source/encoding.js';
export { fixEdit } from '../source/fix-edits.js';
export { formatFromName, serializeDescription, sniffFormat } from '../source/index.js';
export { defaultLimits, defaultMaxRunValues, limitDiagnostic, RunBudget } from '../source/limits.js';
export { LineIndex } from '../source/line-index.js';
export { parseDescription } from '../source/parse.js';
export { emptySourceMap } from '../source/source-map.js';
export { textFixes, type TextFix } from '../source/text-fixes.js';
export {
  type ParseResult,
  type RangePart,
  type SourceFormat,
  type SourceLimits,
  type SourceMap,
} from '../source/types.js';
export { isPlainSafeString } from '../source/yaml-scalars.js';
