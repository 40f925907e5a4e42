import {
  compareDiagnostics,
  copyDiagnostic,
  type Diagnostic,
  type Position,
  type Range,
  primitiveKinds,
  isObject,
} from 'mcpdesc-core/model';
import { type LintOptions, lintValue } from 'mcpdesc-core/lint';
import { parseDescription, type ParseResult, type RangePart, type SourceMap } from 'mcpdesc-core/source';
import { finishDiagnostics } from 'mcpdesc-core/validate';
import { siblingPass, withoutSiblingRules } from './sibling-rules.js';

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
 * The source map of the edited text: the re-decoded value's own map (its lines moved to the
 * value's place) below its pointer, the previous map (moved by the edit) elsewhere.
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
      // The value itself encloses the edit: its previous range, moved, is right for every part (a
      // key's range, or the member under its key, is not in the slice's own map).
      if (at.startsWith(`${pointer}/`)) {
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
 * Root members that no check of a declaration reads (no rule looks at `info` or `instructions`
 * while it visits a Tool, Resource, Template or Prompt): an edit inside one is re-checked with the
 * document's frame alone. Every other root member (the revisions, components, security schemes,
 * transports, capabilities, tags, inline lint configuration) can change any declaration's findings.
 */
const membersNoDeclarationReads = ['info', 'instructions'];

/** Where the edit sits, in 1-based lines and columns: its start, and its end before and after. */
interface EditSpan {
  startAt: Position;
  oldEnd: Position;
  newEnd: Position;
}

/**
 * The quick re-check of an edit that stays inside one declaration (a Tool, Resource, Resource
 * Template or Prompt) or inside a root member no declaration's check reads (`info`,
 * `instructions`). Only that value's text is decoded again, and spliced into the previous
 * document (every other value is the previous one, so caches keyed by value keep hitting).
 * A declaration is checked alone, in a copy of the document holding it as its collection's only
 * member (everything it can refer to — components, tags, schemes, the root scope — is kept); a
 * root member is checked in the document's frame (every collection emptied). The value's findings
 * replace its previous ones; of the findings outside it, those the edit removes or adds are removed
 * or added. The rules that relate declarations to each other (a duplicate name, overlapping
 * variants: `sibling-rules.ts`) run over the whole edited document, and their findings replace
 * theirs, so the result is exactly what `lint` of the edited text finds. Every other finding is
 * kept, its range moved by the edit. Undefined when the edit is not of that kind: the caller
 * checks the whole text.
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
  const span = { startAt, oldEnd, newEnd };
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
        return recheckDeclaration(previous, edited, options, { collection, index: middle, range, span });
      }
    }
  }
  for (const member of membersNoDeclarationReads) {
    const range = old[member] === undefined ? undefined : map.rangeOf(`/${member}`);
    if (range && strictlyInside(range, startAt, oldEnd))
      return recheckRootMember(previous, edited, options, { member, range, span });
  }
  return undefined;
}

/** The edited value's text decoded again, with the lines and columns it has in the document. */
function decodeSlice(
  previous: CheckedText,
  edited: EditedText,
  range: Range,
  span: EditSpan,
  objectOnly: boolean,
): { value: unknown; map: SourceMap } | undefined {
  const format = previous.parsed.format;
  const end = shift(range.end, span.oldEnd, span.newEnd);
  const sliceStart = edited.offsetAt({ line: range.start.line - 1, character: range.start.column - 1 });
  const sliceEnd = edited.offsetAt({ line: end.line - 1, character: end.column - 1 });
  const slice = edited.text.slice(sliceStart, sliceEnd);
  if (format === 'yaml' && !staysInsideYamlItem(slice, range.start.column)) return undefined;
  // Padded to its column, the slice decodes with the lines and columns it has in the document.
  const decoded = parseDescription(' '.repeat(range.start.column - 1) + slice, { format });
  if (decoded.document === undefined || decoded.diagnostics.length > 0) return undefined;
  if (objectOnly && !isObject(decoded.document)) return undefined;
  return { value: decoded.document, map: decoded.sourceMap };
}

function recheckDeclaration(
  previous: CheckedText,
  edited: EditedText,
  options: LintOptions,
  at: { collection: string; index: number; range: Range; span: EditSpan },
): QuickCheck | undefined {
  const { collection, index, range, span } = at;
  const decoded = decodeSlice(previous, edited, range, span, true);
  if (!decoded) return undefined;
  const old = previous.parsed.document as Record<string, unknown>;
  const list = [...(old[collection] as unknown[])];
  list[index] = decoded.value;
  const pointer = `/${collection}/${index}`;
  const alone = `/${collection}/0`;
  const ownRules = withoutSiblingRules(options);
  /** The declaration checked alone, its findings moved to its place. */
  const checkAlone = (value: unknown): Diagnostic[] =>
    lintValue({ ...old, [collection]: [value] }, ownRules).map((d) =>
      inside(d, alone) ? { ...d, pointer: pointer + d.pointer.slice(alone.length) } : d,
    );
  return splice(previous, options, {
    pointer,
    document: { ...old, [collection]: list },
    decoded,
    firstLine: range.start.line,
    span,
    checkBefore: () => checkAlone((old[collection] as unknown[])[index]),
    checkNow: () => checkAlone(decoded.value),
  });
}

