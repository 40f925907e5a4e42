import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseDescription, serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { decodeText } from 'mcpdesc-core/internal/source/encoding.js';
import { LineIndex } from 'mcpdesc-core/internal/source/line-index.js';
import { resolveLimits } from 'mcpdesc-core/internal/source/limits.js';
import type { SourceFormat, SourceLimits } from 'mcpdesc-core/internal/source/types.js';
import { generateDescription } from '../../bench/generate.js';
import { sharedRoot } from '../helpers/paths.js';
import { parseEvents, getScalarValue, YAMLException, type Event, type ScalarEvent } from 'js-yaml';
import type { Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import { escapePointerToken } from 'mcpdesc-core/internal/model/json-pointer.js';
import { limitDiagnostic } from 'mcpdesc-core/internal/source/limits.js';
import { isWellFormedText } from 'mcpdesc-core/internal/source/unicode.js';
import { resolvePlain, resolveTagged, scalarTags, type Resolution } from 'mcpdesc-core/internal/source/yaml-scalars.js';
import { setOwn } from 'mcpdesc-core/internal/model/json.js';
import { seededRandom } from 'mcpdesc-core/internal/model/seeded-random.js';

// The span-tree source map against the old pointer-table implementation (reference below):
// every mapped pointer, plus near misses, must give exactly the same value and key ranges.

const random = seededRandom;

/** Pointers that are not mapped but look like mapped ones. */
function nearMisses(pointer: string, next: () => number): string[] {
  const out = [pointer + '/0', pointer + '/x', pointer + '/', pointer + '/00', pointer.slice(1)];
  const tokens = pointer.split('/');
  if (tokens.length > 1) {
    const last = tokens[tokens.length - 1]!;
    const head = tokens.slice(0, -1).join('/');
    out.push(
      head + '/0' + last,
      head + '/' + last + ' ',
      head + '/' + last.replace(/~1/g, '/'),
      head + '/' + last.replace(/~0/g, '~'),
    );
    if (/^[0-9]+$/.test(last)) out.push(head + '/' + (Number(last) + 1), head + '/-1', head + '/-');
    out.push(head + '/' + last.slice(0, Math.floor(next() * last.length)));
  }
  return out;
}

interface Checked {
  mapped: number;
  missed: number;
}

/** Compares `parseDescription(text).sourceMap` with the reference on `sample` (or all) pointers. */
function compare(
  label: string,
  text: string,
  format: SourceFormat,
  options: { limits?: Partial<SourceLimits>; sample?: number; seed?: number } = {},
): Checked {
  const limits = resolveLimits(options.limits);
  const reference = format === 'json' ? referenceJsonSpans(text, limits) : referenceYamlSpans(text, limits);
  const { sourceMap } = parseDescription(text, { format, limits: options.limits });
  const lines = new LineIndex(text);
  const next = random(options.seed ?? 1);
  let pointers = [...reference.keys()];
  if (options.sample !== undefined && pointers.length > options.sample) {
    pointers = Array.from({ length: options.sample }, () => pointers[Math.floor(next() * pointers.length)]!);
  }
  const expected = (pointer: string, part: 'value' | 'key') => {
    const entry = reference.get(pointer);
    if (!entry) return undefined;
    if (part === 'key') return entry.keyStart < 0 ? undefined : lines.range(entry.keyStart, entry.keyEnd);
    return lines.range(entry.valueStart, entry.valueEnd);
  };
  const checked: Checked = { mapped: 0, missed: 0 };
  // Interleave near misses with hits, in random order, so lookup tables are built in any order.
  const queries = pointers.flatMap((p) => [p, ...nearMisses(p, next)]);
  for (let i = queries.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [queries[i], queries[j]] = [queries[j]!, queries[i]!];
  }
  // Then a run in document order, as findings come: each query resumes from the path of the one
  // before (the pointers share prefixes, and the near misses stop halfway or leave the path).
  const all = [...reference.keys()];
  const from = Math.floor(next() * Math.max(0, all.length - (options.sample ?? all.length)));
  for (const p of all.slice(from, from + (options.sample ?? all.length))) queries.push(p, ...nearMisses(p, next));
  for (const pointer of queries) {
    for (const part of ['value', 'key'] as const) {
      const want = expected(pointer, part);
      assert.deepEqual(sourceMap.rangeOf(pointer, part), want, `${label}: ${part} of ${JSON.stringify(pointer)}`);
      if (part === 'value') checked[want ? 'mapped' : 'missed']++;
    }
  }
  return checked;
}

function* descriptionFiles(folder: string): Generator<string> {
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* descriptionFiles(path);
    else if (/\.(json|ya?ml)$/.test(name)) yield path;
  }
}

