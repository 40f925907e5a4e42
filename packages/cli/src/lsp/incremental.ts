import {
  compareDiagnostics,
  copyDiagnostic,
  type Diagnostic,
  type Position,
  type Range,
  primitiveKinds,
  isObject,
  joinPointer,
} from 'mcpdesc-core/model';
import { type LintOptions, lintValue } from 'mcpdesc-core/lint';
import { parseDescription, type ParseResult, type RangePart, type SourceMap } from 'mcpdesc-core/source';
import { finishDiagnostics } from 'mcpdesc-core/validate';
import { componentDependants, memberReaders, membersEveryCheckReads } from './member-dependencies.js';
import { rulesPass, siblingRuleIds, withoutRules } from './sibling-rules.js';

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

const collections: ReadonlySet<string> = new Set(primitiveKinds.map((kind) => kind.collection));
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
 * value's place) below its pointer, the previous map (moved by the edit) elsewhere; the lines of
 * the edited text (a YAML number's quoting fix reads its characters), split when first asked.
 */
function spliceSourceMap(
  previous: SourceMap,
  declaration: { pointer: string; map: SourceMap; firstLine: number },
  oldEnd: Position,
  newEnd: Position,
  text: string,
): SourceMap {
  const { pointer, map, firstLine } = declaration;
  let lines: string[] | undefined;
  return {
    lineText(line: number): string | undefined {
      lines ??= text.split(/\r?\n/);
      return line >= 1 ? lines[line - 1] : undefined;
    },
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

/** Where the edit sits, in 1-based lines and columns: its start, and its end before and after. */
interface EditSpan {
  startAt: Position;
  oldEnd: Position;
  newEnd: Position;
}

/**
 * The quick re-check of an edit that stays inside one declaration (a Tool, Resource, Resource
 * Template or Prompt) or inside one other root member, except those every check reads
 * (`member-dependencies.ts`). Only that value's text is decoded again, and spliced into the
 * previous document (every other value is the previous one, so caches keyed by value keep
 * hitting). A declaration is checked alone, in a copy of the document holding it as its
 * collection's only member (everything it can refer to — components, tags, schemes, the root
 * scope — is kept); a root member is checked in the document's frame (every collection emptied),
 * with the declarations whose checks read what changed (those reaching an edited component). The
 * value's findings (and theirs) replace the previous ones; of the findings elsewhere, those the
 * edit removes or adds are removed or added. The rules that relate declarations to each other (a
 * duplicate name, overlapping variants: `sibling-rules.ts`), and those that read the edited
 * member from everywhere (`memberReaders`), run over the whole edited document, and their findings
 * replace theirs, so the result is exactly what `lint` of the edited text finds. Every other
 * finding is kept, its range moved by the edit. Undefined when the edit is not of that kind: the
 * caller checks the whole text.
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
  for (const member of Object.keys(old)) {
    if (collections.has(member)) continue;
    const range = map.rangeOf(joinPointer('', member));
    if (!range || !strictlyInside(range, startAt, oldEnd)) continue;
    // A configuration's own rules (plugins, declarative) may read any member from anywhere.
    const configured = (options.config?.pluginRules?.length ?? 0) + (options.config?.declarativeRules?.length ?? 0);
    if (membersEveryCheckReads.has(member) || configured > 0) return undefined;
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
  let sliceEnd = edited.offsetAt({ line: end.line - 1, character: end.column - 1 });
  // The YAML decoder ends an empty flow collection (`[]`, `{}`) after its opening bracket: a value
  // ending in one ends before the closing bracket, which the slice needs.
  if (format === 'yaml' && /^[\]}][ \t]*(\r?\n|$)/.test(edited.text.slice(sliceEnd, sliceEnd + 80))) sliceEnd++;
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
  const ownRules = withoutRules(options, siblingRuleIds);
  const move = relocation(new Map([[collection, [index]]]));
  /** The declaration checked alone, its findings moved to its place. */
  const checkAlone = (value: unknown): Diagnostic[] => lintValue({ ...old, [collection]: [value] }, ownRules).map(move);
  return splice(previous, options, {
    pointer,
    text: edited.text,
    document: { ...old, [collection]: list },
    decoded,
    firstLine: range.start.line,
    span,
    owns: (at) => at === pointer || at.startsWith(`${pointer}/`),
    replaced: siblingRuleIds,
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
  const document = { ...old, [member]: decoded.value };
  const memberPointer = joinPointer('', member);
  // An edited component: the components that change and the declarations that reach them are checked again.
  let components: ReadonlySet<string> = new Set();
  let picks: ReadonlyMap<string, readonly number[]> = new Map();
  if (member === 'components') {
    const dependants = componentDependants(old, document);
    if (!dependants) return undefined;
    ({ components, declarations: picks } = dependants);
  }
  const replaced = new Set([...siblingRuleIds, ...(memberReaders[member] ?? [])]);
  const ownRules = withoutRules(options, replaced);
  const move = relocation(picks);
  /** The document's frame: each collection holds only the declarations picked (none, mostly). */
  const frame = (of: Record<string, unknown>): Record<string, unknown> => {
    const out = { ...of };
    for (const { collection } of primitiveKinds) {
      const list = of[collection];
      if (Array.isArray(list)) out[collection] = (picks.get(collection) ?? []).map((index) => list[index]);
    }
    return out;
  };
  const declarations = new Set<string>();
  for (const [collection, indices] of picks) for (const index of indices) declarations.add(`/${collection}/${index}`);
  const owns = (pointer: string): boolean =>
    (member === 'components'
      ? components.has(head(pointer, 3))
      : pointer === memberPointer || pointer.startsWith(`${memberPointer}/`)) || declarations.has(head(pointer, 2));
  return splice(previous, options, {
    pointer: memberPointer,
    text: edited.text,
    document,
    decoded,
    firstLine: range.start.line,
    span,
    owns,
    replaced,
    checkBefore: () => lintValue(frame(old), ownRules).map(move),
    checkNow: () => lintValue(frame(document), ownRules).map(move),
  });
}

/** The pointer's first `segments` tokens (`/tools/3` of `/tools/3/name` for 2). */
function head(pointer: string, segments: number): string {
  let end = 0;
  for (let i = 0; i < segments; i++) {
    end = pointer.indexOf('/', end + 1);
    if (end < 0) return pointer;
  }
  return pointer.slice(0, end);
}

/**
 * Moves the findings of a frame holding some declarations to their places in the document: the
 * k-th declaration left in a collection is `picks[k]`, in pointers and in the messages that name
 * a place ("used by /tools/0/inputSchema").
 */
function relocation(picks: ReadonlyMap<string, readonly number[]>): (d: Diagnostic) => Diagnostic {
  if (picks.size === 0) return (d) => d;
  const place = new RegExp(`/(${[...picks.keys()].join('|')})/(\\d+)(?!\\d)`, 'g');
  const moved = (text: string): string =>
    text.replace(place, (whole, collection: string, index: string) => {
      const to = picks.get(collection)?.[Number(index)];
      return to === undefined ? whole : `/${collection}/${to}`;
    });
  return (d) => {
    const pointer = moved(d.pointer);
    const message = d.message.includes('/') ? moved(d.message) : d.message;
    return pointer === d.pointer && message === d.message ? d : { ...d, pointer, message };
  };
}

const findingKey = (d: Diagnostic): string => `${d.rule}\u0000${d.code}\u0000${d.pointer}\u0000${d.message}`;

/**
 * The edited document and its findings: where `owns` says, `checkNow`'s findings; elsewhere, the
 * previous findings less those `checkBefore` had and `checkNow` has not, plus those only
 * `checkNow` has (a rule of the value can report at a component it uses); the `replaced` rules'
 * findings from a pass over the whole document.
 */
function splice(
  previous: CheckedText,
  options: LintOptions,
  change: {
    pointer: string;
    text: string;
    document: Record<string, unknown>;
    decoded: { value: unknown; map: SourceMap };
    firstLine: number;
    span: EditSpan;
    /** Where the findings are `checkNow`'s alone: the re-checked values. */
    owns: (pointer: string) => boolean;
    /** The rules run over the whole edited document instead (left out of both checks). */
    replaced: ReadonlySet<string>;
    checkBefore: () => Diagnostic[];
    checkNow: () => Diagnostic[];
  },
): QuickCheck {
  const { pointer, document, decoded, firstLine, span, owns, replaced } = change;
  const { oldEnd, newEnd } = span;
  const sourceMap = spliceSourceMap(
    previous.parsed.sourceMap,
    { pointer, map: decoded.map, firstLine },
    oldEnd,
    newEnd,
    change.text,
  );
  const now = change.checkNow();
  const outsideBefore = new Set(
    change
      .checkBefore()
      .filter((d) => !owns(d.pointer))
      .map(findingKey),
  );
  const outsideNow = now.filter((d) => !owns(d.pointer));
  const outsideNowKeys = new Set(outsideNow.map(findingKey));
  // Usually both are empty: no key is built for the thousands of findings kept as they were.
  const gone = new Set([...outsideBefore].filter((key) => !outsideNowKeys.has(key)));
  const wholePass = rulesPass(document, options, replaced);
  // Findings before the edit keep their objects: only those after it are moved (copied).
  const kept: Diagnostic[] = [];
  for (const d of previous.diagnostics) {
    if (replaced.has(d.rule) || owns(d.pointer) || (gone.size > 0 && gone.has(findingKey(d)))) continue;
    kept.push(d.range && !before(d.range.end, oldEnd) ? copyDiagnostic(d, shiftRange(d.range, oldEnd, newEnd)) : d);
  }
  const added = outsideNow.filter((d) => !outsideBefore.has(findingKey(d)));
  const keptKeys = added.length > 0 ? new Set(kept.map(findingKey)) : new Set<string>();
  const found = [
    ...now.filter((d) => owns(d.pointer)),
    ...added.filter((d) => !keptKeys.has(findingKey(d))),
    ...wholePass,
  ];
  return {
    parsed: { document, format: previous.parsed.format, sourceMap, diagnostics: [] },
    diagnostics: mergeSorted(
      kept,
      finishDiagnostics(found, sourceMap, previous.parsed.format).sort(compareDiagnostics),
    ),
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
