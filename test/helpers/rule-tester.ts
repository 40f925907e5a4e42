import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { settingOf } from 'mcpdesc-core/internal/lint/presets.js';
import type { Rule } from 'mcpdesc-core/internal/validate/rule.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';

export interface InvalidCase {
  /** Test name. */
  name: string;
  /** A decoded document, or text (YAML/JSON) to parse. */
  doc: unknown;
  /** Every diagnostic of the rule under test, by code and pointer (order-insensitive). */
  errors: { code: string; pointer: string; severity?: Diagnostic['severity'] }[];
}

export interface ValidCase {
  name: string;
  doc: unknown;
}

/**
 * ESLint's RuleTester for mcpdesc rules: each valid case yields no diagnostic of the rule; each
 * invalid case yields exactly the listed ones. Codes must be declared by the rule, names unique.
 * Documents run through the full command, so a case also shows how the rule sits among the
 * others: conformance rules through validate(), lint rules through lint() with the rule enabled
 * at its default severity — and a lint case must be a valid document.
 */
export function testRule(rule: Rule, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  const names = new Set<string>();
  for (const c of [...cases.valid, ...cases.invalid]) {
    assert.ok(!names.has(c.name), `duplicate case name "${c.name}" in tests of ${rule.id}`);
    names.add(c.name);
  }
  for (const c of cases.invalid) {
    for (const e of c.errors) assert.ok(e.code in rule.codes, `${rule.id} has no code "${e.code}" (case "${c.name}")`);
    assert.ok(c.errors.length > 0, `invalid case "${c.name}" of ${rule.id} lists no diagnostics`);
  }
  test(`${rule.id}`, async (t) => {
    for (const c of cases.valid) {
      await t.test(`quiet: ${c.name}`, () => {
        const found = diagnosticsOf(rule, c.doc);
        assert.deepEqual(found.map(summary), [], `expected no ${rule.id} diagnostics`);
      });
    }
    for (const c of cases.invalid) {
      await t.test(`fires: ${c.name}`, () => {
        const found = diagnosticsOf(rule, c.doc);
        const expected = c.errors.map((e) => ({
          code: e.code,
          pointer: e.pointer,
          ...(e.severity ? { severity: e.severity } : {}),
        }));
        const actual = found.map((d) => {
          const wanted = c.errors.find((e) => e.code === d.code && e.pointer === d.pointer);
          return { code: d.code, pointer: d.pointer, ...(wanted?.severity ? { severity: d.severity } : {}) };
        });
        assert.deepEqual(sortCases(actual), sortCases(expected));
        for (const d of found)
          assert.ok(d.message.length > 0 && d.spec, 'diagnostics carry a message and a spec section');
      });
    }
  });
}

/** The rule's diagnostics on `doc`, through the command that runs the rule's kind. */
function diagnosticsOf(rule: Rule, doc: unknown): Diagnostic[] {
  if (rule.kind === 'conformance') return validate(doc).diagnostics.filter((d) => d.rule === rule.id);
  const result = lint(doc, { config: { rules: { [rule.id]: settingOf(rule.severity) } } });
  const validationErrors = result.diagnostics.filter((d) => !d.rule.startsWith('lint.') && d.severity === 'error');
  assert.deepEqual(
    validationErrors.map((d) => `${d.rule} ${summary(d)}`),
    [],
    'the case is a valid document',
  );
  return result.diagnostics.filter((d) => d.rule === rule.id);
}

function summary(d: Diagnostic): string {
  return `${d.severity} ${d.code} ${d.pointer}: ${d.message}`;
}

function sortCases<T extends { code: string; pointer: string }>(list: T[]): T[] {
  return [...list].sort((a, b) =>
    a.pointer + a.code < b.pointer + b.code ? -1 : a.pointer + a.code > b.pointer + b.code ? 1 : 0,
  );
}

/** A minimal valid document to build cases on: `doc({ tools: [...] })`. */
export function doc(
  extra: Record<string, unknown> = {},
  protocolVersions: string[] = ['2025-11-25'],
): Record<string, unknown> {
  return { mcpdesc: '0.8.0', info: { name: 'test-server', version: '1.0.0' }, protocolVersions, ...extra };
}
