/**
 * The CommonJS story `engines` tells: both packages are ESM only, and a CommonJS caller
 * `require()`s them by name on Node.js 20.19+ and 22.12+, where require(esm) needs no flag. Run
 * on this Node and on the pinned Node 22 binary of devDependencies.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { suiteNode } from '../external/conformance-suite.js';
import { repoRoot } from '../helpers/paths.js';

const consumer = `'use strict';
const core = require('mcpdesc-core');
const toolkit = require('mcpdesc-toolkit');
const result = core.validate('mcpdesc: 0.8.0\\n', { format: 'yaml' });
console.log(JSON.stringify({
  valid: result.valid,
  rules: [...new Set(result.diagnostics.map((d) => d.rule))].length > 0,
  startMock: typeof toolkit.startMock,
  sameValidate: toolkit.validate === core.validate,
}));
`;

function requireWith(node: string): unknown {
  // Inside the repository, so `require` resolves the workspace packages through node_modules.
  const directory = mkdtempSync(join(repoRoot, 'dist', 'commonjs-'));
  const file = join(directory, 'consumer.cjs');
  writeFileSync(file, consumer);
  const run = spawnSync(node, [file], { encoding: 'utf8' });
  rmSync(directory, { recursive: true, force: true });
  assert.equal(run.status, 0, run.stderr);
  assert.doesNotMatch(run.stderr, /ExperimentalWarning|ERR_REQUIRE/);
  return JSON.parse(run.stdout);
}

const expected = { valid: false, rules: true, startMock: 'function', sameValidate: true };

test(`require() of both packages works on this Node (${process.version})`, () => {
  assert.deepEqual(requireWith(process.execPath), expected);
});

test('require() of both packages works on Node 22', (t) => {
  if (!existsSync(suiteNode)) return t.skip('the Node 22 binary of devDependencies runs on linux x64 only');
  assert.deepEqual(requireWith(suiteNode), expected);
});

test('engines names exactly the versions where require(esm) is unflagged', () => {
  for (const workspace of ['.', 'packages/core', 'packages/cli']) {
    const { engines } = JSON.parse(readFileSync(join(repoRoot, workspace, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    assert.equal(engines.node, '^20.19.0 || >=22.12.0', workspace);
  }
});
