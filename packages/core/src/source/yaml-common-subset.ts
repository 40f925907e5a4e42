import { setOwn } from '../model/json.js';
import { hasOwn } from '../model/values.js';
import { ARRAY, OBJECT, SpanRecorder, type SpanTree } from './source-map.js';
import type { SourceLimits } from './types.js';
import { plainScalarValue } from './yaml-scalars.js';

/** A document read by the fast path: its value, the values it holds, and its spans. */
export interface CommonYaml {
  document: unknown;
  values: number;
  spans: SpanTree;
}

/** Leaves the fast path (thrown and caught in this module only): the precise decoder reads the text instead. */
const uncommon = new Error('outside the common subset of YAML');
function fail(): never {
  throw uncommon;
}

/**
 * The YAML fast path: one pass over the text that builds the value and records the same spans
 * as the precise decoder (js-yaml's events and `construct`), for the subset of YAML that
 * descriptions are written in: block mappings and sequences; plain scalars (continued on more
 * indented lines) and one-line quoted ones; literal and folded block scalars; one-line flow
 * sequences of scalars; `[]`, `{}`; comments. Anything else (a tab, a carriage return, a
 * multi-line quoted scalar, a flow mapping, an anchor, a tag, a directive, a second document, an
 * empty value...) and any document the precise decoder would report on (a duplicate or
 * non-string key, a scalar the profile rejects, a limit) returns undefined: the precise decoder
 * then reads the whole text, so this path only ever decides documents that decode cleanly. A
 * differential test holds it to the precise decoder.
 */
export function decodeCommonYaml(text: string, limits: SourceLimits): CommonYaml | undefined {
  if (text.includes('\t') || text.includes('\r') || text.includes('\ufeff')) return undefined;
  const reader = new CommonYamlReader(text, limits, new SpanRecorder(text.length >> 5, true));
  try {
    return reader.read();
  } catch (error) {
    if (error === uncommon) return undefined;
    throw error;
  }
}

const SPACE = 32,
  NEWLINE = 10,
  HASH = 35,
  COLON = 58,
  DASH = 45,
  DOUBLE_QUOTE = 34,
  SINGLE_QUOTE = 39,
  BACKSLASH = 92;

/**
 * Whether the character at `i` is printable and read by js-yaml the same wherever it stands in a
 * scalar or comment: no control characters, C1 controls, U+2028/U+2029, BOM, noncharacters or
 * unpaired surrogates (a pair is printable, each half checked on its own). Any other character
 * leaves the fast path.
 */
function isCommonAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x7f) return c >= 0x20;
  if (c < 0xd800) return c >= 0xa0 && c !== 0x2028 && c !== 0x2029;
  if (c < 0xdc00) return (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
  if (c < 0xe000) return (text.charCodeAt(i - 1) & 0xfc00) === 0xd800;
  return c !== 0xfeff && c < 0xfffe;
}

/** Whether a plain scalar of the subset may start at `p`: not with a YAML indicator, nor `-` unless a number or word follows. */
function startsPlain(text: string, p: number): boolean {
  const c = text.charCodeAt(p);
  if (c === DASH) {
    const next = text.charCodeAt(p + 1);
    return next !== SPACE && next !== NEWLINE && p + 1 < text.length;
  }
  return isCommonAt(text, p) && '?:,[]{}#&*!|>\'"%@` '.indexOf(text[p]!) < 0;
}

