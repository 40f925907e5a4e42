import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commands } from 'mcpdesc-toolkit/internal/cli/commands/index.js';
import type { CliIO } from 'mcpdesc-toolkit/internal/cli/io.js';
import { version } from 'mcpdesc-core/internal/report/version.js';
import { readFileSync } from 'node:fs';
import { runCli } from '../helpers/cli.js';

const quietIo: CliIO = {
  stdout: () => undefined,
  stderr: () => undefined,
  readFile: async () => new Uint8Array(),
  writeFile: async () => undefined,
  cwd: process.cwd(),
  env: {},
  isTTY: false,
};

test('every command has --help with examples', async () => {
  const names = commands.map((define) => define(quietIo, () => undefined).name());
  assert.ok(names.length >= 14, names.join(', '));
  for (const name of names) {
    const { code, stdout } = await runCli([name, '--help']);
    assert.equal(code, 0, name);
    assert.match(stdout, /Examples?:/i, `${name} --help has no examples`);
    assert.match(stdout, new RegExp(`mcpdesc ${name}`), `${name} --help shows no invocation`);
  }
});

test('--version matches both packages; --help lists every command', async () => {
  const pkg = JSON.parse(readFileSync('packages/cli/package.json', 'utf8')) as { version: string };
  const core = JSON.parse(readFileSync('packages/core/package.json', 'utf8')) as { version: string };
  assert.equal(version, pkg.version);
  assert.equal(core.version, pkg.version);
  assert.equal((await runCli(['--version'])).stdout.trim(), pkg.version);
  const help = await runCli(['--help']);
  for (const define of commands)
    assert.match(help.stdout, new RegExp(`\\n  ${define(quietIo, () => undefined).name()} `));
});

test('an unknown command is a usage error', async () => {
  assert.equal((await runCli(['frobnicate'])).code, 2);
});
