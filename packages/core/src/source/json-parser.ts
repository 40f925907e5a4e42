import type { Diagnostic } from '../model/diagnostic.js';
import { escapePointerToken } from '../model/json-pointer.js';
import { setOwn } from '../model/json.js';
import { LineIndex } from './line-index.js';
import { limitDiagnostic, noteValueCount } from './limits.js';
import { isWellFormedText } from './unicode.js';
import { ARRAY, OBJECT, SpanRecorder, TreeSourceMap, type SpanTree } from './source-map.js';
import type { SourceLimits, SourceMap } from './types.js';

export interface DecodeOutcome {
  document: unknown;
  diagnostics: Diagnostic[];
  sourceMap: SourceMap;
}

/**
 * Decodes RFC 8259 JSON. The common case (valid input) takes the native `JSON.parse` plus two
 * cheap checks: a walk of the decoded value (limits, non-finite numbers, lone surrogates) and a
 * scan that counts the keys written in the text — fewer decoded keys than written ones means a
 * duplicate key. Anything suspicious re-reads the text with the precise scanner below, which
 * produces the diagnostics and records the source map's offsets as it goes. For valid input the
 * offsets are recorded on the first range query, by one fast scan that trusts the syntax.
 */
export function parseJson(text: string, limits: SourceLimits): DecodeOutcome {
  const lines = new LineIndex(text);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return preciseOutcome(text, limits, lines);
  }
  // A decoded string can hold a lone surrogate only if the text has one or escapes one (\uD800-\uDFFF):
  // one scan of the text spares a check of every decoded string in the common case.
  const checkSurrogates = !isWellFormedText(text) || escapesSurrogate(text);
  const decodedKeys = decodedKeyCount(document, limits, checkSurrogates);
  if (decodedKeys === undefined || decodedKeys !== writtenKeyCount(text)) {
    return preciseOutcome(text, limits, lines);
  }
  // Every value is the root, an object member or an array item: the run budget needs no walk of its own.
  noteValueCount(document, 1 + decodedKeys + arrayItems);
  const build = (): SpanTree => recordValidJson(text) ?? preciseTree(text, limits, lines);
  return { document, diagnostics: [], sourceMap: new TreeSourceMap(build, lines, text) };
}

function preciseOutcome(text: string, limits: SourceLimits, lines: LineIndex): DecodeOutcome {
  const recorder = new SpanRecorder(text.length >> 5);
  const { document, diagnostics } = scanJson(text, limits, lines, recorder);
  const tree = recorder.finish();
  return { document, diagnostics, sourceMap: new TreeSourceMap(() => tree, lines, text) };
}

function preciseTree(text: string, limits: SourceLimits, lines: LineIndex): SpanTree {
  const recorder = new SpanRecorder(text.length >> 5);
  scanJson(text, limits, lines, recorder);
  return recorder.finish();
}

/**
 * Records the offsets of every node of text that `JSON.parse` accepted, without decoding
 * anything: strings are skipped with `indexOf`, other scalars up to the next delimiter.
 * Undefined if the text is not as expected after all (the caller then uses the precise scanner).
 */
