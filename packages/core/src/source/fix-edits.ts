import { applyFixesToValue, fixApplies, type Fix } from '../model/fix.js';
import type { Position } from '../model/diagnostic.js';
import { identicalJson } from '../model/json.js';
import { getAtPointer, joinPointer, parentPointer } from '../model/json-pointer.js';
import { isObject } from '../model/values.js';
import { parseDescription } from './parse.js';
import type { SourceFormat, SourceLimits, SourceMap } from './types.js';
import { plainScalarValue } from './yaml-scalars.js';

/** Replace `text.slice(start, end)` with `text`; `start === end` inserts. Offsets in UTF-16 code units. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** A fix that could not be written without changing more than it should, and why. */
export interface FixRefusal {
  fix: Fix;
  reason: string;
}

export interface AppliedFixes {
  /** The text with the applied fixes; every line no fix touched is kept byte for byte. */
  text: string;
  applied: Fix[];
  /** The edits of the applied fixes, in offsets of the input text. */
  edits: TextEdit[];
  refused: FixRefusal[];
  /** Fixes that overlap one applied in this pass: the next pass (after linting again) may take them. */
  deferred: Fix[];
}

export interface ApplyFixesOptions {
  format: SourceFormat;
  limits?: Partial<SourceLimits>;
}

/**
 * Writes fixes into text as small edits: a JSON value, key or member is replaced where the
 * source map places it, in the document's own indentation; YAML is edited the same way (a key,
 * a scalar, a whole line of a block collection, a flow collection like JSON) and refused where
 * the text cannot be kept faithful (a flow collection with comments, a block scalar, the only
 * entry of a block collection). Why not re-print through a YAML library's Document: that
 * re-flows lines nobody touched. Every pass is checked: the edited text must decode to exactly
 * the document with the fixes applied (members in order), or the pass is split in halves
 * (bisection, at most 64 decodes) and a fix whose text does not decode as it should is refused.
 * Fixes that overlap one already taken (the same value, one inside the other, or touching text)
 * are deferred to the next pass, so one pass never writes two overlapping edits.
 */
export function applyFixes(text: string, fixes: readonly Fix[], options: ApplyFixesOptions): AppliedFixes {
  // A YAML byte-order mark is not part of the source map's offsets: edit behind it.
  const mark = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const body = mark ? text.slice(1) : text;
  const parsed = parseDescription(body, { format: options.format, limits: options.limits });
  if (parsed.document === undefined)
    return {
      text,
      applied: [],
      edits: [],
      refused: fixes.map((fix) => ({ fix, reason: 'the text does not decode, so no fix is written' })),
      deferred: [],
    };
  const site = new EditSite(body, options.format, parsed.sourceMap, parsed.document);
  const refused: FixRefusal[] = [];
  const deferred: Fix[] = [];
  const seen = new Set<string>();
  // The pointers taken in this pass, and every ancestor of them: an overlap is found in O(depth).
  const taken = new Set<string>();
  const ancestors = new Set<string>();
  const overlapsTaken = (pointer: string): boolean => {
    if (ancestors.has(pointer)) return true;
    for (let p: string | undefined = pointer; p !== undefined; p = parentPointer(p)) if (taken.has(p)) return true;
    return false;
  };
  const candidates: Planned[] = [];
  for (const fix of fixes) {
    const id = JSON.stringify(fix);
    if (seen.has(id)) continue;
    seen.add(id);
    if (overlapsTaken(fix.pointer)) {
      deferred.push(fix);
      continue;
    }
    const outcome = site.editFor(fix);
    if ('reason' in outcome) {
      refused.push({ fix, reason: outcome.reason });
      continue;
    }
    taken.add(fix.pointer);
    for (let p = parentPointer(fix.pointer); p !== undefined; p = parentPointer(p)) ancestors.add(p);
    candidates.push({ fix, edit: outcome });
  }
  // Edits in text order; one that overlaps the edit before it waits for the next pass.
  const planned: Planned[] = [];
  for (const candidate of candidates.sort((a, b) => a.edit.start - b.edit.start || a.edit.end - b.edit.end)) {
    const last = planned[planned.length - 1];
    if (last && editsOverlap(last.edit, candidate.edit)) deferred.push(candidate.fix);
    else planned.push(candidate);
  }
  let budget = maxChecks;
  const check = (chosen: readonly Planned[]): string | undefined => {
    budget--;
    const edited = applyTextEdits(
      body,
      chosen.map((c) => c.edit),
    );
    const expected = applyFixesToValue(
      parsed.document,
      chosen.map((c) => c.fix),
    );
    const decoded = parseDescription(edited, { format: options.format, limits: options.limits });
    return expected !== undefined && decoded.document !== undefined && identicalJson(decoded.document, expected.value)
      ? edited
      : undefined;
  };
  /**
   * The fixes of `group` that write what they should: the group whole, else each half (bisection,
   * so a few bad fixes among many cost a few decodes each); past the budget of decodes, the rest
   * are refused rather than checked one by one.
   */
  const sound = (group: Planned[]): Planned[] => {
    if (group.length === 0) return [];
    if (budget <= 0) {
      for (const one of group)
        refused.push({ fix: one.fix, reason: 'not checked: too many fixes of this pass failed' });
      return [];
    }
    if (check(group) !== undefined) return group;
    if (group.length === 1) {
      refused.push({ fix: group[0]!.fix, reason: 'the edited text would not decode to the fixed document' });
      return [];
    }
    const half = group.length >> 1;
    return [...sound(group.slice(0, half)), ...sound(group.slice(half))];
  };
  const whole = planned.length > 0 ? check(planned) : body;
  let chosen = planned;
  let edited = whole ?? body;
  if (whole === undefined) {
    // The whole failed: its halves are checked (a single fix is refused without a second decode).
    if (planned.length === 1)
      refused.push({ fix: planned[0]!.fix, reason: 'the edited text would not decode to the fixed document' });
    const half = planned.length >> 1;
    chosen = planned.length === 1 ? [] : [...sound(planned.slice(0, half)), ...sound(planned.slice(half))];
    // Groups that decode right alone decode right together (their edits are disjoint): checked once more.
    const together = chosen.length > 0 ? check(chosen) : body;
    if (together === undefined)
      for (const one of chosen)
        refused.push({ fix: one.fix, reason: 'the edited text would not decode to the fixed document' });
    if (together === undefined) chosen = [];
    edited = together ?? body;
  }
  return {
    text: mark + edited,
    applied: chosen.map((c) => c.fix),
    edits: chosen.map((c) => ({ start: c.edit.start + mark.length, end: c.edit.end + mark.length, text: c.edit.text })),
    refused,
    deferred,
  };
}

