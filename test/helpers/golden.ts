import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Golden files live in the source tree under test/golden/, whether the tests run from test/ or
 * from dist/test/, so the root is found by walking up to tsconfig.json (which tsc never emits).
 */
function repositoryRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'tsconfig.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no tsconfig.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

const goldenRoot = join(repositoryRoot(), 'test', 'golden');

/** Set by `npm run golden:update` (scripts/update-golden.mjs): golden assertions write instead of compare. */
export const updatingGolden = process.env['UPDATE_GOLDEN'] === '1';

/** Compares `actual` byte for byte with test/golden/<name>, or rewrites that file when updating. */
export function assertGolden(name: string, actual: string): void {
  const path = join(goldenRoot, name);
  if (updatingGolden) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
    return;
  }
  if (!existsSync(path)) assert.fail(`test/golden/${name} is missing; run \`npm run golden:update\``);
  assert.equal(
    actual,
    readFileSync(path, 'utf8'),
    `output differs from test/golden/${name}; run \`npm run golden:update\` if the change is intended`,
  );
}