function recordValidJson(text: string): SpanTree | undefined {
  const recorder = new SpanRecorder(text.length >> 5);
  const length = text.length;
  let pos = 0;
  let keyStart = -1;
  let keyEnd = -1;
  let c: number;
  for (;;) {
    c = text.charCodeAt(pos);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++pos);
    const start = pos;
    if (c === 123 || c === 91) {
      const object = c === 123;
      recorder.openContainer(object ? OBJECT : ARRAY, start, keyStart, keyEnd);
      c = text.charCodeAt(++pos);
      while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++pos);
      if (c === (object ? 125 : 93)) {
        recorder.closeContainer(++pos);
      } else if (object) {
        if (c !== 34) return undefined;
        keyStart = pos;
        pos = keyEnd = stringEnd(text, pos);
        if (pos < 0) return undefined;
        c = text.charCodeAt(pos);
        while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++pos);
        if (c !== 58) return undefined;
        pos++;
        continue;
      } else {
        keyStart = keyEnd = -1;
        continue;
      }
    } else if (c === 34) {
      pos = stringEnd(text, pos);
      if (pos < 0) return undefined;
      recorder.leaf(start, pos, keyStart, keyEnd);
    } else {
      // A number, true, false or null: up to the next delimiter.
      while (pos < length && c !== 44 && c !== 93 && c !== 125 && c !== 32 && c !== 10 && c !== 13 && c !== 9)
        c = text.charCodeAt(++pos);
      if (pos === start) return undefined;
      recorder.leaf(start, pos, keyStart, keyEnd);
    }
    // After a value: separators and closing brackets, up to the next value.
    for (;;) {
      const inner = recorder.innerKind();
      if (inner === undefined) return recorder.finish();
      c = text.charCodeAt(pos);
      while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++pos);
      if (c === 44) {
        pos++;
        if (inner === OBJECT) {
          c = text.charCodeAt(pos);
          while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++pos);
          if (c !== 34) return undefined;
          keyStart = pos;
          pos = keyEnd = stringEnd(text, pos);
          if (pos < 0) return undefined;
          c = text.charCodeAt(pos);
          while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++pos);
          if (c !== 58) return undefined;
          pos++;
        } else {
          keyStart = keyEnd = -1;
        }
        break;
      }
      if (c === (inner === OBJECT ? 125 : 93)) {
        recorder.closeContainer(++pos);
        continue;
      }
      return undefined;
    }
  }
}