/**
 * The one text edit of one fix, checked as `applyFixes` checks it (the editor's quick fix: the
 * same edit `lint --fix` writes), or why it is refused.
 */
export function fixEdit(text: string, fix: Fix, options: ApplyFixesOptions): { edit: TextEdit } | { reason: string } {
  const outcome = applyFixes(text, [fix], options);
  const edit = outcome.edits[0];
  if (edit) return { edit };
  return { reason: outcome.refused[0]?.reason ?? 'the fix does not apply to this text' };
}

/** Applies non-overlapping edits (in any order) to `text`. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

/** Two edits overlap when they share a character or insert at one place (their order would be a guess). */
function editsOverlap(a: TextEdit, b: TextEdit): boolean {
  return a.start === b.start || (a.start < b.end && b.start < a.end);
}

type EditOutcome = TextEdit | { reason: string };

type Planned = { fix: Fix; edit: TextEdit };

/** Decodes of the edited text one pass may make to find the fixes that write what they should. */
const maxChecks = 64;

interface Span {
  start: number;
  end: number;
}

/** One decoded text and its source map: the place of each value, key and line. */
class EditSite {
  private readonly starts: number[];
  private readonly lineBreak: string;

  constructor(
    private readonly text: string,
    private readonly format: SourceFormat,
    private readonly sourceMap: SourceMap,
    private readonly document: unknown,
  ) {
    this.starts = lineStarts(text);
    this.lineBreak = text.includes('\r\n') ? '\r\n' : '\n';
  }

  editFor(fix: Fix): EditOutcome {
    if (!fixApplies(this.document, fix)) return { reason: `${fix.pointer} is not where the fix expects it` };
    if (fix.kind === 'rename-key') return this.rename(fix.pointer, fix.key);
    if (fix.kind === 'set') return this.set(fix.pointer, fix.value);
    if (fix.kind === 'remove') return this.remove(fix.pointer);
    return this.append(fix.pointer, fix.value);
  }

  private offset(position: Position): number {
    return this.starts[position.line - 1]! + position.column - 1;
  }

  private span(pointer: string, part: 'value' | 'key'): Span | undefined {
    const range = this.sourceMap.rangeOf(pointer, part);
    return range ? { start: this.offset(range.start), end: this.offset(range.end) } : undefined;
  }

