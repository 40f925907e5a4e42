import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDescription, serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { seededRandom } from 'mcpdesc-core/internal/model/seeded-random.js';

// Issue 15, finding 10: JSON -> YAML (and JSON) -> decode gives back every string.

/** Every class YAML treats specially: C0, DEL, C1 (NEL), line and paragraph separators, BOM, noncharacters. */
const special = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(0x80 + code)),
  '\u00a0',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\u{1f600}',
];
const ordinary = [
  'a',
  'Z',
  ' ',
  ' ',
  '\n',
  '\n',
  '#',
  ': ',
  ':',
  '- ',
  '"',
  "'",
  '\\',
  '|',
  '>',
  '&',
  '*',
  '!',
  '%',
  '@',
  '`',
  '{',
  '}',
  '[',
  ']',
  ',',
  '?',
  '~',
  '1',
  '.',
];

function generatedString(random: () => number): string {
  const length = Math.floor(random() * 12);
  let text = '';
  for (let i = 0; i < length; i++) {
    const pool = random() < 0.3 ? special : ordinary;
    text += pool[Math.floor(random() * pool.length)]!;
  }
  return text;
}

const fixed = [
  '',
  '\n',
  '\n\n',
  ' \n',
  '\n ',
  'a\n',
  'a\n\n',
  ' a',
  'a ',
  '\u0085',
  'a\u0085b\nc',
  '\u2028',
  'x\u2028y\nz',
  'a\n\uffff',
  '\ufffe\nb',
  '#x',
  'a: b',
  'null',
  '~',
  '1e3',
  '\ufeffa\nb',
];

for (const format of ['yaml', 'json'] as const) {
  test(`every string survives ${format} (seeded property test)`, () => {
    const random = seededRandom(20260115);
    const strings = [...fixed];
    for (let i = 0; i < 3000; i++) strings.push(generatedString(random));
    for (const value of strings) {
      const document = { description: value, [value]: [value, { [value]: value }] };
      const text = serializeDescription(document, { format });
      const decoded = parseDescription(text, { format });
      assert.deepEqual(decoded.diagnostics, [], `${JSON.stringify(value)} as ${format}:\n${text}`);
      assert.deepEqual(decoded.document, document, `${JSON.stringify(value)} as ${format}:\n${text}`);
    }
  });
}
