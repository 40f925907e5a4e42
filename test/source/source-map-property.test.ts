import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { joinPointer } from 'mcpdesc-core/internal/model/json-pointer.js';
import { parseDescription, serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import type { Range } from 'mcpdesc-core/internal/model/diagnostic.js';
import { jsonEqual } from 'mcpdesc-core/internal/model/json.js';

/**
 * A property of the source map that no implementation detail can fake: for every value of a JSON
 * document, the text its range covers decodes to that value, and the text a key's range covers
 * decodes to the key; for YAML, every single-line scalar. Checked on every corpus document.
 */
const corpus = resolve(process.cwd(), '..', 'shared', 'conformance', 'mcpdesc-0.8.0');

function offsets(text: string): (range: Range) => [number, number] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const at = (line: number, column: number): number => starts[line - 1]! + column - 1;
  return (range) => [at(range.start.line, range.start.column), at(range.end.line, range.end.column)];
}

function* entries(value: unknown, pointer = ''): Generator<[string, unknown, string | undefined]> {
  const stack: [string, unknown, string | undefined][] = [[pointer, value, undefined]];
  while (stack.length) {
    const [p, v, key] = stack.pop()!;
    yield [p, v, key];
    if (Array.isArray(v)) v.forEach((item, i) => stack.push([joinPointer(p, i), item, undefined]));
    else if (v && typeof v === 'object')
      for (const [k, item] of Object.entries(v)) stack.push([joinPointer(p, k), item, k]);
  }
}

test('every value range of a JSON document covers text that decodes to that value', () => {
  let checked = 0;
  for (const dir of ['fixtures/expected-valid', 'fixtures/expected-warning', 'fixtures/expected-invalid', 'examples']) {
    for (const file of readdirSync(join(corpus, dir)).sort()) {
      const decoded = parseDescription(readFileSync(join(corpus, dir, file)), { filename: file }).document;
      if (decoded === undefined) continue;
      for (const compact of [false, true]) {
        const text: string = compact ? JSON.stringify(decoded) : serializeDescription(decoded, { format: 'json' });
        const { sourceMap } = parseDescription(text, { format: 'json' });
        const toOffsets = offsets(text);
        for (const [pointer, value, key] of entries(decoded)) {
          const valueRange = sourceMap.rangeOf(pointer, 'value');
          assert.ok(valueRange, `${file}: no range for ${pointer}`);
          const [start, end] = toOffsets(valueRange);
          assert.ok(
            jsonEqual(JSON.parse(text.slice(start, end)), value),
            `${file}: ${pointer} covers ${JSON.stringify(text.slice(start, end)).slice(0, 80)}`,
          );
          if (key !== undefined) {
            const keyRange = sourceMap.rangeOf(pointer, 'key');
            assert.ok(keyRange, `${file}: no key range for ${pointer}`);
            const [ks, ke] = toOffsets(keyRange);
            assert.equal(JSON.parse(text.slice(ks, ke)), key, `${file}: key of ${pointer}`);
          }
          checked++;
        }
      }
    }
  }
  assert.ok(checked > 5_000, `only ${checked} values checked`);
});

test('every single-line scalar range of a YAML document covers text that decodes to that scalar', () => {
  let checked = 0;
  for (const dir of ['fixtures/expected-valid', 'fixtures/expected-warning', 'examples']) {
    for (const file of readdirSync(join(corpus, dir)).sort()) {
      const written = readFileSync(join(corpus, dir, file), 'utf8');
      const decoded = parseDescription(written, { filename: file }).document;
      if (decoded === undefined) continue;
      const texts = [serializeDescription(decoded, { format: 'yaml' }), ...(file.endsWith('.yaml') ? [written] : [])];
      for (const text of texts) {
        const { sourceMap } = parseDescription(text, { format: 'yaml' });
        const toOffsets = offsets(text);
        for (const [pointer, value] of entries(decoded)) {
          if (value !== null && typeof value === 'object') continue;
          const range = sourceMap.rangeOf(pointer, 'value');
          assert.ok(range, `${file}: no range for ${pointer}`);
          if (range.start.line !== range.end.line) continue; // block scalars depend on their indentation
          const [start, end] = toOffsets(range);
          const again = parseDescription(`v: ${text.slice(start, end)}\n`, { format: 'yaml' }).document as
            { v: unknown } | undefined;
          assert.ok(
            again && jsonEqual(again.v, value),
            `${file}: ${pointer} covers ${JSON.stringify(text.slice(start, end)).slice(0, 80)}`,
          );
          checked++;
        }
      }
    }
  }
  assert.ok(checked > 2_000, `only ${checked} scalars checked`);
});
