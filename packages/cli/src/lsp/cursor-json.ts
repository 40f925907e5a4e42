import type { CursorContext, PathSegment, ScanMeter } from './cursor-context.js';

interface ObjectFrame {
  type: 'object';
  /** Offsets of the last key token, -1 before the first: decoded only for the cursor's path. */
  keyStart: number;
  keyEnd: number;
  /** Start and end offsets of its key tokens, in pairs: decoded only for the cursor's object. */
  keys: number[];
  /** What the object expects next: a key, the colon after it, its value, or a comma. */
  expect: 'key' | 'colon' | 'value' | 'comma';
}
interface ArrayFrame {
  type: 'array';
  index: number;
  expect: 'value' | 'comma';
}
type Frame = ObjectFrame | ArrayFrame;

/** Characters of a bare word (a literal, a number, a word being typed). */
const wordChars = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.$+-') wordChars[c.charCodeAt(0)] = 1;
const isWordChar = (code: number): boolean => code < 128 && wordChars[code] === 1;

function wordEnd(text: string, from: number, meter: ScanMeter | undefined): number {
  let i = from;
  while (i < text.length && isWordChar(text.charCodeAt(i))) i++;
  if (meter) meter.characters += i - from;
  return i;
}

/**
 * The next occurrence of one character at or after a position, for positions that only grow:
 * each search starts where the last one's answer no longer holds, so all of them together read
 * the text once (indexOf, fast on long strings). Searching afresh for every string would read
 * the rest of the text each time: quadratic on one-line JSON.
 */
class NextOccurrence {
  private at = -1;
  constructor(
    private readonly text: string,
    private readonly character: string,
    private readonly meter: ScanMeter | undefined,
  ) {}
  from(position: number): number {
    if (this.at < position) {
      const found = this.text.indexOf(this.character, position);
      const at = found < 0 ? this.text.length : found;
      if (this.meter) this.meter.characters += at - position + 1;
      this.at = at;
    }
    return this.at;
  }
}

/** Finds where strings end, for strings met in the order of the text. */
function stringEnds(text: string, meter: ScanMeter | undefined): (from: number) => number {
  const quotes = new NextOccurrence(text, '"', meter);
  const newlines = new NextOccurrence(text, '\n', meter);
  const backslashes = new NextOccurrence(text, '\\', meter);
  /** End of the string opening at `from` (after its closing quote), or the end of its line when it is not closed. */
  return (from) => {
    let i = from + 1;
    for (;;) {
      const quote = quotes.from(i);
      const newline = newlines.from(i);
      const backslash = backslashes.from(i);
      if (newline < quote && newline <= backslash) return newline;
      if (quote < backslash) return quote + 1;
      if (backslash === text.length) return backslash;
      // An escape takes the next character, unless it is the line break that ends an unterminated string.
      if (backslash + 1 === newline) return newline;
      i = backslash + 2;
    }
  };
}

function pathOf(text: string, stack: readonly Frame[]): PathSegment[] {
  const out: PathSegment[] = [];
  for (let i = 0; i < stack.length - 1; i++) {
    const frame = stack[i]!;
    out.push(
      frame.type === 'object' ? (frame.keyStart < 0 ? '' : keyText(text, frame.keyStart, frame.keyEnd)) : frame.index,
    );
  }
  return out;
}

/**
 * Where the cursor at `offset` sits in a JSON text that may not parse (typing in progress): one
 * tolerant pass over the text with a stack of open objects and arrays. Strings end at a line
 * break when unterminated, unknown characters are skipped, and a missing comma before a new line
 * is assumed. The pass goes on past the cursor only to collect the keys of the cursor's object.
 */