const formatOf = (file: string): SourceFormat => (file.endsWith('.json') ? 'json' : 'yaml');

test('source map: every pointer of every conformance document, as written and re-serialized, matches the reference', () => {
  let files = 0;
  let total: Checked = { mapped: 0, missed: 0 };
  const add = (c: Checked) => {
    total = { mapped: total.mapped + c.mapped, missed: total.missed + c.missed };
  };
  for (const file of descriptionFiles(join(sharedRoot, 'conformance'))) {
    const decoded = decodeText(readFileSync(file));
    if (!('text' in decoded)) continue;
    files++;
    add(compare(file, decoded.text, formatOf(file)));
    const parsed = parseDescription(decoded.text, { format: formatOf(file) });
    if (parsed.document === undefined) continue;
    for (const format of ['json', 'yaml'] as const)
      add(compare(`${file} as ${format}`, serializeDescription(parsed.document, { format }), format));
    add(compare(`${file} minified`, JSON.stringify(parsed.document), 'json'));
    add(compare(`${file} CRLF`, JSON.stringify(parsed.document, null, 2).replace(/\n/g, '\r\n'), 'json'));
  }
  assert.ok(files > 50, `expected the corpus, found ${files} files`);
  assert.ok(total.mapped > 10_000 && total.missed > 10_000, JSON.stringify(total));
});

test('source map: random pointers of generated descriptions match the reference (JSON and YAML)', () => {
  for (const tools of [1, 40, 300]) {
    const document = generateDescription(tools);
    for (const format of ['json', 'yaml'] as const) {
      const text = serializeDescription(document, { format });
      compare(`${tools} tools ${format}`, text, format, { sample: 3000, seed: tools });
    }
    compare(`${tools} tools minified`, JSON.stringify(document), 'json', { sample: 3000, seed: tools + 1 });
  }
});

