/**
 * The cursor scans behind hover and completion run on every request, over the whole text: they
 * must read each character a bounded number of times, on one-line (minified) JSON as on YAML of
 * many lines. Counted by the scans' own meter (no clock), then hover and completion as a whole by
 * growth over a tenfold input.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { completions } from 'mcpdesc-toolkit/internal/lsp/completion.js';
import { cursorContext, type ScanMeter } from 'mcpdesc-toolkit/internal/lsp/cursor.js';
import { keyHover } from 'mcpdesc-toolkit/internal/lsp/field-hover.js';
import { assertLinearGrowth } from '../helpers/growth.js';

/** A description of about `bytes` characters, as one line of JSON (many short strings: the quadratic case). */
function oneLineDescription(bytes: number): { text: string; value: unknown } {
  const tools: unknown[] = [];
  const value = {
    mcpdesc: '0.8.0',
    info: { name: 'minified', version: '1.0.0' },
    protocolVersions: ['2025-06-18'],
    tools,
  };
  let size = JSON.stringify(value).length;
  for (let i = 0; size < bytes; i++) {
    // Escapes of every kind, and a line break escaped in a string: the searches must not read past them again.
    const tool = { name: `tool-${i}`, description: 'Does "one"\nthing \\ well.', inputSchema: { type: 'object' } };
    tools.push(tool);
    size += JSON.stringify(tool).length + 1;
  }
  return { text: JSON.stringify(value), value };
}

/** The same shape as block YAML, one member a line. */
function yamlDescription(bytes: number): string {
  const lines = ['mcpdesc: 0.8.0', 'info:', '  name: many-lines', '  version: 1.0.0', 'tools:'];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const tool = [
      `  - name: tool-${i}`,
      `    description: 'Does "one" thing.'`,
      '    inputSchema:',
      '      type: object',
    ];
    lines.push(...tool);
    size += tool.join('\n').length + 1;
  }
  return lines.join('\n') + '\n';
}

const positionAt = (offset: number) => ({ line: 0, character: offset });

// Each character is read by the pass itself and at most once by each of the searches for the next quote, line break and backslash.
test('the JSON cursor scan reads each character of one-line JSON at most four times, wherever the cursor is', () => {
  for (const bytes of [1 << 20, 4 << 20]) {
    const { text } = oneLineDescription(bytes);
    const places = {
      // A root key: the scan runs to the end of the root object to collect its members.
      'root key': text.indexOf('"mcpdesc"') + 3,
      'key of the last tool': text.lastIndexOf('"description"') + 3,
      'value in the middle': text.indexOf('"tool-', text.length >> 1) + 3,
      'before the last brace': text.length - 1,
    };
    for (const [place, offset] of Object.entries(places)) {
      const meter: ScanMeter = { characters: 0 };
      const context = cursorContext(text, offset, 'json', meter);
      assert.ok(context, place);
      assert.ok(
        meter.characters <= 4 * text.length,
        `${place} in ${bytes} bytes: ${meter.characters} characters read, more than four times the text's length`,
      );
    }
  }
});

test('the YAML cursor scan reads each line a bounded number of times', () => {
  for (const bytes of [1 << 20, 4 << 20]) {
    const text = yamlDescription(bytes);
    const places = {
      'key of the last tool': text.lastIndexOf('description:') + 3,
      'key of the first tool': text.indexOf('description:') + 3,
      'value of the last tool': text.lastIndexOf('type: object') + 8,
      'end of the text': text.length,
    };
    for (const [place, offset] of Object.entries(places)) {
      const meter: ScanMeter = { characters: 0 };
      assert.ok(cursorContext(text, offset, 'yaml', meter), place);
      assert.ok(
        meter.characters <= 6 * text.length,
        `${place} in ${bytes} bytes: ${meter.characters} characters read, more than six times the text's length`,
      );
    }
  }
});

