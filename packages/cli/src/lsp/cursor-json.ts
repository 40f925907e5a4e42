import type { CursorContext, PathSegment, ScanMeter } from './cursor.js';

interface ObjectFrame {
  type: 'object';
  key?: string;
  keys: string[];
  /** What the object expects next: a key, the colon after it, its value, or a comma. */
  expect: 'key' | 'colon' | 'value' | 'comma';
}
interface ArrayFrame {
  type: 'array';
  index: number;
  expect: 'value' | 'comma';
}
type Frame = ObjectFrame | ArrayFrame;

/** A string or a bare word (a literal, a number, or a word being typed), with its text. */
interface Token {
  start: number;
  end: number;
  text: string;
  quoted: boolean;
}

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
 * End of the string opening at `from` (after its closing quote), or the end of its line when it
 * is not closed. One forward pass that reads nothing past the end it returns: a search for the
 * next quote or line break over the rest of the text, once per string, is quadratic on one-line JSON.
 */
function stringEnd(text: string, from: number, meter: ScanMeter | undefined): number {
  let i = from + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x0a) break;
    // An escape takes the next character, unless it is the line break that ends an unterminated string.
    i += code === 0x5c && text.charCodeAt(i + 1) !== 0x0a ? 2 : 1;
  }
  const end = i >= text.length ? text.length : text.charCodeAt(i) === 0x22 ? i + 1 : i;
  if (meter) meter.characters += end - from;
  return end;
}

function pathOf(stack: readonly Frame[]): PathSegment[] {
  const out: PathSegment[] = [];
  for (let i = 0; i < stack.length - 1; i++) {
    const frame = stack[i]!;
    out.push(frame.type === 'object' ? (frame.key ?? '') : frame.index);
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
  let lastValueEnd = 0;
  /** The key token the cursor is in: not a sibling of itself. */
  let cursorToken: Token | undefined;

  const capture = (token: Token | undefined): void => {
    const top = stack.at(-1);
    if (!top) return;
    const start = token ? token.start + (token.quoted ? 1 : 0) : offset;
    const closed = token?.quoted && token.text.length > 1 && token.text.endsWith('"');
    const end = token ? token.end - (closed ? 1 : 0) : offset;
    const base = { start, end, prefix: text.slice(start, Math.max(start, offset)), path: pathOf(stack) };
    const context = token?.quoted ? { ...base, quote: '"' as const } : base;
    let expect: string = top.expect;
    // `"a": 1` then a line break and a word: a member whose comma is not typed yet.
    if (expect === 'comma') {
      const between = text.slice(lastValueEnd, token?.start ?? offset);
      if (meter) meter.characters += between.length;
      if (between.includes('\n')) expect = top.type === 'object' ? 'key' : 'value';
    }
    if (top.type === 'object' && expect === 'key') {
      found = { ...context, kind: 'key', siblings: new Set() };
      foundFrame = top;
      cursorToken = token;
    } else if (top.type === 'object' && expect === 'value')
      found = { ...context, kind: 'value', key: top.key ?? '', siblings: new Set() };
    else if (top.type === 'array' && expect === 'value')
      found = { ...context, kind: 'value', key: top.index, siblings: new Set() };
    else found = { ...context, kind: 'none', siblings: new Set() };
  };

  const afterValue = (end: number): void => {
    lastValueEnd = end;
    const top = stack.at(-1);
    if (top) top.expect = 'comma';
  };

  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (found === undefined && i >= offset) capture(undefined);
    // Past a value cursor nothing more is needed; past a key cursor, the rest of its object.
    if (found !== undefined && foundFrame === undefined) break;
    if (code === 0x22 || isWordChar(code)) {
      const start = i;
      const quoted = code === 0x22;
      i = quoted ? stringEnd(text, i, meter) : wordEnd(text, i, meter);
      const token: Token = { start, end: i, text: text.slice(start, i), quoted };
      if (found === undefined && offset > start && offset <= token.end) capture(token);
      const top = stack.at(-1);
      if (top?.type === 'object' && (top.expect === 'key' || top.expect === 'comma') && quoted) {
        top.key = keyText(token.text);
        if (token !== cursorToken) top.keys.push(top.key);
        top.expect = 'colon';
      } else afterValue(token.end);
      continue;
    }
    i++;
    if (meter) meter.characters++;
    if (code <= 0x20) continue;
    const top = stack.at(-1);
    if (code === 0x7b) stack.push({ type: 'object', keys: [], expect: 'key' });
    else if (code === 0x5b) stack.push({ type: 'array', index: 0, expect: 'value' });
    else if (code === 0x7d || code === 0x5d) {
      const closed = stack.pop();
      if (closed && closed === foundFrame) break;
      afterValue(i);
    } else if (code === 0x3a && top?.type === 'object') top.expect = 'value';
    else if (code === 0x2c && top) {
      if (top.type === 'array') {
        top.index++;
        top.expect = 'value';
      } else top.expect = 'key';
    }
  }
  if (found === undefined && offset >= text.length) capture(undefined);
  if (found && foundFrame) for (const key of foundFrame.keys) found.siblings.add(key);
  return found;
}

/** The text of a key token, unescaped when it is a complete JSON string. */
function keyText(token: string): string {
  if (token.length > 1 && token.endsWith('"'))
    try {
      return JSON.parse(token) as string;
    } catch {
      return token.slice(1, -1);
    }
  return token.slice(1);
}
