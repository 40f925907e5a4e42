/**
 * Diagnostic positions (1-based line and column, columns in UTF-16 code units, as editors and
 * the core count them) to textarea offsets, and back. Pure: the page and the tests share it.
 */
import type { Position, Range } from 'mcpdesc-core';

/** The offset of each line's first character: `starts[line - 1]`. A line ends at \n, \r\n or a lone \r. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
    if (code === 0x0a || code === 0x0d) starts.push(i + 1);
  }
  return starts;
}

/** The offset of a position, clamped into its line (a stale diagnostic still lands somewhere sensible). */
export function offsetOf(starts: readonly number[], text: string, position: Position): number {
  const line = Math.min(Math.max(position.line, 1), starts.length);
  const start = starts[line - 1]!;
  return Math.min(start + Math.max(position.column, 1) - 1, lineEnd(starts, text, line));
}

/** The offset just after a line's last character, before its line break. */
function lineEnd(starts: readonly number[], text: string, line: number): number {
  if (line >= starts.length) return text.length;
  let end = starts[line]!;
  if (text.charCodeAt(end - 1) === 0x0a) end--;
  if (text.charCodeAt(end - 1) === 0x0d) end--;
  return end;
}

/** The selection a diagnostic's range stands for: [start, end) offsets, end never before start. */
export function selectionOf(text: string, range: Range): [number, number] {
  const starts = lineStarts(text);
  const start = offsetOf(starts, text, range.start);
  return [start, Math.max(start, offsetOf(starts, text, range.end))];
}

/** The position of an offset (for the caret read-out). */
export function positionOf(starts: readonly number[], offset: number): Position {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - starts[low]! + 1 };
}
