import type { Diagnostic, Range } from '../model/diagnostic.js';

export type SourceFormat = 'json' | 'yaml';

/** Bounds on untrusted input. Exceeding one is a `source.limit` diagnostic, never a crash. */
export interface SourceLimits {
  /** Maximum input size in bytes (UTF-8). */
  maxBytes: number;
  /** Maximum nesting depth of arrays and objects. */
  maxDepth: number;
  /** Maximum length of one string (keys included), in UTF-16 code units. */
  maxStringLength: number;
  /** Maximum number of entries in one array or object. */
  maxCollectionSize: number;
}

export type RangePart = 'value' | 'key' | 'member';

/** Maps RFC 6901 pointers of a decoded document to source ranges. May be built lazily. */
export interface SourceMap {
  /**
   * Range of the value at `pointer`; of its key, for `part: 'key'`; for `part: 'member'`, of the
   * key and the value together when the value is an object or array under a key (the key names
   * it, and the value's first line is its first member), else of the value. Undefined when unknown.
   */
  rangeOf(pointer: string, part?: RangePart): Range | undefined;
  /**
   * The text of 1-based line `line` of the source the ranges count in, without its line break;
   * undefined past the last line. Absent when there is no source text.
   */
  lineText?(line: number): string | undefined;
}

export interface ParseOptions {
  format?: SourceFormat;
  filename?: string;
  limits?: Partial<SourceLimits>;
}

export interface ParseResult {
  /** The decoded value; `undefined` when the text could not be decoded. */
  document: unknown;
  format: SourceFormat;
  sourceMap: SourceMap;
  diagnostics: Diagnostic[];
}
