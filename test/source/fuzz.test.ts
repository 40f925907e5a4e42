import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { seededRandom } from 'mcpdesc-core/internal/model/seeded-random.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';

/**
 * Bad input gets a clear error and never a crash: corpus texts (JSON and YAML) are damaged at
 * random — characters deleted, duplicated, or replaced by the characters that matter to the two
 * grammars — and every result must be a decoded document or well-formed diagnostics with positions.
 */
const corpus = resolve(process.cwd(), '..', 'shared', 'conformance', 'mcpdesc-0.8.0');
const specials = [
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  "'",
  '\\',
  '-',
  '?',
  '&',
  '*',
  '!',
  '|',
  '>',
  '#',
  '%',
  '@',
  '`',
  '\n',
  '\t',
  ' ',
  '\r\n',
  '\ud800',
  '\u2028',
  '<<',
  '---',
  '...',
  '~',
  '.inf',
  '0x1F',
  'é',
];

test('damaged JSON and YAML texts never crash the parser', () => {
  const rnd = seededRandom(1129);
  const files: [string, string][] = [];
  for (const dir of ['fixtures/expected-valid', 'examples', 'serialization-fixtures/expected-invalid']) {
    for (const file of readdirSync(join(corpus, dir)).sort())
      files.push([file, readFileSync(join(corpus, dir, file), 'utf8')]);
  }
  let damaged = 0;
  let rejected = 0;
  for (const [file, text] of files) {
    for (let i = 0; i < 40; i++) {
      let mutant = text;
      for (let edits = 1 + Math.floor(rnd() * 4); edits > 0; edits--) {
        const at = Math.floor(rnd() * mutant.length);
        const kind = rnd();
        if (kind < 0.3) mutant = mutant.slice(0, at) + mutant.slice(at + 1 + Math.floor(rnd() * 8));
        else if (kind < 0.5) mutant = mutant.slice(0, at) + mutant.slice(at, at + 12) + mutant.slice(at);
        else mutant = mutant.slice(0, at) + specials[Math.floor(rnd() * specials.length)] + mutant.slice(at);
      }
      let result;
      try {
        result = parseDescription(mutant, { filename: file });
      } catch (error) {
        assert.fail(
          `${file} mutant ${i} crashed the parser: ${(error as Error).stack}\n${JSON.stringify(mutant.slice(0, 400))}`,
        );
      }
      damaged++;
      if (result.diagnostics.length) rejected++;
      for (const d of result.diagnostics) {
        assert.ok(
          d.rule && d.code && d.message && typeof d.pointer === 'string' && d.severity === 'error',
          `${file}: ${JSON.stringify(d)}`,
        );
        if (d.range) assert.ok(d.range.start.line >= 1 && d.range.start.column >= 1, `${file}: ${JSON.stringify(d)}`);
      }
      assert.equal(
        result.document === undefined,
        result.diagnostics.length > 0,
        'a document exactly when there is no error',
      );
    }
  }
  assert.ok(damaged > 1000 && rejected > damaged / 3, `${damaged} damaged, ${rejected} rejected`);
});