const handwritten: [string, SourceFormat, string, Partial<SourceLimits>?][] = [
  [
    'escapes and odd keys',
    'json',
    '{"a/b": {"m~n": 1, "": {"": [true, null]}, "\\u0041\\"q": "x\\\\y\\"", "~01": -0.5e+3}, "__proto__": {"constructor": []}}',
  ],
  ['whitespace everywhere', 'json', ' \r\n\t{ "a" :\r\n [ 1 ,\t2 , { } , [ ] , "" ] , "b" : { "c" : false } }\n'],
  ['scalar root', 'json', '  "just a string"  '],
  ['number root', 'json', '12.5e3'],
  [
    'duplicate keys with different children',
    'json',
    '{"a": {"x": 1, "y": [1, 2]}, "b": 0, "a": {"y": [3], "z": 2}, "a": 7}',
  ],
  ['duplicate keys deep', 'json', '{"a": {"b": {"c": 1}}, "a": {"b": {"d": 2}}, "a": {"e": 3}}'],
  ['syntax error mid-document', 'json', '{"a": [1, {"b": 2, "c": [3, 4}], "d": 5}'],
  ['unterminated string', 'json', '{"a": {"b": [1, 2], "c": "oops'],
  ['trailing comma', 'json', '{"a": [1, 2,], "b": 1}'],
  ['non-finite and lone surrogate', 'json', '{"n": 1e400, "s": "\\ud800", "t": [1e999, {"u": "\\udc00"}]}'],
  ['depth limit', 'json', '{"a": [[[[1]]], [[2]]], "b": [[[[[[3]]]]]]}', { maxDepth: 4 }],
  ['collection limit', 'json', '{"a": [1, 2, 3, 4], "b": {"x": 1, "y": 2, "z": 3}}', { maxCollectionSize: 2 }],
  ['string limit', 'json', '{"long key": "long value", "k": "v"}', { maxStringLength: 3 }],
  ['text after the document', 'json', '{"a": [1]} {"b": 2}'],
  ['empty', 'json', ''],
  [
    'yaml block and flow',
    'yaml',
    'a: 1\nb:\n  - x\n  - {c: [1, 2], d: "q"}\n  - - nested\n    - "two"\n  -\n  - \'s\'\nc: |\n  literal\n  text\nd: >-\n  folded\n  text\n# comment\ne: {}\nf: []\n',
  ],
  ['yaml quoted and odd keys', 'yaml', '"a/b": {"m~n": 1}\n\'\': empty key\n"__proto__": {x: 1}\n? complex\n: value\n'],
  ['yaml empty values', 'yaml', 'a:\nb: null\nc:\n  d:\n  e: 1\n'],
  ['yaml duplicate keys', 'yaml', 'a:\n  x: 1\n  y: [1, 2]\nb: 0\na:\n  y: [3]\n  z: 2\n'],
  ['yaml anchors and aliases', 'yaml', 'a: &x {b: 1}\nc: *x\nd: [*x, 2]\n*x : 3\ne: 4\n'],
  [
    'yaml non-string keys, and << as an ordinary key',
    'yaml',
    'a: 1\n1: one\nnull: n\n[x, y]: seq\n{k: v}: map\n<<: {m: 1}\nz: {inner: [1]}\n',
  ],
  ['yaml tags', 'yaml', 'a: !!str 1\nb: !!int x\nc: !custom v\nd: !!map {e: 1}\nf: !!seq [1]\n'],
  ['yaml ambiguous scalars', 'yaml', 'a: True\nb: 0x1F\nc: .inf\nd: ~\ne: [yes, No, 012]\n'],
  ['yaml multiple documents', 'yaml', 'a: 1\n---\nb: 2\n'],
  ['yaml syntax error', 'yaml', 'a: [1, 2\nb: 3\n'],
  ['yaml depth limit', 'yaml', 'a: [[[[1]]], [[2]]]\nb:\n  c:\n    d:\n      e:\n        f: 1\n', { maxDepth: 4 }],
  ['yaml CRLF', 'yaml', 'a: 1\r\nb:\r\n  - x\r\n  - y: "z"\r\n'],
  ['yaml scalar root', 'yaml', 'just text\n'],
  ['yaml empty', 'yaml', ''],
];

test('source map: hand-written valid and invalid documents match the reference', () => {
  for (const [label, format, text, limits] of handwritten) compare(label, text, format, { limits });
});

test('source map: randomly damaged documents (error paths, partial maps) match the reference', () => {
  const next = random(42);
  let invalid = 0;
  let invalidButMapped = 0;
  const pieces = [
    '{',
    '}',
    '[',
    ']',
    ',',
    ':',
    '"',
    "'",
    '&a ',
    '*a',
    '!!str ',
    '- ',
    '#',
    '\n',
    '\n  ',
    ' ',
    '\\',
    '1e999',
    'key: v\n',
    '? ',
    '---\n',
  ];
  for (const tools of [1, 3]) {
    const document = generateDescription(tools);
    for (const format of ['json', 'yaml'] as const) {
      const original = serializeDescription(document, { format });
      for (let round = 0; round < 150; round++) {
        let text = original;
        const edits = 1 + Math.floor(next() * 3);
        for (let e = 0; e < edits; e++) {
          const at = Math.floor(next() * text.length);
          const roll = next();
          if (roll < 0.3) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 8));
          else if (roll < 0.5) {
            const from = Math.floor(next() * text.length);
            text = text.slice(0, at) + text.slice(from, from + Math.floor(next() * 60)) + text.slice(at);
          } else text = text.slice(0, at) + pieces[Math.floor(next() * pieces.length)] + text.slice(at);
        }
        const { mapped } = compare(`${format} damaged #${round}`, text, format, { sample: 400, seed: round });
        if (parseDescription(text, { format }).diagnostics.length > 0) {
          invalid++;
          if (mapped > 0) invalidButMapped++;
        }
      }
    }
  }
  // Most damage makes the document invalid; the map of an invalid document still has its decoded part.
  assert.ok(invalid > 300 && invalidButMapped > 200, `${invalid} invalid, ${invalidButMapped} of them partly mapped`);
});