/** Offset just past the string that opens at `quote`; -1 when it is not closed. */
function stringEnd(text: string, quote: number): number {
  let end = text.indexOf('"', quote + 1);
  while (end > 0 && text.charCodeAt(end - 1) === 92 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
  return end < 0 ? -1 : end + 1;
}

/** An escape in \uD800-\uDFFF (or a harmless false alarm after an escaped backslash). */
const surrogateEscape = /\\u[dD][89a-fA-F]/g;

/** Whether the text may escape a lone surrogate; most texts have no `\u` at all, which `indexOf` finds out fastest. */
function escapesSurrogate(text: string): boolean {
  const first = text.indexOf('\\u');
  if (first === -1) return false;
  surrogateEscape.lastIndex = first;
  return surrogateEscape.test(text);
}

/** Recursion is cheaper than explicit stacks; it is used up to this depth, which cannot overflow the stack. */
const recursionDepth = 200;

/** Array items counted by the last `decodedKeyCount` (a counter, not a second return value, on the hot path). */
let arrayItems = 0;

function decodedKeyCount(root: unknown, limits: SourceLimits, checkSurrogates: boolean): number | undefined {
  arrayItems = 0;
  // With an enumerable member on Object.prototype, `for...in` would count it: the Object.keys walk below counts instead.
  const keys = inheritsEnumerable() ? tooDeep : countKeys(root, 0, limits, checkSurrogates);
  if (keys >= 0) return keys;
  if (keys !== tooDeep) return undefined;
  arrayItems = 0;
  return decodedKeyCountIterative(root, limits, checkSurrogates);
}

/** Whether `Object.prototype` has enumerable properties, which `for...in` would visit on every decoded object. */
function inheritsEnumerable(): boolean {
  for (const _name in {}) return true;
  return false;
}

const invalid = -1;
const tooDeep = -2;

/** Keys under `value`, `invalid` for a value the precise scanner must look at, `tooDeep` past the recursion depth. */
function countKeys(value: unknown, depth: number, limits: SourceLimits, checkSurrogates: boolean): number {
  if (typeof value === 'string') {
    return value.length > limits.maxStringLength || (checkSurrogates && !isWellFormedText(value)) ? invalid : 0;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? 0 : invalid;
  if (value === null || typeof value !== 'object') return 0;
  if (depth >= limits.maxDepth) return invalid;
  if (depth >= recursionDepth) return tooDeep;
  let keys = 0;
  if (Array.isArray(value)) {
    if (value.length > limits.maxCollectionSize) return invalid;
    arrayItems += value.length;
    for (let i = 0; i < value.length; i++) {
      const inner = countKeys(value[i], depth + 1, limits, checkSurrogates);
      if (inner < 0) return inner;
      keys += inner;
    }
    return keys;
  }
  // `for...in` visits own keys only here (the caller checked the prototype) and allocates no array of them.
  const record = value as Record<string, unknown>;
  let names = 0;
  for (const name in record) {
    if (++names > limits.maxCollectionSize) return invalid;
    if (name.length > limits.maxStringLength || (checkSurrogates && !isWellFormedText(name))) return invalid;
    const inner = countKeys(record[name], depth + 1, limits, checkSurrogates);
    if (inner < 0) return inner;
    keys += inner;
  }
  return keys + names;
}

function decodedKeyCountIterative(root: unknown, limits: SourceLimits, checkSurrogates: boolean): number | undefined {
  let keys = 0;
  const values: unknown[] = [root];
  const depths: number[] = [0];
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop()!;
    if (typeof value === 'string') {
      if (value.length > limits.maxStringLength || (checkSurrogates && !isWellFormedText(value))) return undefined;
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return undefined;
    } else if (value !== null && typeof value === 'object') {
      if (depth >= limits.maxDepth) return undefined;
      if (Array.isArray(value)) {
        if (value.length > limits.maxCollectionSize) return undefined;
        arrayItems += value.length;
        for (let i = 0; i < value.length; i++) {
          values.push(value[i]);
          depths.push(depth + 1);
        }
      } else {
        const names = Object.keys(value);
        if (names.length > limits.maxCollectionSize) return undefined;
        keys += names.length;
        for (const name of names) {
          if (name.length > limits.maxStringLength || (checkSurrogates && !isWellFormedText(name))) return undefined;
          values.push((value as Record<string, unknown>)[name]);
          depths.push(depth + 1);
        }
      }
    }
  }
  return keys;
}

/**
 * The keys written in text already known to be valid JSON: its `:` outside strings. Each colon
 * is judged by what precedes it, so only colons are visited (far fewer than quotes): a key's colon
 * follows whitespace and the key's closing quote; a colon inside a string follows anything else,
 * an escaped quote, or the opening quote of its string. An unescaped quote opens a string only
 * after whitespace, `{`, `[`, `,` or `:` (or at the start), but a key can end in those too:
 * such a quote is ambiguous, and then the text is counted string by string instead.
 */
export function writtenKeyCount(text: string): number {
  let keys = 0;
  for (let colon = text.indexOf(':'); colon !== -1; colon = text.indexOf(':', colon + 1)) {
    let quote = colon - 1;
    let c = text.charCodeAt(quote);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(--quote);
    if (c !== 34) continue;
    const before = text.charCodeAt(quote - 1);
    if (before === 92) {
      if (isEscaped(text, quote)) continue;
    } else if (
      quote === 0 ||
      before === 123 ||
      before === 91 ||
      before === 44 ||
      before === 58 ||
      before === 32 ||
      before === 10 ||
      before === 13 ||
      before === 9
    ) {
      return keysFollowedByColon(text);
    }
    keys++;
  }
  return keys;
}

/** The strings followed by `:` in text already known to be valid JSON (every string visited). */
export function keysFollowedByColon(text: string): number {
  let keys = 0;
  let i = text.indexOf('"');
  while (i !== -1) {
    let end = text.indexOf('"', i + 1);
    while (isEscaped(text, end)) end = text.indexOf('"', end + 1);
    let next = end + 1;
    let c = text.charCodeAt(next);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++next);
    if (c === 58) keys++;
    i = text.indexOf('"', next);
  }
  return keys;
}

function isEscaped(text: string, quote: number): boolean {
  let backslashes = 0;
  for (let k = quote - 1; text.charCodeAt(k) === 92; k--) backslashes++;
  return backslashes % 2 === 1;
}

interface Frame {
  array: boolean;
  value: unknown[] | Record<string, unknown>;
  pointer: string;
  start: number;
  keyStart: number;
  keyEnd: number;
  keys: Set<string> | undefined;
  count: number;
  key: string;
}

interface ScanResult {
  document: unknown;
  diagnostics: Diagnostic[];
}

const numberPattern = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const escapes: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Iterative (no recursion, so no stack overflow on deep input) precise JSON scanner. Records
 * the offsets of every completed value into `spans` (containers when they open).
 */
