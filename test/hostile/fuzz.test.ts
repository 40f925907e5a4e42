import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runFuzz } from './fuzzer.js';

test('the seeded mutation fuzzer finds nothing in 300 cases', () => {
  const summary = runFuzz({ cases: 300, seed: 15 });
  assert.deepEqual(
    summary.findings.map((f) => `${f.check} (case ${f.case}, ${f.source}): ${f.detail}`),
    [],
  );
  assert.ok(summary.diagnostics > 300, `only ${summary.diagnostics} diagnostics: the mutants are too tame`);
  assert.ok(summary.yamlComparisons > 150, `only ${summary.yamlComparisons} YAML comparisons`);
});

test('a CR LF inside a JSON string: the range of the syntax error stays on its line (fuzz case 487)', async () => {
  const { validate } = await import('mcpdesc-core/internal/validate/validate.js');
  const text = '{\n  "mcpdesc": "0.8\r\n.0"\n}';
  const [error] = validate(text, { filename: 'crlf.json' }).diagnostics;
  assert.equal(error?.rule, 'json.syntax');
  assert.deepEqual(error?.range, { start: { line: 2, column: 18 }, end: { line: 2, column: 18 } });
});
