import type { Range } from '../model/diagnostic.js';
import type { LineIndex } from './line-index.js';
import type { SourceMap } from './types.js';

/** Offsets of one decoded value in the source text; key offsets are -1 for array items and the root. */
export interface SpanEntry {
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
}

export type SpanTable = Map<string, SpanEntry>;

/**
 * A source map whose pointer -> offsets table is computed on the first query (decoding a
 * document that turns out valid never builds it), and whose line/column come from a line index.
 */
export class LazySourceMap implements SourceMap {
  private table: SpanTable | undefined;

  constructor(private readonly build: () => SpanTable, private readonly lines: LineIndex) {}

  rangeOf(pointer: string, part: 'value' | 'key' = 'value'): Range | undefined {
    const entry = (this.table ??= this.build()).get(pointer);
    if (!entry) return undefined;
    if (part === 'key') {
      if (entry.keyStart < 0) return undefined;
      return this.lines.range(entry.keyStart, entry.keyEnd);
    }
    return this.lines.range(entry.valueStart, entry.valueEnd);
  }
}

/** For documents that could not be decoded at all. */
export const emptySourceMap: SourceMap = { rangeOf: () => undefined };
