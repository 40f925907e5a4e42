import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { validationRules } from '../../src/validate/catalogue.js';
import type { Rule } from '../../src/validate/rule.js';
import { validate } from '../../src/validate/validate.js';

/** Tests over the registry (ESLint's rule-file checks): registered, tested, documented truthfully. */
const distRules = resolve(process.cwd(), 'dist', 'src', 'validate', 'rules');
const distTests = resolve(process.cwd(), 'dist', 'test', 'validate', 'rules');

function isRule(value: unknown): value is Rule {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Rule).id === 'string' &&
    typeof (value as Rule).create === 'function'
  );
}

test('every rule module is registered and has a test file', async () => {
  const files = readdirSync(distRules).filter((f) => f.endsWith('.js') && !f.startsWith('family-'));
  const registered = new Set(validationRules);
  for (const file of files) {
    const module = (await import(pathToFileURL(join(distRules, file)).href)) as Record<string, unknown>;
    const rules = Object.values(module).filter(isRule);
    for (const rule of rules)
      assert.ok(registered.has(rule), `${rule.id} (${file}) is not registered in a family file`);
    if (rules.length > 0)
      assert.ok(
        existsSync(join(distTests, file.replace(/\.js$/, '.test.js'))),
        `${file} has no test file test/validate/rules/${file.replace(/\.js$/, '.test.ts')}`,
      );
  }
});

test('rule ids are unique and namespaced', () => {
  const ids = validationRules.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length, 'duplicate rule ids');
  for (const id of ids)
    assert.match(id, /^(mcpdesc|mcp|json-schema)\.[a-z0-9-]+(\.[a-z0-9-]+)*$/, `${id} is not a namespaced rule id`);
});

test('documented examples behave as documented', async (t) => {
  for (const rule of validationRules) {
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
