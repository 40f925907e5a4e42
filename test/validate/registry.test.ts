import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { validationRules } from 'mcpdesc-core/internal/validate/catalogue.js';
import { documentedValidationRules } from 'mcpdesc-core/internal/validate/rule-documentation.js';
import type { Rule } from 'mcpdesc-core/internal/validate/rule.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';

/** Tests over the registry (ESLint's rule-file checks): registered, tested, documented truthfully. */
const distRules = resolve(process.cwd(), 'packages', 'core', 'dist', 'validate', 'rules');
const distTests = resolve(process.cwd(), 'dist', 'test', 'validate', 'rules');

test('every rule file exports one conformance rule named by its file, registered and tested, and its docs', async () => {
  const files = readdirSync(distRules).filter((f) => f.endsWith('.js'));
  const registered = new Set(validationRules);
  const filed = new Set<Rule>();
  for (const file of files) {
    const id = file.replace(/\.js$/, '');
    const module = (await import(pathToFileURL(join(distRules, file)).href)) as Record<string, unknown>;
    assert.deepEqual(Object.keys(module), ['docs', 'rule'], `${file} exports only \`rule\` and \`docs\``);
    assert.equal(
      typeof module.docs,
      'function',
      `${file}: docs is a function (left out of bundles that do not call it)`,
    );
    const rule = module.rule as Rule;
    assert.equal(rule.id, id, `src/validate/rules/${id}.ts holds rule ${rule.id}; the file name is the rule id`);
    assert.equal(rule.kind, 'conformance', `${id} is a conformance rule`);
    assert.equal(typeof rule.create, 'function', `${id} has a create function`);
    assert.ok(registered.has(rule), `${id} is not registered in src/validate/catalogue.ts`);
    assert.ok(existsSync(join(distTests, `${id}.test.js`)), `${id} has no test file test/validate/rules/${id}.test.ts`);
    filed.add(rule);
  }
  for (const rule of validationRules)
    assert.ok(filed.has(rule), `${rule.id} is registered but has no file src/validate/rules/${rule.id}.ts`);
});

test('every rule test file is named by a registered rule id', () => {
  const ids = new Set(validationRules.map((r) => r.id));
  for (const file of readdirSync(distTests).filter((f) => f.endsWith('.test.js')))
    assert.ok(ids.has(file.replace(/\.test\.js$/, '')), `test/validate/rules/${file} names no rule`);
});

test('rule ids are unique and namespaced', () => {
  const ids = validationRules.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length, 'duplicate rule ids');
  for (const id of ids)
    assert.match(id, /^(mcpdesc|mcp|json-schema)\.[a-z0-9-]+(\.[a-z0-9-]+)*$/, `${id} is not a namespaced rule id`);
});

test('documented examples behave as documented', async (t) => {
  for (const rule of documentedValidationRules) {
    await t.test(rule.id, () => {
      assert.ok(rule.docs.summary.length > 10, 'a summary');
      assert.ok(rule.docs.bad !== undefined && rule.docs.good !== undefined, 'a failing and a passing example');
      const bad = validate(rule.docs.bad).diagnostics.filter((d) => d.rule === rule.id);
      assert.ok(bad.length > 0, `docs.bad does not make ${rule.id} fire`);
      const good = validate(rule.docs.good).diagnostics.filter((d) => d.rule === rule.id);
      assert.deepEqual(
        good.map((d) => d.message),
        [],
        `docs.good makes ${rule.id} fire`,
      );
    });
  }
});
