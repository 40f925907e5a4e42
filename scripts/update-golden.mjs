#!/usr/bin/env node
// Regenerates the golden files under test/golden/: runs the compiled tests with UPDATE_GOLDEN=1,
// which makes `assertGolden` (test/helpers/golden.ts) write the output instead of comparing it.
// Usage, after a build: `npm run golden:update` (every test under dist/test), or
// `npm run golden:update -- dist/test/cli/report-golden.test.js` for chosen files.
// Review the result with `git diff test/golden` before committing it.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const chosen = process.argv.slice(2);
const files =
  chosen.length > 0
    ? chosen
    : readdirSync('dist/test', { recursive: true })
        .map(String)
        .filter((file) => file.endsWith('.test.js'))
        .sort()
        .map((file) => join('dist/test', file));
const run = spawnSync(process.execPath, ['--test', ...files], {
  stdio: 'inherit',
  env: { ...process.env, UPDATE_GOLDEN: '1' },
});
process.exit(run.status ?? 1);
