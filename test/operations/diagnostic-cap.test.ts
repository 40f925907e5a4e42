import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { merge } from 'mcpdesc-core/internal/operations/merge.js';
import { maxDiagnosticsPerDocument } from 'mcpdesc-core/internal/operations/operation-result.js';
import { project } from 'mcpdesc-core/internal/operations/project.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { validation, weather } from './documents.js';

const options = { validation };

/** The weather document with `count` unknown revisions added: at least one error per entry. */
function withUnknownRevisions(count: number): Record<string, any> {
  const d = weather();
  d.protocolVersions = [...d.protocolVersions, ...Array.from({ length: count }, (_, i) => `v${i}`)];
  return d;
}

const isSummary = (d: { code: string }) => d.code === 'too-many-diagnostics';
const fromValidator = (d: { rule: string }) => !d.rule.startsWith('operation.');

describe('operations list the first diagnostics of an input and count the rest', () => {
  test('an input with more diagnostics than the cap: the first ones, then one exact count', () => {
    const document = withUnknownRevisions(maxDiagnosticsPerDocument + 500);
    const all = validate(document, validation).diagnostics;
    assert.ok(all.length > maxDiagnosticsPerDocument);
    const result = merge([document, document], options);
    assert.equal(result.ok, false);
    const { diagnostics } = result;
    for (const input of [0, 1]) {
      const own = diagnostics.filter((d) => d.input === input);
      const listed = own.filter(fromValidator);
      assert.deepEqual(
        listed.map((d) => [d.rule, d.code, d.pointer]),
        all.slice(0, maxDiagnosticsPerDocument).map((d) => [d.rule, d.code, d.pointer]),
      );
      const summaries = own.filter(isSummary);
      assert.equal(summaries.length, 1);
      assert.equal(summaries[0]!.rule, 'operation.merge.input');
      assert.equal(summaries[0]!.severity, 'info');
      const omitted = all.length - maxDiagnosticsPerDocument;
      assert.match(
        summaries[0]!.message,
        new RegExp(
          `^${omitted} more diagnostics of the input ${input + 1} not listed \\(the first ${maxDiagnosticsPerDocument} of ${all.length} are\\)`,
        ),
      );
      assert.ok(own.some((d) => d.code === 'invalid-input'));
    }
  });

  test('an input within the cap: every diagnostic listed, no count', () => {
    const document = withUnknownRevisions(10);
    const all = validate(document, validation).diagnostics;
    const result = project(document, '2025-06-18', options);
    assert.equal(result.ok, false);
    assert.equal(result.diagnostics.filter(fromValidator).length, all.length);
    assert.ok(!result.diagnostics.some(isSummary));
    assert.ok(result.diagnostics.some((d) => d.code === 'invalid-input'));
  });
});
