/**
 * The published declarations serve a strict TypeScript consumer: test/packages/consumer imports
 * both packages by name (through node_modules, the `exports` maps and the built `.d.ts`) and
 * type-checks with `strict`, `exactOptionalPropertyTypes` and `noUncheckedIndexedAccess`, the
 * libraries' declarations included; a consumer that misuses the types fails to type-check.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/paths.js';

const consumer = join(repoRoot, 'test/packages/consumer');
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');

function typeCheck(project: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [tsc, '-p', join(consumer, project), '--pretty', 'false'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

test('a strict consumer of mcpdesc-core and mcpdesc-toolkit type-checks', () => {
  const { status, output } = typeCheck('tsconfig.json');
  assert.equal(output, '');
  assert.equal(status, 0);
});

test('a consumer that misuses the types does not type-check, for the misuses it makes', () => {
  const { status, output } = typeCheck('tsconfig.wrong.json');
  assert.equal(status, 2, output);
  const errors = output
    .trim()
    .split('\n')
    .map((line) => /wrong\.ts\((\d+),\d+\): error (TS\d+)/.exec(line)?.slice(1).join(' '));
  // The unnarrowed document is `unknown`; a failed merge's value is possibly undefined.
  assert.deepEqual(errors, ['6 TS18046', '8 TS2532']);
});
