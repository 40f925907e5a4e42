/**
 * The core generates no code at run time (its validators are compiled ahead of time): `mcpdesc
 * validate` and `lint` under `node --disallow-code-generation-from-strings` (the Node.js
 * counterpart of a `script-src 'self'` Content-Security-Policy) print exactly what they print
 * without it. Before the validators were generated, the flag made every run an internal error.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot, sharedRoot, binPath as bin } from '../helpers/paths.js';

const corpus = join(sharedRoot, 'conformance', 'mcpdesc-0.8.0');

function corpusFiles(dir: string): string[] {
  return readdirSync(join(corpus, dir))
    .filter((f) => /\.(json|ya?ml)$/.test(f))
    .sort()
    .map((f) => join(corpus, dir, f));
}

function run(nodeFlags: string[], args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [...nodeFlags, bin, ...args], {
    encoding: 'utf8',
    cwd: repoRoot,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const sets = [
  { name: 'the official examples', files: corpusFiles('examples'), validateStatus: 0 },
  // Invalid documents exercise the error paths of the generated structural and meta-schema validators.
  { name: 'the expected-invalid fixtures', files: corpusFiles('fixtures/expected-invalid'), validateStatus: 1 },
];

for (const { name, files, validateStatus } of sets) {
  for (const command of ['validate', 'lint']) {
    test(`mcpdesc ${command} of ${name}: the same output with code generation from strings disallowed`, () => {
      assert.ok(files.length > 0, `no files for ${name}`);
      const args = [command, '--format', 'json', ...files];
      const plain = run([], args);
      const strict = run(['--disallow-code-generation-from-strings'], args);
      if (command === 'validate') assert.equal(plain.status, validateStatus, plain.stderr);
      assert.ok(plain.status === 0 || plain.status === 1, plain.stderr);
      assert.ok(plain.stdout.length > 0, 'the command printed a report');
      assert.doesNotMatch(strict.stderr, /internal error|Code generation from strings/);
      assert.deepEqual(strict, plain);
    });
  }
}
