import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import type { LintOptions } from '../../src/lint/lint.js';
import { lint } from '../../src/lint/lint.js';
import type { Rule } from '../../src/validate/rule.js';
export { exampleDocument as lintDoc, exampleTool as lintTool } from '../../src/lint/rules/example-document.js';

export interface LintInvalidCase {
  name: string;
  /** A decoded document, or text (YAML/JSON) to parse. */
  doc: unknown;
  /** Every diagnostic of the rule under test, by code and pointer (order-insensitive). */
  errors: { code: string; pointer: string; severity?: Diagnostic['severity'] }[];
  options?: LintOptions;
}

export interface LintValidCase {
  name: string;
  doc: unknown;
  options?: LintOptions;
}

/**
 * The rule tester for lint rules: documents run through lint() (validation first, the recommended
 * preset unless options say otherwise). Each valid case yields no diagnostic of the rule and no
 * validation error (a lint example must be a valid document); each invalid case yields exactly
 * the listed ones.
 */
export function testLintRule(rule: Rule, cases: { valid: LintValidCase[]; invalid: LintInvalidCase[] }): void {
  const names = new Set<string>();
  for (const c of [...cases.valid, ...cases.invalid]) {
    assert.ok(!names.has(c.name), `duplicate case name "${c.name}" in tests of ${rule.id}`);
    names.add(c.name);
  }
  for (const c of cases.invalid) {
    for (const e of c.errors) assert.ok(e.code in rule.codes, `${rule.id} has no code "${e.code}" (case "${c.name}")`);
    assert.ok(c.errors.length > 0, `invalid case "${c.name}" of ${rule.id} lists no diagnostics`);
  }
  test(rule.id, async (t) => {
    for (const c of cases.valid) {
      await t.test(`quiet: ${c.name}`, () => {
        const result = lint(c.doc, c.options);
        assert.deepEqual(validationErrors(result.diagnostics), [], 'the case is a valid document');
        assert.deepEqual(
          result.diagnostics.filter((d) => d.rule === rule.id).map(summary),
          [],
          `expected no ${rule.id} diagnostics`,
        );
      });
    }
    for (const c of cases.invalid) {
      await t.test(`fires: ${c.name}`, () => {
        const result = lint(c.doc, c.options);
        assert.deepEqual(validationErrors(result.diagnostics), [], 'the case is a valid document');
        const found = result.diagnostics.filter((d) => d.rule === rule.id);
        const expected = c.errors.map((e) => ({
          code: e.code,
          pointer: e.pointer,
          ...(e.severity ? { severity: e.severity } : {}),
        }));
        const actual = found.map((d) => {
          const wanted = c.errors.find((e) => e.code === d.code && e.pointer === d.pointer);
          return { code: d.code, pointer: d.pointer, ...(wanted?.severity ? { severity: d.severity } : {}) };
        });
        assert.deepEqual(sort(actual), sort(expected));
        for (const d of found)
          assert.ok(d.message.length > 0 && d.spec, 'diagnostics carry a message and a spec section');
      });
    }
  });
}

function validationErrors(list: Diagnostic[]): string[] {
  return list.filter((d) => !d.rule.startsWith('lint.') && d.severity === 'error').map(summary);
}

function summary(d: Diagnostic): string {
  return `${d.severity} ${d.rule} ${d.code} ${d.pointer}: ${d.message}`;
}

function sort<T extends { code: string; pointer: string }>(list: T[]): T[] {
  return [...list].sort((a, b) =>
    a.pointer + a.code < b.pointer + b.code ? -1 : a.pointer + a.code > b.pointer + b.code ? 1 : 0,
  );
}