export function scanJson(text: string, limits: SourceLimits, lines: LineIndex, spans: SpanRecorder): ScanResult {
  const diagnostics: Diagnostic[] = [];
  const stack: Frame[] = [];
  let pos = 0;
  let childPointer = '';
  let keyStart = -1;
  let keyEnd = -1;

  const report = (rule: string, code: string, message: string, pointer: string, start: number, end: number): void => {
    diagnostics.push({ rule, code, severity: 'error', message, pointer, range: lines.range(start, end), spec: '15.2' });
  };
  const fatal = (message: string, at: number): ScanResult => {
    report('json.syntax', 'syntax', message, childPointer, at, Math.min(at + 1, text.length));
    return { document: undefined, diagnostics };
  };
  /** For helpers that report a fatal error and tell their caller to stop. */
  const stop = (message: string, at: number): undefined => void fatal(message, at);
  const skipWhitespace = (): void => {
    let c = text.charCodeAt(pos);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++pos);
  };

  /** Reads the string at `pos` (a `"`); undefined after reporting a fatal error. */
  const readString = (pointer: string): string | undefined => {
    const start = pos;
    let out = '';
    let chunk = ++pos;
    for (;;) {
      if (pos >= text.length) return stop("found the end of input inside a string; expected a closing '\"'", start);
      const c = text.charCodeAt(pos);
      if (c === 34) break;
      if (c === 92) {
        out += text.slice(chunk, pos);
        const e = text[pos + 1] ?? '';
        if (e === 'u') {
          const hex = text.slice(pos + 2, pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex))
            return stop(`found the escape "\\u${hex}"; expected \\u followed by four hexadecimal digits`, pos);
          out += String.fromCharCode(parseInt(hex, 16));
          pos += 6;
        } else if (e in escapes) {
          out += escapes[e];
          pos += 2;
        } else {
          return stop(`found the escape "\\${e}"; expected one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX`, pos);
        }
        chunk = pos;
        continue;
      }
      if (c < 0x20) {
        return stop(
          `found the control character U+${c.toString(16).padStart(4, '0').toUpperCase()} inside a string; expected it escaped (e.g. \\n)`,
          pos,
        );
      }
      pos++;
    }
    out += text.slice(chunk, pos);
    pos++;
    if (out.length > limits.maxStringLength) {
      diagnostics.push(
        limitDiagnostic('maxStringLength', out.length, limits.maxStringLength, pointer, lines.range(start, pos)),
      );
    }
    if (!isWellFormedText(out)) {
      report(
        'json.string',
        'lone-surrogate',
        'found a string with an unpaired UTF-16 surrogate escape; expected well-formed Unicode text (representable in UTF-8 and YAML)',
        pointer,
        start,
        pos,
      );
    }
    return out;
  };

  /** Reads the key at `pos` and the `:` after it; false after reporting a fatal error. */
  const readKey = (frame: Frame, afterComma: boolean): boolean => {
    skipWhitespace();
    if (text.charCodeAt(pos) !== 34) {
      if (afterComma && text.charCodeAt(pos) === 125)
        return stop("found '}' after ','; trailing commas are not allowed in JSON", pos) ?? false;
      return stop(`found ${describe(text, pos)}; expected a property name in double quotes`, pos) ?? false;
    }
    keyStart = pos;
    const key = readString(frame.pointer);
    if (key === undefined) return false;
    keyEnd = pos;
    childPointer = frame.pointer + '/' + escapePointerToken(key);
    if (frame.keys!.has(key)) {
      report(
        'json.duplicate-key',
        'duplicate-key',
        `found the key ${JSON.stringify(key)} a second time in one object; expected each key once`,
        childPointer,
        keyStart,
        keyEnd,
      );
    }
    frame.keys!.add(key);
    frame.key = key;
    skipWhitespace();
    if (text.charCodeAt(pos) !== 58)
      return stop(`found ${describe(text, pos)} after the key ${JSON.stringify(key)}; expected ':'`, pos) ?? false;
    pos++;
    return true;
  };

  for (;;) {
    skipWhitespace();
    const start = pos;
    const c = text.charCodeAt(pos);
    let value: unknown;
    if (c === 123 || c === 91) {
      if (stack.length >= limits.maxDepth) {
        diagnostics.push(
          limitDiagnostic('maxDepth', stack.length + 1, limits.maxDepth, childPointer, lines.range(pos, pos + 1)),
        );
        return { document: undefined, diagnostics };
      }
      const array = c === 91;
      const frame: Frame = {
        array,
        value: array ? [] : {},
        pointer: childPointer,
        start,
        keyStart,
        keyEnd,
        keys: array ? undefined : new Set(),
        count: 0,
        key: '',
      };
      stack.push(frame);
      spans.openContainer(array ? ARRAY : OBJECT, start, keyStart, keyEnd);
      pos++;
      skipWhitespace();
      if (text.charCodeAt(pos) === (array ? 93 : 125)) {
        pos++;
        stack.pop();
        spans.closeContainer(pos);
        value = frame.value;
      } else if (array) {
        childPointer = frame.pointer + '/0';
        keyStart = keyEnd = -1;
        continue;
      } else {
        if (!readKey(frame, false)) return { document: undefined, diagnostics };
        continue;
      }
    } else if (c === 34) {
      value = readString(childPointer);
      if (value === undefined) return { document: undefined, diagnostics };
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      numberPattern.lastIndex = pos;
      const match = numberPattern.exec(text);
      if (!match) return fatal(`found ${describe(text, pos)}; expected a number such as -1, 0.5 or 1e3`, pos);
      pos += match[0].length;
      value = Number(match[0]);
      if (!Number.isFinite(value)) {
        report(
          'json.number',
          'non-finite',
          `found the number ${match[0]}, which is not a finite double; expected a number within ±1.7976931348623157e308`,
          childPointer,
          start,
          pos,
        );
      }
    } else if (text.startsWith('true', pos)) {
      value = true;
      pos += 4;
    } else if (text.startsWith('false', pos)) {
      value = false;
      pos += 5;
    } else if (text.startsWith('null', pos)) {
      value = null;
      pos += 4;
    } else {
      return fatal(
        `found ${describe(text, pos)}; expected a JSON value (object, array, string, number, true, false or null)`,
        pos,
      );
    }
    if (c !== 123 && c !== 91) spans.leaf(start, pos, keyStart, keyEnd);

    // The value is complete: attach it to its parent, closing every container it completes.
    for (;;) {
      const parent = stack[stack.length - 1];
      if (!parent) {
        skipWhitespace();
        if (pos < text.length)
          return fatal(`found ${describe(text, pos)} after the document; expected the end of input`, pos);
        return { document: diagnostics.length > 0 ? undefined : value, diagnostics };
      }
      if (parent.array) (parent.value as unknown[]).push(value);
      else setOwn(parent.value as Record<string, unknown>, parent.key, value);
      if (++parent.count === limits.maxCollectionSize + 1) {
        diagnostics.push(
          limitDiagnostic(
            'maxCollectionSize',
            `more than ${limits.maxCollectionSize}`,
            limits.maxCollectionSize,
            parent.pointer,
            lines.range(parent.start, parent.start + 1),
          ),
        );
      }
      skipWhitespace();
      const d = text.charCodeAt(pos);
      if (d === 44) {
        pos++;
        if (parent.array) {
          childPointer = parent.pointer + '/' + parent.count;
          keyStart = keyEnd = -1;
          skipWhitespace();
          if (text.charCodeAt(pos) === 93)
            return fatal("found ']' after ','; trailing commas are not allowed in JSON", pos);
        } else if (!readKey(parent, true)) {
          return { document: undefined, diagnostics };
        }
        break;
      }
      if (d === (parent.array ? 93 : 125)) {
        pos++;
        stack.pop();
        spans.closeContainer(pos);
        value = parent.value;
        childPointer = parent.pointer;
        continue;
      }
      childPointer = parent.pointer;
      return fatal(`found ${describe(text, pos)}; expected ',' or '${parent.array ? ']' : '}'}'`, pos);
    }
  }
}

/** `__proto__` and friends are data: define them as own properties, never through the setter. */
function describe(text: string, pos: number): string {
  if (pos >= text.length) return 'the end of input';
  const c = text[pos]!;
  if (c === '/' && (text[pos + 1] === '/' || text[pos + 1] === '*'))
    return 'a comment (comments are not allowed in JSON)';
  if (c === "'") return 'a single quote (JSON strings use double quotes)';
  const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(pos, pos + 32));
  if (word) return `'${word[0]}'`;
  return JSON.stringify(c);
}