function recheckRootMember(
  previous: CheckedText,
  edited: EditedText,
  options: LintOptions,
  at: { member: string; range: Range; span: EditSpan },
): QuickCheck | undefined {
  const { member, range, span } = at;
  const decoded = decodeSlice(previous, edited, range, span, false);
  if (!decoded) return undefined;
  const old = previous.parsed.document as Record<string, unknown>;
  const frame: Record<string, unknown> = { ...old };
  for (const { collection } of primitiveKinds) if (Array.isArray(old[collection])) frame[collection] = [];
  const ownRules = withoutSiblingRules(options);
  return splice(previous, options, {
    pointer: `/${member}`,
    document: { ...old, [member]: decoded.value },
    decoded,
    firstLine: range.start.line,
    span,
    checkBefore: () => lintValue(frame, ownRules),
    checkNow: () => lintValue({ ...frame, [member]: decoded.value }, ownRules),
  });
}

const inside = (d: Diagnostic, at: string): boolean => d.pointer === at || d.pointer.startsWith(`${at}/`);
const findingKey = (d: Diagnostic): string => `${d.rule}\u0000${d.code}\u0000${d.pointer}\u0000${d.message}`;

/**
 * The edited document and its findings: the value's own findings from `checkNow`; outside it,
 * the previous findings less those `checkBefore` had and `checkNow` has not, plus those only
 * `checkNow` has (a rule of the value can report at a component it uses); the sibling rules'
 * findings from a pass over the whole document.
 */
function splice(
  previous: CheckedText,
  options: LintOptions,
  change: {
    pointer: string;
    document: Record<string, unknown>;
    decoded: { value: unknown; map: SourceMap };
    firstLine: number;
    span: EditSpan;
    checkBefore: () => Diagnostic[];
    checkNow: () => Diagnostic[];
  },
): QuickCheck {
  const { pointer, document, decoded, firstLine, span } = change;
  const { oldEnd, newEnd } = span;
  const sourceMap = spliceSourceMap(
    previous.parsed.sourceMap,
    { pointer, map: decoded.map, firstLine },
    oldEnd,
    newEnd,
  );
  const now = change.checkNow();
  const outsideBefore = new Set(
    change
      .checkBefore()
      .filter((d) => !inside(d, pointer))
      .map(findingKey),
  );
  const outsideNow = now.filter((d) => !inside(d, pointer));
  const outsideNowKeys = new Set(outsideNow.map(findingKey));
  // Usually both are empty: no key is built for the thousands of findings kept as they were.
  const gone = new Set([...outsideBefore].filter((key) => !outsideNowKeys.has(key)));
  const siblings = siblingPass(document, options);
  // Findings before the edit keep their objects: only those after it are moved (copied).
  const kept: Diagnostic[] = [];
  for (const d of previous.diagnostics) {
    if (siblings.rules.has(d.rule) || inside(d, pointer) || (gone.size > 0 && gone.has(findingKey(d)))) continue;
    kept.push(d.range && !before(d.range.end, oldEnd) ? copyDiagnostic(d, shiftRange(d.range, oldEnd, newEnd)) : d);
  }
  const added = outsideNow.filter((d) => !outsideBefore.has(findingKey(d)));
  const keptKeys = added.length > 0 ? new Set(kept.map(findingKey)) : new Set<string>();
  const found = [
    ...now.filter((d) => inside(d, pointer)),
    ...added.filter((d) => !keptKeys.has(findingKey(d))),
    ...siblings.found,
  ];
  return {
    parsed: { document, format: previous.parsed.format, sourceMap, diagnostics: [] },
    diagnostics: mergeSorted(kept, finishDiagnostics(found, sourceMap).sort(compareDiagnostics)),
    splices: previous.splices + 1,
  };
}

/**
 * Two lists in `compareDiagnostics` order as one, in linear time: the kept findings are in order
 * already (the edit moves the ranges after it, all by the same amount), so the thousands of a
 * large document are not sorted again.
 */
function mergeSorted(kept: readonly Diagnostic[], found: readonly Diagnostic[]): Diagnostic[] {
  if (found.length === 0) return [...kept];
  const out: Diagnostic[] = [];
  let k = 0;
  for (const d of found) {
    while (k < kept.length && compareDiagnostics(kept[k]!, d) <= 0) out.push(kept[k++]!);
    out.push(d);
  }
  while (k < kept.length) out.push(kept[k++]!);
  return out;
}
