import type { Position, Range } from '../model/diagnostic.js';

/**
 * Turns UTF-16 offsets into 1-based line/column positions. The table of line starts is built
 * on first use, so parses that never report a position never pay for it.
 */
export class LineIndex {
  private starts: Int32Array | undefined;

  constructor(private readonly text: string) {}

  position(offset: number): Position {
    const starts = (this.starts ??= lineStarts(this.text));
    let clamped = Math.max(0, Math.min(offset, this.text.length));
    // Between the CR and the LF of one line break is no column: it is the end of the line.
    if (this.text.charCodeAt(clamped) === 10 && this.text.charCodeAt(clamped - 1) === 13) clamped--;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: clamped - starts[low]! + 1 };
  }

  /** The text of 1-based line `line` without its line break (the lines `split(/\r\n|\r|\n/)` gives), or undefined past the last. */
  lineText(line: number): string | undefined {
    const starts = (this.starts ??= lineStarts(this.text));
    if (!Number.isInteger(line) || line < 1 || line > starts.length) return undefined;
    const start = starts[line - 1]!;
    if (line === starts.length) return this.text.slice(start);
    // The next line starts after this one's break: one code unit, or two for CR LF.
    let end = starts[line]! - 1;
    if (this.text.charCodeAt(end) === 10 && this.text.charCodeAt(end - 1) === 13) end--;
    return this.text.slice(start, end);
  }

  range(start: number, end: number): Range {
    return { start: this.position(start), end: this.position(Math.max(start, end)) };
  }
}

/** Offsets where lines begin; `\r\n`, `\n` and a lone `\r` each end a line. */
function lineStarts(text: string): Int32Array {
  // A typed array: pushing a million line starts onto a plain array costs several times more.
  let starts = new Int32Array(Math.max(16, text.length >> 6));
  let count = 1;
  const add = (start: number): void => {
    if (count === starts.length) {
      const wider = new Int32Array(count * 2);
      wider.set(starts);
      starts = wider;
    }
    starts[count++] = start;
  };
  if (text.indexOf('\r') < 0) {
    // The common case: searching for `\n` alone is much faster than a loop over every character.
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) add(i + 1);
  } else {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) add(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        add(i + 1);
      }
    }
  }
  return starts.subarray(0, count);
}
