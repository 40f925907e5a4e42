/** The one order every format prints: sorted lists pass through, others are sorted; the input is never touched. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareDiagnostics, type Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import { sortedDiagnostics } from 'mcpdesc-core/internal/report/sorted.js';
import { seededRandom } from 'mcpdesc-core/internal/model/seeded-random.js';

const at = (line: number, column: number, rule = 'r'): Diagnostic => ({
  rule,
  code: 'c',
  severity: 'warning',
  message: 'm',
  pointer: `/x${line}`,
  range: { start: { line, column }, end: { line, column: column + 1 } },
});

test('sortedDiagnostics: a new list in compareDiagnostics order, whatever the input order', () => {
  const random = seededRandom(7);
  const pool = Array.from({ length: 200 }, (_, i) => at(1 + Math.floor(random() * 20), 1 + (i % 3), `r${i % 4}`));
  const expected = [...pool].sort(compareDiagnostics);
  for (const input of [pool, expected, [...expected].reverse()]) {
    const before = [...input];
    const sorted = sortedDiagnostics(input);
    assert.notEqual(sorted, input);
    assert.deepEqual(sorted, expected);
    assert.deepEqual(input, before);
  }
  // Equal keys keep their input order (the sort is stable, the pass-through too).
  const twins = [at(1, 1), at(1, 1)];
  const sorted = sortedDiagnostics(twins);
  assert.equal(sorted[0], twins[0]);
  assert.equal(sorted[1], twins[1]);
});
