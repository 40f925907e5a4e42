import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

/** Start-up stays light: a command loads only what it uses (the MCP SDK never loads for validate or convert). */
function importsOf(args: string[]): string[] {
  const log = join(mkdtempSync(join(tmpdir(), 'mcpdesc-imports-')), 'imports.txt');
  const run = spawnSync(
    process.execPath,
    ['--import', './test/fixtures/cli/record-imports.mjs', 'packages/cli/dist/cli/bin.js', ...args],
    {
      encoding: 'utf8',
      env: { ...process.env, MCPDESC_IMPORT_LOG: log },
    },
  );
  assert.equal(run.status, 0, run.stderr);
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

const heavy = [
  /@modelcontextprotocol/,
  /\/cli\/dist\/live\//,
  /playwright/,
  /\/core\/dist\/render\//,
  /\/core\/dist\/diff\//,
  /\/core\/dist\/operations\//,
  /\/core\/dist\/lint\//,
];

for (const args of [
  ['validate', 'examples/bookshelf.mcpdesc.yaml'],
  ['convert', 'examples/bookshelf.mcpdesc.yaml', '--to', 'json'],
]) {
  test(`mcpdesc ${args[0]} loads neither the MCP SDK nor other commands' modules`, () => {
    const imports = importsOf(args);
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

for (const command of ['validate', 'lint']) {
  test(`mcpdesc ${command} of a named file loads no other command's definition and no glob library`, () => {
    const imports = importsOf([command, 'examples/bookshelf.mcpdesc.yaml']);
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
