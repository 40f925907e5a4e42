import {
  compareDiagnostics,
  copyDiagnostic,
  type Diagnostic,
  type Position,
  type Range,
} from 'mcpdesc-core/internal/model/diagnostic.js';
import { primitiveKinds } from 'mcpdesc-core/internal/model/document.js';
import { isObject } from 'mcpdesc-core/internal/model/values.js';
import type { LintOptions } from 'mcpdesc-core/internal/lint/lint.js';
import { lintValue } from 'mcpdesc-core/internal/lint/lint-value.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import type { ParseResult, RangePart, SourceMap } from 'mcpdesc-core/internal/source/types.js';
import { finishDiagnostics } from 'mcpdesc-core/internal/validate/finish-diagnostics.js';

/** A text, its decoding and the findings published for it: what the next edit is checked against. */
export interface CheckedText {
  text: string;
  parsed: ParseResult;
  diagnostics: Diagnostic[];
  /** How many quick re-checks its source map is spliced from (0: decoded whole); each adds a lookup step. */
  splices: number;
}

/** The new text, with the conversions of its editor document (0-based lines and characters). */
export interface EditedText {
  text: string;
  offsetAt(position: { line: number; character: number }): number;
  positionAt(offset: number): { line: number; character: number };
}

export interface QuickCheck {
  parsed: ParseResult;
  diagnostics: Diagnostic[];
  splices: number;
}

const before = (a: Position, b: Position): boolean => a.line < b.line || (a.line === b.line && a.column < b.column);
const strictlyInside = (range: Range, from: Position, to: Position): boolean =>
  before(range.start, from) && before(to, range.end);

/** Length of the common prefix of two texts: compared in blocks first (native string equality), then by character. */
function commonPrefix(a: string, b: string, limit: number): number {
  let at = 0;
  for (let block = 4096; block >= 1; block >>= 4)
    while (at + block <= limit && a.slice(at, at + block) === b.slice(at, at + block)) at += block;
  return at;
}

function commonSuffix(a: string, b: string, limit: number): number {
  let at = 0;
  for (let block = 4096; block >= 1; block >>= 4)
    while (
      at + block <= limit &&
      a.slice(a.length - at - block, a.length - at) === b.slice(b.length - at - block, b.length - at)
    )
      at += block;
  return at;
}

/** Where an unchanged position moves when the text from `start` to `oldEnd` becomes `start` to `newEnd`. */
function shift(position: Position, oldEnd: Position, newEnd: Position): Position {
  if (before(position, oldEnd)) return position;
  if (position.line === oldEnd.line)
    return { line: newEnd.line, column: newEnd.column + position.column - oldEnd.column };
  return { line: position.line + newEnd.line - oldEnd.line, column: position.column };
}

const shiftRange = (range: Range, oldEnd: Position, newEnd: Position): Range => ({
  start: shift(range.start, oldEnd, newEnd),
  end: shift(range.end, oldEnd, newEnd),
});

/**
 * The source map of the edited text: the re-decoded declaration's own map (its lines moved to
 * the declaration's place) below its pointer, the previous map (moved by the edit) elsewhere.
 */
function spliceSourceMap(
  previous: SourceMap,
  declaration: { pointer: string; map: SourceMap; firstLine: number },
  oldEnd: Position,
  newEnd: Position,
): SourceMap {
  const { pointer, map, firstLine } = declaration;
  return {
    rangeOf(at: string, part?: RangePart): Range | undefined {
      if (at === pointer || at.startsWith(`${pointer}/`)) {
        const range = map.rangeOf(at.slice(pointer.length), part);
        return (
          range && {
            start: { line: range.start.line + firstLine - 1, column: range.start.column },
            end: { line: range.end.line + firstLine - 1, column: range.end.column },
          }
        );
      }
      const range = previous.rangeOf(at, part);
      return range && shiftRange(range, oldEnd, newEnd);
    },
  };
}

/** A YAML block item stays one item when every line after its first is indented at least to its content. */
function staysInsideYamlItem(slice: string, column: number): boolean {
  const lines = slice.split('\n');
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const content = line.trimStart();
    if (content === '' || content.startsWith('#')) continue;
    if (line.length - content.length < column - 1) return false;
  }
  return true;
}

/**
 * The quick re-check of an edit that stays inside one declaration (a Tool, Resource, Resource
 * Template or Prompt). Only that declaration's text is decoded again, and spliced into the
 * previous document (every other value is the previous one, so caches keyed by value keep
 * hitting); it is checked alone, in a copy of the document holding it as its collection's only
 * member (everything it can refer to — components, tags, schemes, the root scope — is kept), and
 * its findings replace the declaration's previous ones; of its findings outside it (at a
 * component it uses) those the edit removes or adds are removed or added. Every other finding is
 * kept, its range moved by the edit. Findings relating the declaration to its siblings (a duplicate name,
 * overlapping variants) can lag until the exact whole-text check that follows. Undefined when
 * the edit is not of that kind: the caller checks the whole text.
 */