test('source map: deep nesting is resolved without recursion', () => {
  const depth = 5000;
  const json = '['.repeat(depth) + '1' + ']'.repeat(depth);
  const yaml = '['.repeat(200) + '1' + ']'.repeat(200);
  const deepPointer = '/0'.repeat(depth);
  const limits = { maxDepth: depth + 1 };
  const { sourceMap, diagnostics } = parseDescription(json, { format: 'json', limits });
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(sourceMap.rangeOf(deepPointer), {
    start: { line: 1, column: depth + 1 },
    end: { line: 1, column: depth + 2 },
  });
  compare('deep json', json, 'json', { limits, sample: 200 });
  compare('deep json over the limit', json, 'json', { sample: 200 });
  compare('deep yaml', yaml, 'yaml', { limits: { maxDepth: 300 } });
});

test('source map: repeated queries reuse the lookup tables and stay exact', () => {
  const text = serializeDescription(generateDescription(20), { format: 'json' });
  const { sourceMap } = parseDescription(text, { format: 'json' });
  const first = sourceMap.rangeOf('/tools/19/inputSchema/properties');
  for (let i = 0; i < 3; i++) assert.deepEqual(sourceMap.rangeOf('/tools/19/inputSchema/properties'), first);
  assert.ok(first);
  compare('repeat', text, 'json', { sample: 500 });
});

// ---- Reference: the source map as built before the span tree (commit aa05716), kept verbatim ----
// A full re-read of the text storing a pointer string for every value.

export interface SpanEntry {
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
}
export type SpanTable = Map<string, SpanEntry>;

/** The old JSON source map table. */
export function referenceJsonSpans(text: string, limits: SourceLimits): SpanTable {
  return scanJson(text, limits, true).spans!;
}

/** The old YAML source map table. */
export function referenceYamlSpans(text: string, limits: SourceLimits): SpanTable {
  const lines = new LineIndex(text);
  const spans: SpanTable = new Map();
  const events = readEvents(text, limits, lines, []);
  if (events) construct(text, events, limits, lines, [], spans);
  return spans;
}

// ---- JSON (old json-parser.ts) ----

interface JsonFrame {
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
  spans: SpanTable | undefined;
}

