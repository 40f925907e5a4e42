import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { binPath, repoRoot } from '../helpers/paths.js';

/**
 * Start-up stays light: a command loads only what it uses (the MCP SDK never loads for validate
 * or convert). The binary is a bundle (packages/cli/scripts/bundle-cli.mjs), so a loaded chunk
 * stands for the source modules esbuild put into it (its dist/bin/meta.json): the checks below
 * see the same module URLs as for the unbundled build, which is checked too.
 */
function importsOf(args: string[], bin = binPath): string[] {
  const log = join(mkdtempSync(join(tmpdir(), 'mcpdesc-imports-')), 'imports.txt');
  const run = spawnSync(process.execPath, ['--import', './test/fixtures/cli/record-imports.mjs', bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, MCPDESC_IMPORT_LOG: log },
  });
  assert.equal(run.status, 0, run.stderr);
  const urls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  return bin === binPath ? urls.flatMap(chunkInputs) : urls;
}

const bundleDir = dirname(binPath);
const chunks = JSON.parse(readFileSync(join(bundleDir, 'meta.json'), 'utf8')) as Record<string, string[]>;
const cliPackage = join(repoRoot, 'packages', 'cli');

/** A chunk's URL as the URLs of the modules in it; any other URL as itself. */
function chunkInputs(url: string): string[] {
  if (!url.startsWith('file:')) return [url];
  const path = fileURLToPath(url);
  if (dirname(path) !== bundleDir) return [url];
  const inputs = chunks[path.slice(bundleDir.length + 1)];
  assert.ok(inputs, `${path} is in the bundle's meta.json`);
  return inputs.map((input) => pathToFileURL(join(cliPackage, input)).href);
}

test('every chunk of the bundle is described in its meta.json, and the entry holds bin.js', () => {
  assert.ok(chunks['mcpdesc.js']?.includes('dist/cli/bin.js'));
  assert.ok(chunks['lsp-worker.js']?.includes('dist/cli/commands/lsp-worker.js'));
});

const heavy = [
  /@modelcontextprotocol/,
  /\/cli\/dist\/live\//,
  /playwright/,
  /\/core\/dist\/render\//,
  /\/core\/dist\/diff\//,
  /\/core\/dist\/operations\//,
  /\/core\/dist\/lint\//,
];

const unbundled = join(cliPackage, 'dist', 'cli', 'bin.js');
const builds = [
  ['bundle', binPath],
  ['unbundled', unbundled],
] as const;

for (const [build, bin] of builds)
  for (const args of [
    ['validate', 'examples/bookshelf.mcpdesc.yaml'],
    ['convert', 'examples/bookshelf.mcpdesc.yaml', '--to', 'json'],
  ]) {
    test(`mcpdesc ${args[0]} (${build}) loads neither the MCP SDK nor other commands' modules`, () => {
      const imports = importsOf(args, bin);
      assert.ok(
        imports.some((u) => u.includes('/cli/dist/cli/bin.js')),
        'the hook recorded the run',
      );
      assert.ok(
        imports.some((u) => u.includes('/core/dist/source/')),
        'the hook sees the modules a command does load',
      );
      for (const pattern of heavy) {
        const found = imports.filter((u) => pattern.test(u));
        assert.deepEqual(found, [], `${args[0]} loaded ${pattern}`);
      }
    });
  }

for (const [build, bin] of builds)
  for (const command of ['validate', 'lint']) {
    test(`mcpdesc ${command} (${build}) of a named file loads no other command's definition and no glob library`, () => {
      const imports = importsOf([command, 'examples/bookshelf.mcpdesc.yaml'], bin);
      const commandModules = new Set(imports.flatMap((u) => /\/cli\/dist\/cli\/commands\/([a-z]+)/.exec(u)?.[1] ?? []));
      assert.deepEqual([...commandModules], [command]);
      assert.deepEqual(
        imports.filter((u) => /tinyglobby|picomatch|fdir/.test(u)),
        [],
      );
    });
  }

test('mcpdesc validate of a directory still loads the glob library it needs', () => {
  const imports = importsOf(['validate', 'examples']);
  assert.ok(imports.some((u) => u.includes('tinyglobby')));
});