class CommonYamlReader {
  /** Offset of the current line's first character of content; the text's length at the end. */
  private pos = 0;
  /** Column of `pos`; -1 at the end of the text. */
  private indent = 0;
  /** The end of the last scalar (or of an empty collection's first character): where the precise decoder ends a collection. */
  private lastEnd = 0;
  private values = 0;
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly limits: SourceLimits,
    private readonly spans: SpanRecorder,
  ) {}

  read(): CommonYaml {
    this.seekContent(0);
    if (this.indent !== 0) fail(); // an indented root, or no content at all
    const document = this.node(-1, -1, undefined);
    if (this.pos < this.text.length) fail(); // content after the root
    return { document, values: this.values, spans: this.spans.finish() };
  }

  /** Moves to the first line from `offset` (a line start) with content, past blank and comment lines. */
  private seekContent(offset: number): void {
    const text = this.text;
    for (;;) {
      let i = offset;
      while (text.charCodeAt(i) === SPACE) i++;
      if (i >= text.length) {
        this.pos = text.length;
        this.indent = -1;
        return;
      }
      const c = text.charCodeAt(i);
      if (c === NEWLINE) offset = i + 1;
      else if (c === HASH) offset = this.commentEnd(i) + 1;
      else {
        this.pos = i;
        this.indent = i - offset;
        // A document marker (`---`, `...`) or a directive: the precise decoder's business.
        if (this.indent === 0 && (text.startsWith('---', i) || text.startsWith('...', i) || c === 0x25)) fail();
        return;
      }
    }
  }

  /** The offset of the line break (or the text's end) that ends the comment starting at `i`. */
  private commentEnd(i: number): number {
    const text = this.text;
    for (i++; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === NEWLINE) return i;
      if (!isCommonAt(text, i)) fail();
    }
    return i;
  }

  /** Whether only spaces and a comment follow `p` on its line. */
  private atLineEnd(p: number): boolean {
    const text = this.text;
    while (text.charCodeAt(p) === SPACE) p++;
    const c = text.charCodeAt(p);
    return p >= text.length || c === NEWLINE || (c === HASH && text.charCodeAt(p - 1) === SPACE);
  }

  /** Past the rest of the line after a token ending at `p` (spaces, a comment), to the next line with content. */
  private finishLine(p: number): void {
    const text = this.text;
    while (text.charCodeAt(p) === SPACE) p++;
    if (p >= text.length) {
      this.pos = p;
      this.indent = -1;
      return;
    }
    const c = text.charCodeAt(p);
    if (c === HASH && text.charCodeAt(p - 1) === SPACE) p = this.commentEnd(p);
    else if (c !== NEWLINE) fail();
    this.seekContent(p + 1);
  }

  private isDash(p: number): boolean {
    const next = this.text.charCodeAt(p + 1);
    return this.text.charCodeAt(p) === DASH && (next === SPACE || next === NEWLINE || p + 1 >= this.text.length);
  }

  /** Whether a sequence item that starts at `p` is a mapping (a key, not a scalar, a flow collection or a block scalar's header). */
  private isCompactKey(p: number): boolean {
    const c = this.text.charCodeAt(p);
    return c !== 0x7c && c !== 0x3e && c !== 0x5b && c !== 0x7b && this.isKey(this.tokenEnd(p));
  }

  /** Whether `[]` or `{}` is at `p`. */
  private isEmptyFlow(p: number): boolean {
    const c = this.text.charCodeAt(p);
    const next = this.text.charCodeAt(p + 1);
    return (c === 0x5b && next === 0x5d) || (c === 0x7b && next === 0x7d);
  }

  /** The end of the scalar token at `p` on its line: after a quoted scalar's closing quote, or a plain scalar's last non-space. */
  private tokenEnd(p: number): number {
    const text = this.text;
    const quote = text.charCodeAt(p);
    if (quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE) {
      for (let i = p + 1; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === quote) {
          if (quote === SINGLE_QUOTE && text.charCodeAt(i + 1) === SINGLE_QUOTE) i++;
          else return i + 1;
        } else if (c === BACKSLASH && quote === DOUBLE_QUOTE) i++;
        else if (!isCommonAt(text, i)) fail(); // a line break too: multi-line scalars are not in the subset
      }
      fail();
    }
    if (!startsPlain(text, p)) fail();
    // Up to ": ", ":" at the line's end, " #" or the line's end, without trailing spaces.
    let end = p;
    for (let i = p; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === NEWLINE) break;
      if (c === SPACE) continue;
      if (c === COLON) {
        const next = text.charCodeAt(i + 1);
        if (next === SPACE || next === NEWLINE || i + 1 >= text.length) break;
      } else if (c === HASH) {
        if (text.charCodeAt(i - 1) === SPACE) break;
      } else if (!isCommonAt(text, i)) fail();
      end = i + 1;
    }
    return end;
  }

  /** Whether the scalar token at `p`, ending at `end`, is an implicit key (a ":" and a space or the line's end right after it). */
  private isKey(end: number): boolean {
    const next = this.text.charCodeAt(end + 1);
    return this.text.charCodeAt(end) === COLON && (next === SPACE || next === NEWLINE || end + 1 >= this.text.length);
  }

  /** The string a scalar token at [p, end) stands for; a plain one is resolved as well (undefined when the profile rejects it). */
  private scalarValue(p: number, end: number): unknown {
    const text = this.text;
    const quote = text.charCodeAt(p);
    if (quote === SINGLE_QUOTE) return text.slice(p + 1, end - 1).replaceAll("''", "'");
    if (quote !== DOUBLE_QUOTE) return plainScalarValue(text.slice(p, end));
    const inner = text.slice(p + 1, end - 1);
    if (!inner.includes('\\')) return inner;
    // JSON's escapes mean in YAML what they mean in JSON; YAML's others (\x41, \e, \N...) fail to parse here.
    let value: string;
    try {
      value = JSON.parse(text.slice(p, end)) as string;
    } catch {
      return fail();
    }
    if (!(value as string & { isWellFormed(): boolean }).isWellFormed()) fail();
    return value;
  }

  private enter(): void {
    if (++this.depth > this.limits.maxDepth) fail();
  }

  /** The block node that starts the current line. */
  private node(keyStart: number, keyEnd: number, key: string | undefined): unknown {
    const p = this.pos;
    if (this.isDash(p)) return this.sequence(keyStart, keyEnd, key);
    if (this.isKey(this.tokenEnd(p))) return this.mapping(keyStart, keyEnd, key);
    return fail(); // a scalar on a line of its own
  }

  /** A block sequence whose first `-` is at `pos`, at column `indent`. */
  private sequence(keyStart: number, keyEnd: number, key: string | undefined): unknown[] {
    const column = this.indent;
    const start = this.pos;
    this.enter();
    this.spans.openContainer(ARRAY, start, keyStart, keyEnd, key);
    const items: unknown[] = [];
    do {
      let p = this.pos + 1;
      while (this.text.charCodeAt(p) === SPACE) p++;
      let item: unknown;
      if (this.atLineEnd(p)) {
        this.finishLine(p);
        if (this.indent <= column) fail(); // an empty item
        item = this.node(-1, -1, undefined);
      } else if (this.isDash(p) || this.isCompactKey(p)) {
        // A compact collection: `- - x` or `- key: value`, its column that of its first token.
        this.indent = column + p - this.pos;
        this.pos = p;
        item = this.isDash(p) ? this.sequence(-1, -1, undefined) : this.mapping(-1, -1, undefined);
      } else item = this.scalar(p, column, -1, -1, undefined);
      if (items.push(item) > this.limits.maxCollectionSize) fail();
      if (this.indent > column) fail();
    } while (this.indent === column && this.isDash(this.pos));
    this.close(start);
    return items;
  }

  /** A block mapping whose first key is at `pos`, at column `indent`. */
  private mapping(keyStart: number, keyEnd: number, key: string | undefined): Record<string, unknown> {
    const column = this.indent;
    const start = this.pos;
    this.enter();
    const node = this.spans.count;
    this.spans.openContainer(OBJECT, start, keyStart, keyEnd, key);
    const members: Record<string, unknown> = {};
    let count = 0;
    do {
      const ownStart = this.pos;
      const ownEnd = this.tokenEnd(ownStart);
      // YAML 1.2.2 bounds an implicit key to 1024 characters; long keys are left to the precise decoder.
      if (!this.isKey(ownEnd) || ownEnd - ownStart > 1000) fail();
      const name = this.scalarValue(ownStart, ownEnd);
      if (typeof name !== 'string' || name.length > this.limits.maxStringLength) fail();
      if (count < 8 ? this.isSiblingKey(node, name) : hasOwn(members, name)) fail();
      this.lastEnd = ownEnd;
      let p = ownEnd + 1;
      while (this.text.charCodeAt(p) === SPACE) p++;
      let value: unknown;
      if (this.atLineEnd(p)) {
        this.finishLine(p);
        // The value on the lines below: more indented, or a sequence at the key's own column.
        if (this.indent > column) value = this.node(ownStart, ownEnd, name);
        else if (this.indent === column && this.isDash(this.pos)) value = this.sequence(ownStart, ownEnd, name);
        else fail(); // an empty value
      } else value = this.scalar(p, column, ownStart, ownEnd, name);
      setOwn(members, name, value);
      if (++count > this.limits.maxCollectionSize) fail();
      if (this.indent > column) fail();
    } while (this.indent === column);
    this.close(start);
    return members;
  }

  /**
   * Whether a member of the mapping recorded at `node` already has the key `name`, read from the
   * recorded keys: for a short mapping, cheaper than a property look-up on an object still taking shape.
   */
  private isSiblingKey(node: number, name: string): boolean {
    const { after, keys } = this.spans;
    for (let c = node + 1; c < this.spans.count; c = after[c]!) if (keys![c] === name) return true;
    return false;
  }

  /** Completes the innermost collection, which starts at `start`. */
  private close(start: number): void {
    this.values++;
    this.depth--;
    this.spans.closeContainer(Math.max(start, this.lastEnd));
  }

  /** A scalar (or `[]`, `{}`) at `p` that ends its line, in a collection at `column`. */
  private scalar(p: number, column: number, keyStart: number, keyEnd: number, key: string | undefined): unknown {
    const text = this.text;
    const c = text.charCodeAt(p);
    if (c === 0x7c /* | */ || c === 0x3e /* > */) return this.blockScalar(p, column, keyStart, keyEnd, key);
    if (this.isEmptyFlow(p)) {
      // `[]` or `{}`: the precise decoder ends an empty flow collection after its opening bracket.
      this.enter();
      this.spans.openContainer(c === 0x5b ? ARRAY : OBJECT, p, keyStart, keyEnd, key);
      this.lastEnd = p + 1;
      this.close(p);
      this.finishLine(p + 2);
      return c === 0x5b ? [] : {};
    }
    if (c === 0x5b /* [ */) return this.flowSequence(p, keyStart, keyEnd, key);
    let end = this.tokenEnd(p);
    let value: unknown;
    let length: number;
    if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
      value = this.scalarValue(p, end);
      length = (value as string).length;
    } else {
      // A plain scalar continues on the lines below indented more than its collection: folded.
      let written = text.slice(p, end);
      let breaks = 0;
      for (let q = this.lineBreakAfter(end); q >= 0;) {
        let i = q + 1;
        while (text.charCodeAt(i) === SPACE) i++;
        if (text.charCodeAt(i) === NEWLINE) {
          breaks++;
          q = i;
          continue;
        }
        if (i - q - 1 <= column || i >= text.length || text.charCodeAt(i) === HASH) break;
        if (!startsPlain(text, i)) fail();
        end = this.tokenEnd(i);
        if (this.isKey(end)) fail();
        written += (breaks === 0 ? ' ' : '\n'.repeat(breaks)) + text.slice(i, end);
        breaks = 0;
        q = this.lineBreakAfter(end);
      }
      value = plainScalarValue(written);
      length = written.length;
    }
    if (value === undefined || length > this.limits.maxStringLength) fail();
    this.values++;
    this.lastEnd = end;
    this.spans.leaf(p, end, keyStart, keyEnd, key);
    this.finishLine(end);
    return value;
  }

  /** The offset of the line break that follows `p` after spaces only; -1 when a comment, the text's end or anything else comes first. */
  private lineBreakAfter(p: number): number {
    while (this.text.charCodeAt(p) === SPACE) p++;
    return this.text.charCodeAt(p) === NEWLINE ? p : -1;
  }

  /** A flow sequence of one-line scalars on one line, such as `[a, "b", 1]`, at `p`. */
  private flowSequence(p: number, keyStart: number, keyEnd: number, key: string | undefined): unknown[] {
    const text = this.text;
    this.enter();
    this.spans.openContainer(ARRAY, p, keyStart, keyEnd, key);
    const items: unknown[] = [];
    let i = p;
    do {
      i++;
      while (text.charCodeAt(i) === SPACE) i++;
      const c = text.charCodeAt(i);
      let end: number;
      let value: unknown;
      let length: number;
      if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
        end = this.tokenEnd(i);
        value = this.scalarValue(i, end);
        length = (value as string).length;
      } else {
        // Plain in flow context: up to "," or "]"; another indicator inside (but a ":" within a
        // word, as in `[issues:read]`) is left to the precise decoder.
        if (!startsPlain(text, i) || (c === DASH && '[]{},'.indexOf(text[i + 1]!) >= 0)) fail();
        end = i;
        for (let j = i; ; j++) {
          const d = text.charCodeAt(j);
          if (d === 0x2c || d === 0x5d) break;
          if (d === SPACE) continue;
          if (!isCommonAt(text, j) || '[]{}#'.indexOf(text[j]!) >= 0) fail();
          if (d === COLON && '[]{}, '.indexOf(text[j + 1] ?? ' ') >= 0) fail();
          end = j + 1;
        }
        value = plainScalarValue(text.slice(i, end));
        length = end - i;
      }
      if (value === undefined || length > this.limits.maxStringLength) fail();
      if (items.push(value) > this.limits.maxCollectionSize) fail();
      this.values++;
      this.lastEnd = end;
      this.spans.leaf(i, end, -1, -1, undefined);
      i = end;
      while (text.charCodeAt(i) === SPACE) i++;
    } while (text.charCodeAt(i) === 0x2c);
    if (text.charCodeAt(i) !== 0x5d) fail();
    this.close(p);
    this.finishLine(i + 1);
    return items;
  }

  /**
   * A literal (`|`) or folded (`>`) block scalar whose header is at `p`, in a collection at
   * `column`, with a chomping indicator or none. Left to the precise decoder: an indentation
   * indicator, leading empty lines, a line of only spaces longer than the indentation, a folded
   * line indented more than the first (its line breaks are kept), and a block that ends the
   * text without a line break.
   */
  private blockScalar(p: number, column: number, keyStart: number, keyEnd: number, key: string | undefined): unknown {
    const text = this.text;
    const literal = text.charCodeAt(p) === 0x7c;
    const chomping = text.charCodeAt(p + 1);
    const keep = chomping === 0x2b; /* + */
    const strip = chomping === DASH;
    let headerEnd = keep || strip ? p + 2 : p + 1;
    const next = text.charCodeAt(headerEnd);
    if (!(next === SPACE || next === NEWLINE) || !this.atLineEnd(headerEnd)) fail();
    while (text.charCodeAt(headerEnd) === SPACE) headerEnd++;
    if (text.charCodeAt(headerEnd) === HASH) headerEnd = this.commentEnd(headerEnd);
    const start = headerEnd + 1;
    let indent = 0;
    while (text.charCodeAt(start + indent) === SPACE) indent++;
    if (indent <= column || text.charCodeAt(start + indent) === NEWLINE || start + indent >= text.length) fail();
    // The content lines without their indentation; "" for an empty line.
    const lines: string[] = [];
    let end = start;
    let trailing = 0;
    while (end < text.length) {
      let spaces = 0;
      while (text.charCodeAt(end + spaces) === SPACE) spaces++;
      const c = text.charCodeAt(end + spaces);
      if (c === NEWLINE || end + spaces >= text.length) {
        if (spaces > indent || end + spaces >= text.length) fail();
        lines.push('');
        trailing++;
        end += spaces + 1;
        continue;
      }
      if (spaces < indent) break;
      if (spaces > indent && !literal) fail();
      let lineEnd = end + spaces;
      while (lineEnd < text.length && text.charCodeAt(lineEnd) !== NEWLINE) {
        if (!isCommonAt(text, lineEnd)) fail();
        lineEnd++;
      }
      if (lineEnd >= text.length) fail();
      lines.push(text.slice(end + indent, lineEnd));
      trailing = 0;
      end = lineEnd + 1;
    }
    const body = lines.slice(0, lines.length - trailing);
    let value = literal ? body.join('\n') : fold(body);
    if (!strip) value += keep ? '\n'.repeat(trailing + 1) : '\n';
    if (value.length > this.limits.maxStringLength) fail();
    this.values++;
    this.lastEnd = end;
    this.spans.leaf(start, end, keyStart, keyEnd, key);
    this.seekContent(end);
    return value;
  }
}

/** Folded block lines (none indented more than the first): a single line break reads as a space, each empty line as a line break. */
function fold(lines: string[]): string {
  let value = lines[0]!;
  let breaks = 0;
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === '') breaks++;
    else {
      value += (breaks === 0 ? ' ' : '\n'.repeat(breaks)) + lines[i];
      breaks = 0;
    }
  }
  return value;
}
