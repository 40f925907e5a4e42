/** The source layer: text <-> decoded document with a source map (pure; no I/O). */
export { parseDescription, formatFromName, sniffFormat } from './parse.js';
export { serializeDescription, rootKeyOrder, type SerializeOptions } from './serialize.js';
export { defaultLimits, resolveLimits } from './limits.js';
export type { SourceFormat, SourceLimits, SourceMap, ParseOptions, ParseResult } from './types.js';
