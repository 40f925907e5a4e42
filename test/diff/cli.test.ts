import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readFile } from 'node:fs/promises';
import { runCli } from '../helpers/cli.js';
import { assertGolden } from '../helpers/golden.js';

const OLD = 'test/fixtures/diff/old.mcpdesc.json';
const NEW = 'test/fixtures/diff/new.mcpdesc.json';

test('diff: text report (golden)', async () => {
  const { code, stdout, stderr } = await runCli(['diff', OLD, NEW, '--detect-renames', '--suggest-version']);
  assert.equal(code, 0, stderr);
  assertGolden('diff/chess-coach.txt', stdout);
});

test('diff: markdown changelog section, breaking changes first (golden)', async () => {
  const { code, stdout } = await runCli([
    'diff',
    OLD,
    NEW,
    '--detect-renames',
    '--suggest-version',
    '--format',
    'markdown',
  ]);
  assert.equal(code, 0);
  assert.ok(stdout.indexOf('### Breaking changes') < stdout.indexOf('### Non-breaking changes'));
  assertGolden('diff/chess-coach.md', stdout);
});

test('diff: json report (golden)', async () => {
  const { code, stdout } = await runCli([
    'diff',
    OLD,
    NEW,
    '--detect-renames',
    '--suggest-version',
    '--format',
    'json',
  ]);
  assert.equal(code, 0);
  const report = JSON.parse(stdout);
  assert.deepEqual(Object.keys(report), ['old', 'new', 'revisions', 'info', 'summary', 'version', 'changes']);
  assert.equal(report.version.suggested, '2.0.0');
  assertGolden('diff/chess-coach.json', stdout);
});

test('diff: --fail-on sets the exit code', async () => {
  assert.equal((await runCli(['diff', OLD, NEW, '--fail-on', 'breaking'])).code, 1);
  assert.equal((await runCli(['diff', OLD, NEW, '--fail-on', 'any'])).code, 1);
  assert.equal((await runCli(['diff', OLD, NEW, '--fail-on', 'none'])).code, 0);
  assert.equal((await runCli(['diff', OLD, NEW])).code, 0);
  const same = await runCli(['diff', OLD, OLD, '--fail-on', 'any']);
  assert.equal(same.code, 0);
  assert.match(same.stdout, /No changes\./);
  assert.equal((await runCli(['diff', OLD, NEW, '--fail-on', 'sometimes'])).code, 2);
});

test('diff: standard input for one side', async () => {
  const text = await readFile(NEW, 'utf8');
  const { code, stdout } = await runCli(['diff', OLD, '-', '--format', 'json'], { stdin: text });
  assert.equal(code, 0);
  assert.equal(JSON.parse(stdout).new, '-');
  assert.equal((await runCli(['diff', '-', '-'])).code, 2);
});

test('diff: an invalid document prints its validation report on stderr, exit 1', async () => {
  const { code, stdout, stderr } = await runCli(['diff', OLD, '-'], {
    stdin: '{"mcpdesc":"0.8.0","protocolVersions":["2025-11-25"]}',
  });
  assert.equal(code, 1);
  assert.equal(stdout, '');
  assert.match(stderr, /missing required property "info"/);
  assert.match(stderr, /diff needs two valid descriptions; - is not valid/);
});

test('diff: a missing file is an I/O error, exit 2', async () => {
  const { code, stderr } = await runCli(['diff', OLD, 'test/fixtures/diff/none.json']);
  assert.equal(code, 2);
  assert.match(stderr, /cannot read test\/fixtures\/diff\/none.json: no such file/);
});

test('diff: --config overrides classes and strictOutputEnums; bad configuration is a usage error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-diff-'));
  const config = join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      // The members validate and lint read are there too: one configuration serves every command.
      rules: { 'lint.tool.name.length': 'off' },
      diff: { rules: { 'diff.resource.removed': 'informational' }, strictOutputEnums: false },
    }),
  );
  const { code, stdout } = await runCli(['diff', OLD, NEW, '--format', 'json', '--config', config]);
  assert.equal(code, 0);
  const changes = JSON.parse(stdout).changes as { id: string; class: string }[];
  assert.equal(changes.find((c) => c.id === 'diff.resource.removed')!.class, 'informational');
  assert.equal(changes.find((c) => c.id === 'diff.output.enum.value-added')!.class, 'non-breaking');
  const short = await runCli(['diff', OLD, NEW, '--format', 'json', '-c', config]);
  assert.equal(short.stdout, stdout, '-c is --config, as in lint');
  writeFileSync(config, JSON.stringify({ diff: { rules: { 'diff.tool.gone': 'breaking' } } }));
  const bad = await runCli(['diff', OLD, NEW, '--config', config]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /unknown change id "diff.tool.gone"/);
});

test("diff: without --config, the nearest configuration from the new document's folder gives the diff section", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-diff-'));
  const section = (to: string) => JSON.stringify({ diff: { rules: { 'diff.resource.removed': to } } });
  // Each folder a project of its own (.git ends the walk): the old document's configuration is not read.
  for (const folder of ['old', 'new']) mkdirSync(join(dir, folder, '.git'), { recursive: true });
  writeFileSync(join(dir, 'old', 'old.mcpdesc.json'), await readFile(OLD));
  writeFileSync(join(dir, 'new', 'new.mcpdesc.json'), await readFile(NEW));
  writeFileSync(join(dir, 'old', 'mcpdesc.config.json'), section('informational'));
  const paths = [join(dir, 'old', 'old.mcpdesc.json'), join(dir, 'new', 'new.mcpdesc.json')];
  const classOf = async (...extra: string[]) => {
    const run = await runCli(['diff', ...paths, '--format', 'json', ...extra]);
    assert.equal(run.code, 0, run.stderr);
    return (JSON.parse(run.stdout).changes as { id: string; class: string }[]).find(
      (c) => c.id === 'diff.resource.removed',
    )!.class;
  };
  assert.equal(await classOf(), 'breaking', 'the default class');
  writeFileSync(join(dir, 'new', 'mcpdesc.config.json'), section('non-breaking'));
  assert.equal(await classOf(), 'non-breaking');
  // --config wins over the nearest one.
  const named = join(dir, 'named.json');
  writeFileSync(named, section('informational'));
  assert.equal(await classOf('-c', named), 'informational');
  // The nearest configuration is read whole, as lint reads it: an unknown member is a usage error.
  writeFileSync(join(dir, 'new', 'mcpdesc.config.json'), JSON.stringify({ dif: {} }));
  const bad = await runCli(['diff', ...paths]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /unknown member "dif"/);
});

test('rules: the diff change kinds are in the catalogue', async () => {
  const { code, stdout } = await runCli(['rules', 'diff.input.property.required-added']);
  assert.equal(code, 0);
  assert.match(stdout, /kind: diff/);
  assert.match(stdout, /default class: breaking/);
  const list = await runCli(['rules', '--format', 'json']);
  const ids = (JSON.parse(list.stdout) as { id: string; kind: string }[])
    .filter((e) => e.kind === 'diff')
    .map((e) => e.id);
  assert.ok(ids.includes('diff.tool.renamed') && ids.includes('diff.output.property.removed'));
});
