import type { Position as LspPosition, Range as LspRange } from 'vscode-languageserver';
import type { Range } from 'mcpdesc-core/model';

/** mcpdesc ranges are 1-based lines and columns in UTF-16 code units; LSP's are 0-based in the same units. */
export function toLspRange(range: Range): LspRange {
  return {
    start: { line: range.start.line - 1, character: range.start.column - 1 },
    end: { line: range.end.line - 1, character: range.end.column - 1 },
  };
}

/** Whether `position` lies within `range`, both ends included (a cursor just after a token is on it). */
export function contains(range: LspRange, position: LspPosition): boolean {
  return !before(position, range.start) && !before(range.end, position);
}

function before(a: LspPosition, b: LspPosition): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}