test('strings end where JSON says, escapes and unterminated strings included', () => {
  const text = '{"a\\"b": 1, "c\\\\": "x\n  "d": 2}';
  const inEscapedKey = cursorContext(text, 3, 'json')!;
  assert.equal(inEscapedKey.kind, 'key');
  assert.deepEqual([...inEscapedKey.siblings].sort(), ['c\\', 'd']);
  // An unterminated string ends at its line break: the next line's key is still a key of the object.
  const nextLine = cursorContext(text, text.indexOf('"d"') + 1, 'json')!;
  assert.equal(nextLine.kind, 'key');
  assert.deepEqual([...nextLine.siblings].sort(), ['a"b', 'c\\']);
  // A backslash just before the line break does not carry the string onto the next line.
  const backslashAtEnd = '{"a": "x\\\n"b": 1}';
  assert.deepEqual(cursorContext(backslashAtEnd, backslashAtEnd.indexOf('"b"') + 1, 'json')?.kind, 'key');
});

test('hover and completion on one-line JSON grow linearly with the text', () => {
  const documents = new Map<string, { text: string; value: unknown }>();
  const input = (bytes: number): string => {
    const made = oneLineDescription(bytes);
    documents.set(made.text, made);
    return made.text;
  };
  assertLinearGrowth('hover on a root key', 100_000, input, (text) => {
    const hover = keyHover(text, 3, 'json', documents.get(text)!.value, positionAt);
    assert.ok(hover);
  });
  assertLinearGrowth('completion in the last tool', 100_000, input, (text) => {
    const offset = text.lastIndexOf('"inputSchema"');
    const items = completions({ text, offset, format: 'json', document: documents.get(text)!.value, positionAt });
    assert.ok(items.length > 0);
  });
});

/** A JSON object's text built member by member, with the offset of each key and the object it belongs to. */
interface Built {
  text: string;
  keys: { offset: number; path: string[]; key: string; siblings: string[] }[];
}

function objectText(members: [string, string | Built][], path: string[], separator: string): Built {
  let text = '{';
  const keys: Built['keys'] = [];
  const names = members.map(([key]) => key);
  for (const [index, [key, value]] of members.entries()) {
    if (index > 0) text += ',' + separator;
    keys.push({ offset: text.length, path, key, siblings: names.filter((_, i) => i !== index) });
    text += JSON.stringify(key) + ':' + separator;
    if (typeof value === 'string') text += JSON.stringify(value);
    else {
      for (const inner of value.keys) keys.push({ ...inner, offset: inner.offset + text.length });
      text += value.text;
    }
  }
  return { text: text + '}', keys };
}

test('on any key of a JSON text, the scan finds that key, its path and the other keys of its object, escapes and all', () => {
  const alphabet = ['a', 'b', '"', '\\', '\n', '\t', '/', 'é', '\u2028', ' ', ':', ',', '{', '[', '}'];
  let seed = 7;
  const random = (below: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % below;
  };
  const word = (): string => Array.from({ length: 1 + random(6) }, () => alphabet[random(alphabet.length)]).join('');
  const distinct = (count: number): string[] => [...new Set(Array.from({ length: count }, word))];
  let checked = 0;
  for (let round = 0; round < 1000; round++) {
    const separator = round % 2 ? '' : '\n  ';
    const outerKeys = distinct(1 + random(4));
    const holder = outerKeys[random(outerKeys.length)]!;
    const inner = objectText(
      distinct(1 + random(4)).map((key) => [key, word()]),
      [holder],
      separator,
    );
    const built = objectText(
      outerKeys.map((key) => [key, key === holder ? inner : word()]),
      [],
      separator,
    );
    for (const { offset, path, key, siblings } of built.keys) {
      const context = cursorContext(built.text, offset + 1, 'json');
      const where = `${JSON.stringify(built.text)} at ${offset + 1}`;
      assert.equal(context?.kind, 'key', where);
      assert.deepEqual(context.path, path, where);
      assert.equal(built.text.slice(context.start, context.end), JSON.stringify(key).slice(1, -1), where);
      assert.deepEqual([...context.siblings].sort(), [...siblings].sort(), where);
      checked++;
    }
  }
  assert.ok(checked > 1500, `${checked} keys checked`);
});