  /** Key and value of an object member, or an array element's value. */
  private memberSpan(pointer: string): Span | undefined {
    const value = this.span(pointer, 'value');
    if (!value) return undefined;
    const key = this.isObjectMember(pointer) ? this.span(pointer, 'key') : undefined;
    return { start: key?.start ?? value.start, end: value.end };
  }

  private isObjectMember(pointer: string): boolean {
    const parent = parentPointer(pointer);
    return parent !== undefined && isObject(getAtPointer(this.document, parent));
  }

  private lineOf(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** Text from the start of `offset`'s line up to it. */
  private linePrefix(offset: number): string {
    return this.text.slice(this.starts[this.lineOf(offset)]!, offset);
  }

  /** Offset just past the line break of `offset`'s line (the text's end on the last line). */
  private nextLineStart(offset: number): number {
    const line = this.lineOf(offset);
    return line + 1 < this.starts.length ? this.starts[line + 1]! : this.text.length;
  }

  /** Offset of the end of `offset`'s line, before its line break. */
  private lineEnd(offset: number): number {
    let end = this.nextLineStart(offset);
    if (end > 0 && this.text[end - 1] === '\n') end--;
    if (end > 0 && this.text[end - 1] === '\r') end--;
    return Math.max(end, offset);
  }

  private indentOf(offset: number): string {
    return /^[ \t]*/.exec(this.linePrefix(offset))![0];
  }

  /** The indentation one level adds in this text: the first indented line's, else two spaces. */
  private indentUnit(): string {
    return /\n([ \t]+)\S/.exec(this.text)?.[1] ?? '  ';
  }

  /** Siblings of a member or element in text order: the one before and the one after. */
  private neighbours(pointer: string): { before?: Span; after?: Span } {
    const parent = parentPointer(pointer)!;
    const container = getAtPointer(this.document, parent);
    if (Array.isArray(container)) {
      // An element's neighbours are the elements beside it: no scan (many removals in one list stay linear).
      const index = Number(pointer.slice(parent.length + 1));
      const before = index > 0 ? this.memberSpan(joinPointer(parent, index - 1)) : undefined;
      const after = index + 1 < container.length ? this.memberSpan(joinPointer(parent, index + 1)) : undefined;
      return { ...(before ? { before } : {}), ...(after ? { after } : {}) };
    }
    const keys = Object.keys(container as object);
    const own = this.memberSpan(pointer)!;
    let before: Span | undefined;
    let after: Span | undefined;
    for (const key of keys) {
      const sibling = joinPointer(parent, key);
      if (sibling === pointer) continue;
      const span = this.memberSpan(sibling);
      if (!span) continue;
      if (span.end <= own.start && (!before || span.end > before.end)) before = span;
      if (span.start >= own.end && (!after || span.start < after.start)) after = span;
    }
    return { ...(before ? { before } : {}), ...(after ? { after } : {}) };
  }

  /** Whether the collection holding `pointer` is written in flow style (`[...]`, `{...}`); JSON always is. */
  private inFlow(pointer: string): boolean {
    if (this.format === 'json') return true;
    const parent = this.span(parentPointer(pointer)!, 'value');
    return parent !== undefined && /[[{]/.test(this.text[parent.start] ?? '');
  }

  /** A YAML flow collection with a comment in it: editing inside would move or drop the comment. */
  private flowWithComment(pointer: string): boolean {
    if (this.format === 'json') return false;
    const parent = this.span(pointer, 'value');
    return parent !== undefined && /(^|[ \t\r\n])#/.test(this.text.slice(parent.start, parent.end));
  }

  private rename(pointer: string, key: string): EditOutcome {
    const span = this.span(pointer, 'key');
    if (!span) return { reason: `no source position for the key at ${pointer}` };
    const original = this.text.slice(span.start, span.end);
    const plain = this.format === 'yaml' && !/^["']/.test(original) && plainYamlString(key);
    return { ...span, text: plain ? key : JSON.stringify(key) };
  }

  private set(pointer: string, value: unknown): EditOutcome {
    const span = this.span(pointer, 'value');
    if (!span) return { reason: `no source position for ${pointer}` };
    const original = this.text.slice(span.start, span.end);
    if (this.format === 'json') return { ...span, text: this.json(value, this.indentOf(span.start)) };
    const old = getAtPointer(this.document, pointer);
    if (typeof old === 'object' && old !== null && !/^[[{]/.test(original))
      return { reason: `${pointer} is a block collection in YAML; replace it by hand` };
    if (/^[|>!&*]/.test(original) || (typeof old === 'object' && old !== null && this.flowWithComment(pointer)))
      return { reason: `${pointer} is written as a block scalar, a tagged value or a flow collection with comments` };
    return { ...span, text: yamlScalarOrFlow(value, original) };
  }

  private remove(pointer: string): EditOutcome {
    const own = this.memberSpan(pointer);
    if (!own) return { reason: `no source position for ${pointer}` };
    const parent = parentPointer(pointer)!;
    const { before, after } = this.neighbours(pointer);
    if (this.inFlow(pointer)) {
      if (this.flowWithComment(parent)) return { reason: `${parent} is a YAML flow collection with comments` };
      if (before) return { start: before.end, end: own.end, text: '' };
      if (after) return { start: own.start, end: after.start, text: '' };
      const container = this.span(parent, 'value')!;
      return { ...container, text: Array.isArray(getAtPointer(this.document, parent)) ? '[]' : '{}' };
    }
    // A block collection: the entry's whole lines go, with a comment at their end.
    if (!before && !after)
      return { reason: `${pointer} is the only entry of a YAML block collection; removing it changes its type` };
    const prefix = this.linePrefix(own.start);
    const member = this.isObjectMember(pointer);
    if (member ? !/^[ \t]*$/.test(prefix) : !/^[ \t]*-[ \t]+$/.test(prefix))
      return { reason: `${pointer} shares its line with another entry` };
    const start = own.start - prefix.length;
    const end = this.nextLineStart(own.end);
    if (after && after.start < end) return { reason: `${pointer} shares its line with another entry` };
    return { start, end, text: '' };
  }

  private append(pointer: string, value: unknown): EditOutcome {
    const span = this.span(pointer, 'value');
    const list = getAtPointer(this.document, pointer) as unknown[];
    if (!span) return { reason: `no source position for ${pointer}` };
    if (list.length === 0) {
      const inner =
        this.format === 'json' ? this.json(value, this.indentOf(span.start) + this.indentUnit()) : flow(value);
      return { ...span, text: `[${inner}]` };
    }
    const last = this.span(joinPointer(pointer, list.length - 1), 'value')!;
    const flowList = this.format === 'json' || /^\[/.test(this.text.slice(span.start, span.start + 1));
    if (flowList) {
      if (this.flowWithComment(pointer)) return { reason: `${pointer} is a YAML flow collection with comments` };
      const first = this.span(joinPointer(pointer, 0), 'value')!;
      // One line (`[a, b]`) stays one line; one entry per line gets a line of its own.
      if (this.format === 'yaml' || this.lineOf(first.start) === this.lineOf(span.start))
        return {
          start: last.end,
          end: last.end,
          text: `, ${this.format === 'json' ? JSON.stringify(value) : flow(value)}`,
        };
      const indent = this.indentOf(this.memberSpan(joinPointer(pointer, list.length - 1))!.start);
      return { start: last.end, end: last.end, text: `,${this.lineBreak}${indent}${this.json(value, indent)}` };
    }
    const lastEntry = this.memberSpan(joinPointer(pointer, list.length - 1))!;
    const dash = /^([ \t]*)-[ \t]+$/.exec(this.linePrefix(lastEntry.start));
    if (!dash) return { reason: `the last entry of ${pointer} shares its line with another` };
    const end = this.lineEnd(last.end);
    return { start: end, end, text: `${this.lineBreak}${dash[1]}- ${flow(value)}` };
  }

  /** A JSON value as this text writes it: containers one member a line at `indent` plus the unit. */
  private json(value: unknown, indent: string): string {
    return JSON.stringify(value, null, this.indentUnit()).replace(/\n/g, this.lineBreak + indent);
  }
}

/** Offsets where lines begin; `\r\n`, `\n` and a lone `\r` each end a line (as LineIndex counts). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}

/** A JSON value in flow style on one line: `{ "type": "text" }`, valid YAML and JSON. */
function flow(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(flow).join(', ')}]`;
  if (isObject(value)) {
    const members = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${flow(v)}`);
    return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** A string YAML reads back as itself when written plain: no indicator, no comment, no other type. */
function plainYamlString(value: string): boolean {
  return /^[A-Za-z0-9_$/.][^\s#:'"]*(:[^\s#'"]+)*$/.test(value) && plainScalarValue(value) === value;
}

/** A scalar in the original's style (plain, single or double quoted); a container in flow style. */
function yamlScalarOrFlow(value: unknown, original: string): string {
  if (typeof value !== 'string') return flow(value);
  if (original.startsWith("'") && !/[\n\r\t\u0000-\u001f]/.test(value)) return `'${value.replace(/'/g, "''")}'`;
  if (!/^["']/.test(original) && plainYamlString(value)) return value;
  return JSON.stringify(value);
}
