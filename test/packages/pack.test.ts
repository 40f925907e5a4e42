/**
 * What `npm pack` of each workspace package would publish, read from npm itself: the license and
 * readme are in, no test or bench file is, every source map ships with its sources, every
 * dependency is used and every import is declared, and the core's install pulls no MCP SDK.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { test } from 'node:test';
import { packageImports, packageName } from '../helpers/imports.js';
import { repoRoot } from '../helpers/paths.js';
import { bundlePlayground } from '../playground/bundle.js';
import { installClosure } from './install-closure.js';

interface PackedFile {
  path: string;
}

interface Manifest {
  name: string;
  license?: string;
  sideEffects?: boolean;
  repository?: { url?: string; directory?: string };
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  exports?: Record<string, unknown>;
}

const packages = ['packages/core', 'packages/cli'] as const;

function packedFiles(workspace: string): string[] {
  const run = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '-w', workspace], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  const [result] = JSON.parse(run.stdout) as { files: PackedFile[] }[];
  return result!.files.map((file) => file.path).sort();
}

const manifestOf = (workspace: string): Manifest =>
  JSON.parse(readFileSync(join(repoRoot, workspace, 'package.json'), 'utf8')) as Manifest;

for (const workspace of packages) {
  test(`npm pack of ${workspace}: license, readme, no tests, maps with their sources`, () => {
    const files = packedFiles(workspace);
    const manifest = manifestOf(workspace);
    for (const required of ['LICENSE', 'README.md', 'package.json', 'dist/index.js', 'dist/index.d.ts'])
      assert.ok(files.includes(required), `${required} is packed`);
    if (workspace === 'packages/cli') {
      bundlePlayground(); // the build's bundle step (the tests may follow a bare tsc -b)
      assert.ok(packedFiles(workspace).includes('dist/playground/app.js'), 'the playground page script is packed');
      // The binary is the build's bundle: packed with its worker entry, its chunk map is not.
      const bin = (manifest as { bin?: Record<string, string> }).bin?.mcpdesc ?? '';
      assert.equal(bin, 'dist/bin/mcpdesc.js');
      for (const entry of [bin, 'dist/bin/lsp-worker.js']) assert.ok(files.includes(entry), `${entry} is packed`);
      assert.ok(readFileSync(join(repoRoot, workspace, bin), 'utf8').startsWith('#!/usr/bin/env node\n'));
      assert.ok(!files.includes('dist/bin/meta.json'), 'the bundle meta.json is not packed');
    }
    assert.deepEqual(
      files.filter((path) => /(^|\/)(test|bench|fixtures)\/|\.tsbuildinfo$|\.test\./.test(path)),
      [],
      'no test, bench or build-state file',
    );
    const maps = files.filter((path) => path.endsWith('.map'));
    assert.ok(maps.length > 10, 'source maps are packed');
    const missing = maps.flatMap((map) => {
      const { sources } = JSON.parse(readFileSync(join(repoRoot, workspace, map), 'utf8')) as { sources: string[] };
      return sources
        .map((source) => posix.normalize(posix.join(posix.dirname(map), source)))
        .filter((source) => !files.includes(source))
        .map((source) => `${map} -> ${source}`);
    });
    assert.deepEqual(missing, [], 'every map source is in the package');
    assert.equal(manifest.license, 'MIT');
    assert.equal(manifest.sideEffects, false);
    assert.equal(manifest.repository?.directory, workspace);
    assert.match(manifest.engines?.node ?? '', /20\.19/);
  });

  test(`${workspace} declares exactly the packages its built code imports`, () => {
    const files = packedFiles(workspace).filter((path) => path.startsWith('dist/') && path.endsWith('.js'));
    const imported = new Set(
      files.flatMap((path) => packageImports(readFileSync(join(repoRoot, workspace, path), 'utf8')).map(packageName)),
    );
    const declared = new Set(Object.keys(manifestOf(workspace).dependencies ?? {}));
    assert.deepEqual([...imported].filter((name) => !declared.has(name)).sort(), [], 'undeclared imports');
    assert.deepEqual([...declared].filter((name) => !imported.has(name)).sort(), [], 'unused dependencies');
  });
}

test("the core's install pulls no MCP SDK, zod or hono; the CLI's does", () => {
  const core = installClosure('mcpdesc-core');
  const cli = installClosure('mcpdesc-toolkit');
  const heavy = /^(@modelcontextprotocol\/|zod$|hono$|@hono\/)/;
  assert.deepEqual(
    core.packages.filter((name) => heavy.test(name)),
    [],
  );
  assert.ok(
    cli.packages.some((name) => name === '@modelcontextprotocol/server'),
    'the CLI closure is real',
  );
  assert.ok(core.packages.includes('ajv') && core.packages.includes('js-yaml'), 'the core closure is real');
  assert.ok(core.packages.length < cli.packages.length);
});

test('the license is one text, the same in the repository and in each package', () => {
  const text = readFileSync(join(repoRoot, 'LICENSE'), 'utf8');
  for (const workspace of packages) {
    const path = join(repoRoot, workspace, 'LICENSE');
    assert.ok(existsSync(path), path);
    assert.equal(readFileSync(path, 'utf8'), text, `${dirname(path)} has the same LICENSE`);
  }
});
