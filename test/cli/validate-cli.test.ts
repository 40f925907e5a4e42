import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { assertGolden } from '../helpers/golden.js';

const invalid = 'test/fixtures/validate/weather-invalid.mcpdesc.yaml';
const example = 'examples/bookshelf.mcpdesc.yaml';

test('validate: stylish report of an invalid document (golden)', async () => {
  const { code, stdout } = await runCli(['validate', invalid]);
  assert.equal(code, 1);
  assertGolden('cli/validate-stylish.txt', stdout);
});

test('validate: json report of an invalid document (golden)', async () => {
  const { code, stdout } = await runCli(['validate', '--format', 'json', invalid]);
  assert.equal(code, 1);
  const report = JSON.parse(stdout);
  assert.deepEqual(Object.keys(report.files[0]), ['file', 'valid', 'complete', 'specification', 'diagnostics']);
  assertGolden('cli/validate-json.json', stdout);
});

test('validate: the bundled example is valid, exit 0', async () => {
  const { code, stdout } = await runCli(['validate', example]);
  assert.equal(code, 0, stdout);
  assert.match(stdout, /no problems/);
});

test('validate: standard input', async () => {
  const { code } = await runCli(['validate', '-'], {
    stdin: '{"mcpdesc":"0.8.0","info":{"name":"x","version":"1"},"protocolVersions":["2025-11-25"]}',
  });
  assert.equal(code, 0);
});

test('validate: a missing file is an I/O error, exit 2, no stack trace', async () => {
  const { code, stderr } = await runCli(['validate', 'does/not/exist.yaml']);
  assert.equal(code, 2);
  assert.match(stderr, /cannot read does\/not\/exist\.yaml: no such file/);
  assert.equal((await runCli(['validate', 'does/not/exist.yaml'])).stdout, '', 'no report when nothing could be read');
  assert.doesNotMatch(stderr, /\n\s+at /);
});

test('validate: unknown format is a usage error, exit 2', async () => {
  const { code } = await runCli(['validate', '--format', 'xml', example]);
  assert.equal(code, 2);
});

test('validate: --strict fails on warnings; --max-warnings', async () => {
  const doc = '{"mcpdesc":"0.8.0","info":{"name":"x","version":"1"},"protocolVersions":["2024-11-05"]}';
  assert.equal((await runCli(['validate', '-'], { stdin: doc })).code, 0, 'a legacy-revision warning alone passes');
  assert.equal((await runCli(['validate', '--strict', '-'], { stdin: doc })).code, 1);
  assert.equal((await runCli(['validate', '--max-warnings', '0', '-'], { stdin: doc })).code, 1);
  assert.equal((await runCli(['validate', '--max-warnings', '5', '-'], { stdin: doc })).code, 0);
  assert.equal((await runCli(['validate', '--max-warnings', 'many', '-'], { stdin: doc })).code, 2);
});

test('rules: lists every rule; one rule in full; unknown id is a usage error', async () => {
  const list = await runCli(['rules']);
  assert.equal(list.code, 0);
  assert.match(list.stdout, /mcpdesc\.protocol-scope\.consistency/);
  const one = await runCli(['rules', 'mcpdesc.version']);
  assert.match(one.stdout, /codes:\n {2}unrecognized \(error\)/);
  assert.match(one.stdout, /fails:/);
  assert.equal((await runCli(['rules', 'no.such.rule'])).code, 2);
});

test('validate: input limits are flags; exceeding one is a source.limit error', async () => {
  const deep =
    '{"mcpdesc":"0.8.0","info":{"name":"x","version":"1","x-deep":' +
    '['.repeat(40) +
    ']'.repeat(40) +
    '},"protocolVersions":["2025-11-25"]}';
  assert.equal((await runCli(['validate', '-'], { stdin: deep })).code, 0);
  const limited = await runCli(['validate', '--format', 'json', '--max-depth', '20', '-'], { stdin: deep });
  assert.equal(limited.code, 1);
  const diagnostics = JSON.parse(limited.stdout).files[0].diagnostics;
  assert.ok(
    diagnostics.some((d: { rule: string; code: string }) => d.rule === 'source.limit' && d.code === 'max-depth'),
    limited.stdout,
  );
  assert.equal((await runCli(['validate', '--max-depth', 'deep', '-'], { stdin: deep })).code, 2);
});
