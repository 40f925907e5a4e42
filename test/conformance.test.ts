import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import type { Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import { catalogueEntries } from 'mcpdesc-toolkit/internal/cli/rule-catalogue.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';

/**
 * The official conformance corpus as data (the way `yaml` runs yaml-test-suite), with an
 * explicit skip table. There should be no skips for the official corpus.
 */
const corpus = resolve(process.cwd(), '..', 'shared', 'conformance', 'mcpdesc-0.8.0');
const skips: Record<string, string> = {};

type Expectation = (diagnostics: Diagnostic[], valid: boolean) => string | undefined;

const expectations: { dir: string; expect: Expectation }[] = [
  {
    dir: 'fixtures/expected-valid',
    expect: (d, valid) => (valid && d.length === 0 ? undefined : 'expected valid with no diagnostics'),
  },
  {
    dir: 'fixtures/expected-warning',
    expect: (d, valid) =>
      valid && d.some((x) => x.severity === 'warning') ? undefined : 'expected valid with at least one warning',
  },
  {
    dir: 'fixtures/expected-invalid',
    expect: (d) => (d.some((x) => x.severity === 'error') ? undefined : 'expected at least one error'),
  },
  { dir: 'examples', expect: (d, valid) => (valid ? undefined : 'expected a valid example') },
  {
    dir: 'serialization-fixtures/expected-invalid',
    expect: (d) =>
      d.some((x) => x.severity === 'error' && x.rule.startsWith('yaml.')) ? undefined : 'expected a yaml.* error',
  },
  { dir: 'serialization-fixtures/equivalent', expect: (d, valid) => (valid ? undefined : 'expected a valid document') },
];

const schemas = createSchemaService();
const catalogue = new Map(catalogueEntries().map((e) => [e.id, new Set(e.codes.map((c) => c.code))]));
const seen: Diagnostic[] = [];

for (const { dir, expect } of expectations) {
  test(`conformance corpus: ${dir}`, async (t) => {
    const files = readdirSync(join(corpus, dir))
      .filter((f) => /\.(json|ya?ml)$/.test(f))
      .sort();
    assert.ok(files.length > 0, `no files in ${dir}`);
    for (const file of files) {
      const id = `${dir}/${file}`;
      await t.test(file, { skip: skips[id] }, () => {
        const result = validate(readFileSync(join(corpus, dir, file)), { filename: file, schemas });
        seen.push(...result.diagnostics);
        const problem = expect(result.diagnostics, result.valid);
        const listing = result.diagnostics
          .map((d) => `  ${d.severity} ${d.rule}/${d.code} ${d.pointer}: ${d.message}`)
          .join('\n');
        assert.equal(problem, undefined, `${id}: ${problem}\n${listing}`);
      });
    }
  });
}

test('every rule and code the corpus produces is in the catalogue (`mcpdesc rules`)', () => {
  assert.ok(seen.length > 100, 'the corpus tests ran first');
  for (const d of seen) {
    assert.ok(catalogue.has(d.rule), `rule ${d.rule} is missing from the catalogue`);
    assert.ok(catalogue.get(d.rule)!.has(d.code), `code ${d.rule}/${d.code} is missing from the catalogue`);
  }
});