export function quickRecheck(previous: CheckedText, edited: EditedText, options: LintOptions): QuickCheck | undefined {
  const old = previous.parsed.document;
  const { text } = edited;
  if (!isObject(old) || previous.parsed.diagnostics.length > 0) return undefined;
  const shorter = Math.min(previous.text.length, text.length);
  const start = commonPrefix(previous.text, text, shorter);
  const tail = commonSuffix(previous.text, text, shorter - start);
  const removed = previous.text.slice(start, previous.text.length - tail);
  const from = edited.positionAt(start);
  const to = edited.positionAt(text.length - tail);
  const startAt = { line: from.line + 1, column: from.character + 1 };
  const newEnd = { line: to.line + 1, column: to.character + 1 };
  const removedLines = removed.split('\n');
  const oldEnd =
    removedLines.length === 1
      ? { line: startAt.line, column: startAt.column + removed.length }
      : { line: startAt.line + removedLines.length - 1, column: removedLines.at(-1)!.length + 1 };
  const map = previous.parsed.sourceMap;
  for (const { collection } of primitiveKinds) {
    const list = old[collection];
    if (!Array.isArray(list)) continue;
    // Declarations follow one another in the text: a binary search finds the one holding the edit.
    let low = 0;
    let high = list.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const range = map.rangeOf(`/${collection}/${middle}`, 'member');
      if (!range) return undefined;
      if (before(oldEnd, range.start)) high = middle - 1;
      else if (before(range.end, startAt)) low = middle + 1;
      else {
        if (!strictlyInside(range, startAt, oldEnd)) return undefined;
        return recheckAt(previous, edited, options, { collection, index: middle, range, oldEnd, newEnd, startAt });
      }
    }
  }
  return undefined;
}

function recheckAt(
  previous: CheckedText,
  edited: EditedText,
  options: LintOptions,
  at: { collection: string; index: number; range: Range; oldEnd: Position; newEnd: Position; startAt: Position },
): QuickCheck | undefined {
  const { collection, index, range, oldEnd, newEnd } = at;
  const format = previous.parsed.format;
  const end = shift(range.end, oldEnd, newEnd);
  const sliceStart = edited.offsetAt({ line: range.start.line - 1, character: range.start.column - 1 });
  const sliceEnd = edited.offsetAt({ line: end.line - 1, character: end.column - 1 });
  const slice = edited.text.slice(sliceStart, sliceEnd);
  if (format === 'yaml' && !staysInsideYamlItem(slice, range.start.column)) return undefined;
  // Padded to its column, the slice decodes with the lines and columns it has in the document.
  const decoded = parseDescription(' '.repeat(range.start.column - 1) + slice, { format });
  if (!isObject(decoded.document) || decoded.diagnostics.length > 0) return undefined;
  const old = previous.parsed.document as Record<string, unknown>;
  const list = [...(old[collection] as unknown[])];
  list[index] = decoded.document;
  const document = { ...old, [collection]: list };
  const pointer = `/${collection}/${index}`;
  const sourceMap = spliceSourceMap(
    previous.parsed.sourceMap,
    { pointer, map: decoded.sourceMap, firstLine: range.start.line },
    oldEnd,
    newEnd,
  );
  const alone = `/${collection}/0`;
  const inside = (d: Diagnostic, at: string): boolean => d.pointer === at || d.pointer.startsWith(`${at}/`);
  /** The declaration checked alone, its findings moved to its place. */
  const alonePass = (value: unknown): Diagnostic[] =>
    lintValue({ ...document, [collection]: [value] }, options).map((d) =>
      inside(d, alone) ? { ...d, pointer: pointer + d.pointer.slice(alone.length) } : d,
    );
  // Findings of the declaration's rules can sit outside it (at a component it uses): what the
  // edit changes there is the difference between the declaration checked alone before and after.
  const key = (d: Diagnostic): string => `${d.rule}\u0000${d.code}\u0000${d.pointer}\u0000${d.message}`;
  const now = alonePass(decoded.document);
  const outsideBefore = new Set(
    alonePass((old[collection] as unknown[])[index])
      .filter((d) => !inside(d, pointer))
      .map(key),
  );
  const outsideNow = new Set(now.filter((d) => !inside(d, pointer)).map(key));
  // Findings before the edit keep their objects: only those after it are moved (copied).
  const kept: Diagnostic[] = [];
  const keptKeys = new Set<string>();
  for (const d of previous.diagnostics) {
    if (inside(d, pointer) || (outsideBefore.has(key(d)) && !outsideNow.has(key(d)))) continue;
    keptKeys.add(key(d));
    kept.push(d.range && !before(d.range.end, oldEnd) ? copyDiagnostic(d, shiftRange(d.range, oldEnd, newEnd)) : d);
  }
  const found = now.filter((d) => inside(d, pointer) || (!outsideBefore.has(key(d)) && !keptKeys.has(key(d))));
  return {
    parsed: { document, format, sourceMap, diagnostics: [] },
    diagnostics: [...kept, ...finishDiagnostics(found, sourceMap)].sort(compareDiagnostics),
    splices: previous.splices + 1,
  };
}