const numberPattern = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const escapes: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Iterative (no recursion, so no stack overflow on deep input) precise JSON scanner. */
function scanJson(text: string, limits: SourceLimits, wantSpans: boolean, lines = new LineIndex(text)): ScanResult {
  const diagnostics: Diagnostic[] = [];
  const spans: SpanTable | undefined = wantSpans ? new Map() : undefined;
  const stack: JsonFrame[] = [];
  let pos = 0;
  let childPointer = '';
  let keyStart = -1;
  let keyEnd = -1;

  const report = (rule: string, code: string, message: string, pointer: string, start: number, end: number): void => {
    diagnostics.push({ rule, code, severity: 'error', message, pointer, range: lines.range(start, end), spec: '15.2' });
  };
  const fatal = (message: string, at: number): ScanResult => {
    report('json.syntax', 'syntax', message, childPointer, at, Math.min(at + 1, text.length));
    return { document: undefined, diagnostics, spans };
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
  const readKey = (frame: JsonFrame, afterComma: boolean): boolean => {
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
    let start = pos;
    const c = text.charCodeAt(pos);
    let value: unknown;
    if (c === 123 || c === 91) {
      if (stack.length >= limits.maxDepth) {
        diagnostics.push(
          limitDiagnostic('maxDepth', stack.length + 1, limits.maxDepth, childPointer, lines.range(pos, pos + 1)),
        );
        return { document: undefined, diagnostics, spans };
      }
      const array = c === 91;
      const frame: JsonFrame = {
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
      pos++;
      skipWhitespace();
      if (text.charCodeAt(pos) === (array ? 93 : 125)) {
        pos++;
        stack.pop();
        value = frame.value;
      } else if (array) {
        childPointer = frame.pointer + '/0';
        keyStart = keyEnd = -1;
        continue;
      } else {
        if (!readKey(frame, false)) return { document: undefined, diagnostics, spans };
        continue;
      }
    } else if (c === 34) {
      value = readString(childPointer);
      if (value === undefined) return { document: undefined, diagnostics, spans };
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

    // The value is complete: attach it to its parent, closing every container it completes.
    let pointer = childPointer;
    for (;;) {
      spans?.set(pointer, { keyStart, keyEnd, valueStart: start, valueEnd: pos });
      const parent = stack[stack.length - 1];
      if (!parent) {
        skipWhitespace();
        if (pos < text.length)
          return fatal(`found ${describe(text, pos)} after the document; expected the end of input`, pos);
        return { document: diagnostics.length > 0 ? undefined : value, diagnostics, spans };
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
          return { document: undefined, diagnostics, spans };
        }
        break;
      }
      if (d === (parent.array ? 93 : 125)) {
        pos++;
        stack.pop();
        value = parent.value;
        start = parent.start;
        pointer = childPointer = parent.pointer;
        keyStart = parent.keyStart;
        keyEnd = parent.keyEnd;
        continue;
      }
      childPointer = parent.pointer;
      return fatal(`found ${describe(text, pos)}; expected ',' or '${parent.array ? ']' : '}'}'`, pos);
    }
  }
}

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

// ---- YAML (old yaml-parser.ts) ----

const DOCUMENT = 1,
  SEQUENCE = 2,
  MAPPING = 3,
  SCALAR = 4,
  ALIAS = 5,
  POP = 6;
const PLAIN = 1,
  SINGLE_QUOTED = 2,
  DOUBLE_QUOTED = 3;

function readEvents(
  text: string,
  limits: SourceLimits,
  lines: LineIndex,
  diagnostics: Diagnostic[],
): Event[] | undefined {
  try {
    // js-yaml also counts the document and the scalar level; our constructor checks the exact depth.
    return parseEvents(text, { maxDepth: limits.maxDepth + 2 });
  } catch (error) {
    if (error instanceof YAMLException) {
      const at = error.mark?.position ?? 0;
      if (error.reason.startsWith('nesting exceeded maxDepth')) {
        diagnostics.push(
          limitDiagnostic('maxDepth', `more than ${limits.maxDepth}`, limits.maxDepth, '', lines.range(at, at + 1)),
        );
      } else {
        diagnostics.push(
          yamlDiagnostic('yaml.syntax', 'syntax', `YAML syntax error: ${error.reason}`, '', lines.range(at, at + 1)),
        );
      }
      return undefined;
    }
    if (error instanceof RangeError) {
      // A stack overflow inside the parser: only extreme nesting gets there.
      diagnostics.push(limitDiagnostic('maxDepth', 'too deep to parse', limits.maxDepth, ''));
      return undefined;
    }
    throw error;
  }
}

function yamlDiagnostic(
  rule: string,
  code: string,
  message: string,
  pointer: string,
  range?: Diagnostic['range'],
): Diagnostic {
  return { rule, code, severity: 'error', message, pointer, ...(range ? { range } : {}), spec: '15.3' };
}

interface YamlFrame {
  mapping: boolean;
  value: unknown[] | Record<string, unknown>;
  pointer: string;
  start: number;
  keys: Set<string> | undefined;
  /** For mappings: the key waiting for its value (undefined when the next node is a key). */
  key: string | undefined;
  keyStart: number;
  keyEnd: number;
  /** Key offsets of this collection within its own parent. */
  ownKeyStart: number;
  ownKeyEnd: number;
  count: number;
  /** A collection used as a mapping key: it becomes an (invalid) key, not a value. */
  isKey: boolean;
  /** Inside a key or under an invalid key: read for diagnostics, never stored or mapped. */
  discarded: boolean;
}

/** Marks a key that is not a string: its value is read but not stored. */
const invalidKey = '\u0000invalid key';

function construct(
  text: string,
  events: Event[],
  limits: SourceLimits,
  lines: LineIndex,
  diagnostics: Diagnostic[],
  spans: SpanTable | undefined,
): unknown {
  const report = (rule: string, code: string, message: string, pointer: string, start: number, end: number): void => {
    diagnostics.push(yamlDiagnostic(rule, code, message, pointer, start >= 0 ? lines.range(start, end) : undefined));
  };
  const documents = events.reduce((n, e) => (e.type === DOCUMENT ? n + 1 : n), 0);
  if (documents !== 1) {
    const second = documents > 1 ? secondDocumentOffset(text, events) : 0;
    report(
      'yaml.document',
      documents === 0 ? 'no-document' : 'multiple-documents',
      documents === 0
        ? 'found no YAML document; expected exactly one'
        : `found ${documents} YAML documents; expected exactly one`,
      '',
      second,
      second + 1,
    );
    return undefined;
  }
  const first = events[0];
  if (first?.type === DOCUMENT) {
    for (const directive of first.directives) {
      if (directive.kind === 'tag')
        report(
          'yaml.tag',
          'tag',
          `found the %TAG directive for ${directive.handle}; expected no tag directives`,
          '',
          0,
          1,
        );
      else if (directive.version !== '1.2')
        report('yaml.document', 'yaml-version', `found %YAML ${directive.version}; expected YAML 1.2`, '', 0, 1);
    }
  }

  const stack: YamlFrame[] = [];
  let root: unknown;
  let lastEnd = 0;
  for (let i = 1; i < events.length; i++) {
    const event = events[i]!;
    if (event.type === DOCUMENT) continue; // only the first one, already checked
    if (event.type === POP) {
      const frame = stack.pop();
      if (!frame) continue; // the document's own end
      if (frame.mapping && frame.key !== undefined) lastEnd = Math.max(lastEnd, frame.keyEnd);
      if (frame.isKey) keyDone(stack[stack.length - 1]!, invalidKey, frame.start, lastEnd);
      else
        finish(frame.value, frame.start, frame.ownKeyStart, frame.ownKeyEnd, frame.pointer, lastEnd, frame.discarded);
      continue;
    }
    const parent = stack[stack.length - 1];
    const inKey = parent !== undefined && parent.mapping && parent.key === undefined;
    const discarded = parent !== undefined && (parent.discarded || inKey || parent.key === invalidKey);
    const pointer =
      parent === undefined
        ? ''
        : discarded
          ? parent.pointer
          : parent.mapping
            ? parent.pointer + '/' + escapePointerToken(parent.key!)
            : parent.pointer + '/' + parent.count;

    if (event.type === ALIAS) {
      const name = text.slice(event.anchorStart, event.anchorEnd);
      report(
        'yaml.anchor',
        'alias',
        `found the alias *${name}; expected the value written out (aliases are not allowed, 15.3.5)`,
        pointer,
        event.anchorStart - 1,
        event.anchorEnd,
      );
      lastEnd = event.anchorEnd;
      if (inKey) keyDone(parent!, invalidKey, event.anchorStart - 1, event.anchorEnd);
      else finish(null, event.anchorStart - 1, -1, -1, pointer, event.anchorEnd, discarded);
      continue;
    }
    if (event.anchorStart >= 0) {
      const name = text.slice(event.anchorStart, event.anchorEnd);
      report(
        'yaml.anchor',
        'anchor',
        `found the anchor &${name}; expected no anchors (aliases are not allowed, 15.3.5)`,
        pointer,
        event.anchorStart - 1,
        event.anchorEnd,
      );
    }
    const tag = event.tagStart >= 0 ? tagName(text.slice(event.tagStart, event.tagEnd)) : undefined;

    if (event.type === SEQUENCE || event.type === MAPPING) {
      const mapping = event.type === MAPPING;
      if (tag !== undefined && tag !== '!' && tag !== (mapping ? 'tag:yaml.org,2002:map' : 'tag:yaml.org,2002:seq')) {
        report(
          'yaml.tag',
          'tag',
          `found the tag ${text.slice(event.tagStart, event.tagEnd)} on a ${mapping ? 'mapping' : 'sequence'}; expected no tag or ${mapping ? '!!map' : '!!seq'}`,
          pointer,
          event.tagStart,
          event.tagEnd,
        );
      }
      if (inKey) {
        report(
          'yaml.key',
          'non-string-key',
          `found a ${mapping ? 'mapping' : 'sequence'} used as a mapping key; expected a string key`,
          pointer,
          event.start,
          event.start + 1,
        );
      }
      if (stack.length >= limits.maxDepth) {
        diagnostics.push(
          limitDiagnostic(
            'maxDepth',
            stack.length + 1,
            limits.maxDepth,
            pointer,
            lines.range(event.start, event.start + 1),
          ),
        );
        return undefined;
      }
      const ownKey = parent?.mapping && !inKey ? [parent.keyStart, parent.keyEnd] : [-1, -1];
      stack.push({
        mapping,
        value: mapping ? {} : [],
        pointer,
        start: event.start,
        keys: mapping ? new Set() : undefined,
        key: undefined,
        keyStart: -1,
        keyEnd: -1,
        ownKeyStart: ownKey[0]!,
        ownKeyEnd: ownKey[1]!,
        count: 0,
        isKey: inKey,
        discarded,
      });
      lastEnd = Math.max(lastEnd, event.start + 1);
      continue;
    }

    // A scalar.
    const value = getScalarValue(text, event);
    const [start, end] = scalarRange(event, lastEnd);
    lastEnd = Math.max(lastEnd, end);
    if (value.length > limits.maxStringLength) {
      diagnostics.push(
        limitDiagnostic('maxStringLength', value.length, limits.maxStringLength, pointer, lines.range(start, end)),
      );
    }
    if (!isWellFormedText(value)) {
      report(
        'yaml.scalar',
        'lone-surrogate',
        'found a scalar with an unpaired UTF-16 surrogate; expected well-formed Unicode text',
        pointer,
        start,
        end,
      );
    }
    let resolution: Resolution;
    if (tag === undefined) resolution = event.style === PLAIN ? resolvePlain(value) : { ok: true, value };
    else if (tag === '!') resolution = { ok: true, value };
    else if (scalarTags.has(tag)) resolution = resolveTagged(tag, value);
    else {
      report(
        'yaml.tag',
        'tag',
        `found the tag ${text.slice(event.tagStart, event.tagEnd)}; expected no tag, or one of the JSON schema's !!str !!int !!float !!bool !!null (15.3.4)`,
        pointer,
        event.tagStart,
        event.tagEnd,
      );
      resolution = { ok: true, value };
    }

    if (inKey) {
      const where = pointer;
      if (!resolution.ok || typeof resolution.value !== 'string') {
        const shown = value === '' ? 'an empty key' : `the key ${display(text, start, end)}`;
        const found = resolution.ok
          ? `, which resolves to ${resolution.value === null ? 'null' : typeof resolution.value}`
          : '';
        report(
          'yaml.key',
          'non-string-key',
          `found ${shown}${found}; expected a string key (quote it: "${value}")`,
          where,
          start,
          end,
        );
        keyDone(parent!, invalidKey, start, end);
      } else {
        keyDone(parent!, resolution.value, start, end);
      }
      continue;
    }
    if (!resolution.ok) {
      const rule = resolution.code === 'tag-mismatch' ? 'yaml.tag' : 'yaml.scalar';
      report(
        rule,
        resolution.code,
        `found ${display(text, start, end)}; expected ${resolution.expected}`,
        pointer,
        start,
        end,
      );
    }
    finish(
      resolution.ok ? resolution.value : null,
      start,
      parent?.mapping ? parent.keyStart : -1,
      parent?.mapping ? parent.keyEnd : -1,
      pointer,
      end,
      discarded,
    );
  }
  return root;

  function keyDone(frame: YamlFrame, key: string, start: number, end: number): void {
    frame.keyStart = start;
    frame.keyEnd = end;
    if (key !== invalidKey && frame.keys!.has(key)) {
      report(
        'yaml.duplicate-key',
        'duplicate-key',
        `found the key ${JSON.stringify(key)} a second time in one mapping; expected each key once (15.3.2)`,
        frame.pointer + '/' + escapePointerToken(key),
        start,
        end,
      );
    }
    frame.keys!.add(key);
    frame.key = key;
  }

  /** Stores a completed value in its parent (or as the root) and records its span. */
  function finish(
    value: unknown,
    start: number,
    keyStart: number,
    keyEnd: number,
    pointer: string,
    end: number,
    discarded: boolean,
  ): void {
    const parent = stack[stack.length - 1];
    if (spans && !discarded)
      spans.set(pointer, { keyStart, keyEnd, valueStart: start, valueEnd: Math.max(start, end) });
    if (!parent) {
      root = value;
      return;
    }
    if (parent.mapping) {
      const key = parent.key!;
      if (key !== invalidKey && !discarded) setOwn(parent.value as Record<string, unknown>, key, value);
      parent.key = undefined;
    } else {
      (parent.value as unknown[]).push(value);
    }
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
  }
}

/** `!!x` and `!<...>` to full tag names; `!` and local tags (`!x`) as written. */
function tagName(written: string): string {
  if (written.startsWith('!!')) return 'tag:yaml.org,2002:' + written.slice(2);
  if (written.startsWith('!<') && written.endsWith('>')) return written.slice(2, -1);
  return written;
}

/** Source offsets of a scalar, quotes included; an empty node sits just after what precedes it. */
function scalarRange(event: ScalarEvent, lastEnd: number): [number, number] {
  if (event.valueStart < 0) return [lastEnd, lastEnd];
  if (event.style === SINGLE_QUOTED || event.style === DOUBLE_QUOTED) return [event.valueStart - 1, event.valueEnd + 1];
  return [event.valueStart, event.valueEnd];
}

function display(text: string, start: number, end: number): string {
  if (start === end) return 'an empty value';
  const written = text.slice(start, Math.min(end, start + 60));
  return `'${written}${end - start > 60 ? '…' : ''}'`;
}

/** Where the second document starts, for the diagnostic: the first node after the first document's end. */
function secondDocumentOffset(text: string, events: Event[]): number {
  let seen = 0;
  for (let i = 0; i < events.length; i++) {
    if (events[i]!.type !== DOCUMENT) continue;
    if (++seen < 2) continue;
    for (let j = i + 1; j < events.length; j++) {
      const e = events[j]!;
      if (e.type === SCALAR && e.valueStart >= 0) return lineStartBefore(text, e.valueStart);
      if ((e.type === SEQUENCE || e.type === MAPPING) && e.start >= 0) return lineStartBefore(text, e.start);
    }
  }
  return 0;
}

/** A `---` marker on the line above a node's line, if there is one; else the node's own line start. */
function lineStartBefore(text: string, offset: number): number {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  if (lineStart > 0) {
    const previous = text.lastIndexOf('\n', lineStart - 2) + 1;
    if (text.startsWith('---', previous)) return previous;
  }
  return text.startsWith('---', lineStart) ? lineStart : lineStart;
}
