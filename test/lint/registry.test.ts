import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { lintRules } from 'mcpdesc-core/internal/lint/rules/index.js';
import { documentedLintRules } from 'mcpdesc-core/internal/lint/rule-documentation.js';
import type { Rule } from 'mcpdesc-core/internal/validate/rule.js';
import { validationRules } from 'mcpdesc-core/internal/validate/catalogue.js';
import { catalogueEntries } from 'mcpdesc-toolkit/internal/cli/rule-catalogue.js';

const distRules = resolve(process.cwd(), 'packages', 'core', 'dist', 'lint', 'rules');
const distTests = resolve(process.cwd(), 'dist', 'test', 'lint', 'rules');

test('every lint rule file is registered, named by its rule id, tested, and of kind lint', async () => {
  const registered = new Set(lintRules);
  const files = readdirSync(distRules).filter((file) => file.endsWith('.js') && file !== 'index.js');
  for (const file of files) {
    const module = (await import(pathToFileURL(join(distRules, file)).href)) as { rule?: Rule };
    const rule = module.rule;
    assert.ok(rule, `${file} exports no rule`);
    assert.ok(registered.has(rule), `${rule.id} (${file}) is not in lintRules`);
    assert.equal(file, `${rule.id}.js`, 'the file is named by the rule id');
    assert.equal(rule.kind, 'lint');
    assert.ok(
      existsSync(join(distTests, `${rule.id}.test.js`)),
      `${file} has no test file test/lint/rules/${rule.id}.test.ts`,
    );
  }
  assert.equal(files.length, lintRules.length, 'every registered rule has its own file');
});

test('lint rule ids are unique, lint.*, and distinct from validation rule ids', () => {
  const ids = lintRules.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) assert.match(id, /^lint\.[a-z0-9-]+(\.[a-z0-9-]+)*$/);
  const validation = new Set(validationRules.map((r) => r.id));
  for (const id of ids) assert.ok(!validation.has(id));
});

test('mcpdesc rules lists lint rules beside validation rules', () => {
  const entries = catalogueEntries();
  for (const rule of lintRules) assert.equal(entries.find((e) => e.id === rule.id)?.kind, 'lint');
  assert.ok(entries.some((e) => e.kind === 'conformance'));
});

test('documented lint examples behave as documented', async (t) => {
  for (const rule of documentedLintRules) {
    await t.test(rule.id, () => {
      assert.ok(rule.docs.summary.length > 10, 'a summary');
      assert.match(rule.spec, /^(guide \d+|\d+(\.\d+)*|lint)$/, 'cites a guide step or a spec section');
      const bad = lint(rule.docs.bad);
      assert.deepEqual(
        bad.diagnostics.filter((d) => !d.rule.startsWith('lint.') && d.severity === 'error').map((d) => d.message),
        [],
        'docs.bad is a valid document',
      );
      assert.ok(
        bad.diagnostics.some((d) => d.rule === rule.id),
        `docs.bad does not make ${rule.id} fire`,
      );
      const good = lint(rule.docs.good);
      assert.deepEqual(
        good.diagnostics.filter((d) => !d.rule.startsWith('lint.') && d.severity === 'error').map((d) => d.message),
        [],
        'docs.good is a valid document',
      );
      assert.deepEqual(
        good.diagnostics.filter((d) => d.rule === rule.id).map((d) => d.message),
        [],
        `docs.good makes ${rule.id} fire`,
      );
    });
  }
});
