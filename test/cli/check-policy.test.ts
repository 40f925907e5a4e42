import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cli } from 'mcpdesc-toolkit/internal/cli/program.js';
import type { CliIO } from 'mcpdesc-toolkit/internal/cli/io.js';
import { colorWanted } from 'mcpdesc-toolkit/internal/cli/check-policy.js';
import { runCli } from '../helpers/cli.js';

/** Lint finds only infos here; validate finds one warning (a legacy revision) in `legacy`. */
const infosOnly = '{"mcpdesc":"0.8.0","info":{"name":"x","version":"1"},"protocolVersions":["2025-11-25"]}';
const legacy = '{"mcpdesc":"0.8.0","info":{"name":"x","version":"1"},"protocolVersions":["2024-11-05"]}';
const invalid = '{"mcpdesc":"0.8.0","info":{"name":"x"},"protocolVersions":["2025-11-25"]}';

test('--fail-severity: the lowest severity that makes the exit code 1', async () => {
  const code = async (args: string[], stdin: string) => (await runCli([...args, '-'], { stdin })).code;
  assert.equal(await code(['lint'], infosOnly), 0);
  assert.equal(await code(['lint', '--fail-severity', 'warning'], infosOnly), 0);
  assert.equal(await code(['lint', '--fail-severity', 'info'], infosOnly), 1);
  assert.equal(await code(['validate', '--fail-severity', 'error'], legacy), 0);
  assert.equal(await code(['validate', '--fail-severity', 'warning'], legacy), 1);
  assert.equal(await code(['validate', '--fail-severity', 'error'], invalid), 1);
  assert.equal(await code(['validate', '--fail-severity', 'fatal'], legacy), 2);
});

test('--fail-on is an alias of --fail-severity (the threshold name diff uses); disagreeing values are a usage error', async () => {
  const run = (args: string[], stdin: string) => runCli([...args, '-'], { stdin });
  assert.equal((await run(['validate', '--fail-on', 'warning'], legacy)).code, 1);
  assert.equal((await run(['validate', '--fail-on', 'error'], legacy)).code, 0);
  assert.equal((await run(['lint', '--fail-on', 'info'], infosOnly)).code, 1);
  assert.equal((await run(['lint', '--fail-on', 'info', '--fail-severity', 'info'], infosOnly)).code, 1);
  const clash = await run(['lint', '--fail-on', 'info', '--fail-severity', 'error'], infosOnly);
  assert.equal(clash.code, 2);
  assert.match(clash.stderr, /--fail-on is an alias of --fail-severity; they disagree \(info and error\)/);
  const strict = await run(['validate', '--fail-on', 'warning', '--format', 'sarif'], legacy);
  assert.match(strict.stdout, /"name": "mcpdesc validate \(strict profile\)"/);
});

test('--strict is --fail-severity warning: same exit code, same report name; combining it otherwise is a usage error', async () => {
  const strict = await runCli(['validate', '--strict', '--format', 'sarif', '-'], { stdin: legacy });
  const warning = await runCli(['validate', '--fail-severity', 'warning', '--format', 'sarif', '-'], { stdin: legacy });
  assert.equal(strict.code, 1);
  assert.equal(warning.code, 1);
  assert.equal(warning.stdout, strict.stdout);
  assert.match(strict.stdout, /"name": "mcpdesc validate \(strict profile\)"/);
  assert.equal((await runCli(['validate', '--strict', '--fail-severity', 'warning', '-'], { stdin: legacy })).code, 1);
  const both = await runCli(['validate', '--strict', '--fail-severity', 'info', '-'], { stdin: legacy });
  assert.equal(both.code, 2);
  assert.match(both.stderr, /--strict is --fail-severity warning/);
  const info = await runCli(['lint', '--fail-severity', 'info', '--format', 'json', '-'], { stdin: infosOnly });
  assert.equal(JSON.parse(info.stdout).files[0].valid, false, 'the report agrees with the exit code');
});

test('colour: flags win, then NO_COLOR, then FORCE_COLOR, then the terminal', () => {
  assert.equal(colorWanted(undefined, {}, true), true);
  assert.equal(colorWanted(undefined, {}, false), false);
  assert.equal(colorWanted(undefined, { NO_COLOR: '1' }, true), false);
  assert.equal(colorWanted(undefined, { NO_COLOR: '' }, true), true, 'an empty NO_COLOR is unset');
  assert.equal(colorWanted(undefined, { FORCE_COLOR: '1' }, false), true);
  assert.equal(colorWanted(undefined, { FORCE_COLOR: 'true' }, false), true);
  assert.equal(colorWanted(undefined, { FORCE_COLOR: '' }, false), false, 'an empty FORCE_COLOR is unset');
  assert.equal(colorWanted(undefined, { FORCE_COLOR: '0' }, true), false);
  assert.equal(colorWanted(undefined, { FORCE_COLOR: 'false' }, true), false);
  assert.equal(colorWanted(undefined, { NO_COLOR: '1', FORCE_COLOR: '1' }, true), false, 'NO_COLOR wins');
  assert.equal(colorWanted(true, { NO_COLOR: '1' }, false), true, '--color wins');
  assert.equal(colorWanted(false, { FORCE_COLOR: '1' }, true), false, '--no-color wins');
});

test('colour: the stylish report honours FORCE_COLOR when piped, NO_COLOR over it, and --color', async () => {
  const run = async (args: string[], env: Record<string, string>): Promise<string> => {
    let stdout = '';
    const io: CliIO = {
      stdout: (text) => void (stdout += text),
      stderr: () => {},
      // Standard input only: no mcpdesc.config.json is found (validate reads one too).
      readFile: async (path) =>
        path === '-'
          ? new TextEncoder().encode(invalid)
          : Promise.reject(Object.assign(new Error(path), { code: 'ENOENT' })),
      writeFile: async () => {},
      cwd: process.cwd(),
      env,
      isTTY: false,
    };
    await cli(['validate', ...args, '-'], io);
    return stdout;
  };
  const ansi = /\u001b\[/;
  assert.doesNotMatch(await run([], {}), ansi);
  assert.match(await run([], { FORCE_COLOR: '1' }), ansi);
  assert.doesNotMatch(await run([], { FORCE_COLOR: '1', NO_COLOR: '1' }), ansi);
  assert.match(await run(['--color'], { NO_COLOR: '1' }), ansi);
  assert.doesNotMatch(await run(['--no-color'], { FORCE_COLOR: '1' }), ansi);
});

test('docs: --format markdown like every other command; --markdown is its deprecated alias; --format html with it is a usage error', async () => {
  const valid = '{"mcpdesc":"0.8.0","info":{"name":"x","version":"1"},"protocolVersions":["2025-11-25"]}';
  const format = await runCli(['docs', '--format', 'markdown', '-'], { stdin: valid });
  const alias = await runCli(['docs', '--markdown', '-'], { stdin: valid });
  assert.equal(format.code, 0);
  assert.equal(format.stdout, alias.stdout);
  assert.doesNotMatch(format.stdout, /<html/i);
  assert.match((await runCli(['docs', '-f', 'html', '-'], { stdin: valid })).stdout, /<html/i);
  const clash = await runCli(['docs', '--markdown', '--format', 'html', '-'], { stdin: valid });
  assert.equal(clash.code, 2);
  assert.match(clash.stderr, /--markdown is --format markdown/);
});