export function jsonCursor(text: string, offset: number, meter?: ScanMeter): CursorContext | undefined {
  const stack: Frame[] = [];
  let found: CursorContext | undefined;
  let foundFrame: ObjectFrame | undefined;
  /** The array whose item the cursor is in: its items are counted to its end. */
  let foundArray: ArrayFrame | undefined;
  let lastValueEnd = 0;
  const stringEnd = stringEnds(text, meter);
  /** The start of the key token the cursor is in (not a sibling of itself), or -1. */
  let cursorKeyStart = -1;

  /** The cursor is in the token `tokenStart`..`tokenEnd` (-1: between tokens, at the cursor). */
  const capture = (tokenStart: number, tokenEnd: number, quoted: boolean): void => {
    const top = stack[stack.length - 1];
    if (!top) return;
    const inToken = tokenStart >= 0;
    const start = inToken ? tokenStart + (quoted ? 1 : 0) : offset;
    const closed = quoted && tokenEnd - tokenStart > 1 && text.charCodeAt(tokenEnd - 1) === 0x22;
    const end = inToken ? tokenEnd - (closed ? 1 : 0) : offset;
    const base = { start, end, prefix: text.slice(start, Math.max(start, offset)), path: pathOf(text, stack) };
    const context = quoted ? { ...base, quote: '"' as const } : base;
    let expect: string = top.expect;
    // `"a": 1` then a line break and a word: a member whose comma is not typed yet.
    if (expect === 'comma') {
      const between = text.slice(lastValueEnd, inToken ? tokenStart : offset);
      if (meter) meter.characters += between.length;
      if (between.includes('\n')) expect = top.type === 'object' ? 'key' : 'value';
    }
    if (top.type === 'object' && expect === 'key') {
      found = { ...context, kind: 'key', siblings: new Set() };
      foundFrame = top;
      cursorKeyStart = tokenStart;
    } else if (top.type === 'object' && expect === 'value') {
      // The object's keys too (its member's included): completion checks a stale value against them.
      foundFrame = top;
      found = {
        ...context,
        kind: 'value',
        key: top.keyStart < 0 ? '' : keyText(text, top.keyStart, top.keyEnd),
        siblings: new Set(),
      };
    } else if (top.type === 'array' && expect === 'value') {
      foundArray = top;
      found = { ...context, kind: 'value', key: top.index, siblings: new Set() };
    } else found = { ...context, kind: 'none', siblings: new Set() };
  };

  const afterValue = (end: number): void => {
    lastValueEnd = end;
    const top = stack[stack.length - 1];
    if (top) top.expect = 'comma';
  };

  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (found === undefined && i >= offset) capture(-1, -1, false);
    // Past the cursor, the rest of its object (its keys) or array (its items).
    if (found !== undefined && foundFrame === undefined && foundArray === undefined) break;
    if (code === 0x22 || isWordChar(code)) {
      const start = i;
      const quoted = code === 0x22;
      i = quoted ? stringEnd(i) : wordEnd(text, i, meter);
      if (found === undefined && offset > start && offset <= i) capture(start, i, quoted);
      const top = stack[stack.length - 1];
      if (top?.type === 'object' && (top.expect === 'key' || top.expect === 'comma') && quoted) {
        top.keyStart = start;
        top.keyEnd = i;
        if (start !== cursorKeyStart) top.keys.push(start, i);
        top.expect = 'colon';
      } else afterValue(i);
      continue;
    }
    i++;
    if (meter) meter.characters++;
    if (code <= 0x20) continue;
    const top = stack[stack.length - 1];
    if (code === 0x7b) stack.push({ type: 'object', keyStart: -1, keyEnd: -1, keys: [], expect: 'key' });
    else if (code === 0x5b) stack.push({ type: 'array', index: 0, expect: 'value' });
    else if (code === 0x7d || code === 0x5d) {
      const closed = stack.pop();
      if (closed && (closed === foundFrame || closed === foundArray)) break;
      afterValue(i);
    } else if (code === 0x3a && top?.type === 'object') top.expect = 'value';
    else if (code === 0x2c && top) {
      if (top.type === 'array') {
        top.index++;
        top.expect = 'value';
      } else top.expect = 'key';
    }
  }
  if (found === undefined && offset >= text.length) capture(-1, -1, false);
  if (found && foundArray) found.items = foundArray.index + 1;
  if (found && foundFrame)
    for (let k = 0; k < foundFrame.keys.length; k += 2)
      found.siblings.add(keyText(text, foundFrame.keys[k]!, foundFrame.keys[k + 1]!));
  return found;
}

/** The text of the key token `start`..`end`, unescaped when it is a complete JSON string. */
function keyText(text: string, start: number, end: number): string {
  const token = text.slice(start, end);
  if (token.length > 1 && token.endsWith('"'))
    try {
      return JSON.parse(token) as string;
    } catch {
      return token.slice(1, -1);
    }
  return token.slice(1);
}
