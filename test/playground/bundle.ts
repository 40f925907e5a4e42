import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';

/**
 * Runs the build's bundle step (the tests may follow a bare `tsc -b`): the playground command
 * reads the bundled page script it writes. The step writes atomically, so test files running it
 * at the same time are safe.
 */
export function bundlePlayground(): void {
  const run = spawnSync(process.execPath, [join(repoRoot, 'packages/cli/scripts/bundle-playground.mjs')], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`bundle-playground.mjs failed: ${run.stderr}`);
}
