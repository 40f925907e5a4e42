/**
 * `mcpdesc lint --fix` and `--fix-dry-run` on the fixtures of test/fixtures/fix/ (one finding of
 * each fixable code, comments and odd spacing on the lines around them): the fixed files and the
 * diff are golden files (test/golden/lint/fix/), the exit code follows what remains.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { unifiedDiff } from 'mcpdesc-core/internal/report/unified-diff.js';
import { assertGolden } from '../helpers/golden.js';
import { runCli } from '../helpers/cli.js';
import { repoRoot } from '../helpers/paths.js';

const fixtures = join(repoRoot, 'test/fixtures/fix');
const yaml = readFileSync(join(fixtures, 'server.mcpdesc.yaml'), 'utf8');
const json = readFileSync(join(fixtures, 'server.mcpdesc.json'), 'utf8');
const files = { 'server.mcpdesc.yaml': yaml, 'server.mcpdesc.json': json };

test('lint --fix writes the fixed files (golden), lists what it fixed and reports what remains', async () => {
  const run = await runCli(['lint', '--fix', 'server.mcpdesc.yaml', 'server.mcpdesc.json'], { files, filesOnly: true });
  assertGolden('lint/fix/server.fixed.mcpdesc.yaml', run.written['server.mcpdesc.yaml']!);
  assertGolden('lint/fix/server.fixed.mcpdesc.json', run.written['server.mcpdesc.json']!);
  assertGolden('lint/fix/fix-stderr.txt', run.stderr);
  // Every line the fixes did not touch is the input's, comments included.
  for (const [name, input] of Object.entries(files)) {
    const output = run.written[name]!;
    const kept = input.split('\n').filter((line) => output.split('\n').includes(line));
    assert.ok(kept.length >= input.split('\n').length - 6, name);
  }
  assert.match(run.written['server.mcpdesc.yaml']!, /# the revision we serve/);
  assert.match(run.stderr, /server\.mcpdesc\.yaml: fixed 6 findings/);
  // What remains: warnings and infos only, so the exit code is 0 where the input had errors.
  assert.equal(run.code, 0);
  assert.doesNotMatch(run.stdout, /duplicate|schema-alias|uppercase-organization|structured-without-text/);
  assert.equal((await runCli(['lint', 'server.mcpdesc.yaml'], { files, filesOnly: true })).code, 1);
});

test('a second lint --fix finds nothing more to fix and writes nothing', async () => {
  const first = await runCli(['lint', '--fix', 'server.mcpdesc.yaml'], { files, filesOnly: true });
  const fixed = { 'server.mcpdesc.yaml': first.written['server.mcpdesc.yaml']! };
  const second = await runCli(['lint', '--fix', 'server.mcpdesc.yaml'], { files: fixed, filesOnly: true });
  assert.deepEqual(second.written, {});
  assert.equal(second.stderr, '');
});

test('lint --fix-dry-run prints the unified diff (golden) and writes nothing', async () => {
  const run = await runCli(
    ['lint', '--fix-dry-run', '-o', 'report.txt', 'server.mcpdesc.yaml', 'server.mcpdesc.json'],
    {
      files,
      filesOnly: true,
    },
  );
  assert.deepEqual(Object.keys(run.written), ['report.txt']);
  assertGolden('lint/fix/dry-run.diff', run.stdout);
  assert.match(run.stderr, /would fix 6 findings/);
  assert.equal(run.code, 0);
});

test('--fix refuses standard input; --fix-dry-run shows its diff', async () => {
  const refused = await runCli(['lint', '--fix', '-'], { stdin: yaml });
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /--fix cannot write standard input back; use --fix-dry-run/);
  assert.deepEqual(refused.written, {});
  const shown = await runCli(['lint', '--fix-dry-run', '--format', 'json', '-o', 'r.json', '-'], { stdin: yaml });
  assert.match(shown.stdout, /^--- a\/standard input\n\+\+\+ b\/standard input\n@@ /);
  const both = await runCli(['lint', '--fix', '--fix-dry-run', 'server.mcpdesc.yaml'], { files, filesOnly: true });
  assert.equal(both.code, 2);
  assert.match(both.stderr, /--fix and --fix-dry-run exclude each other/);
});

test("the JSON report carries each finding's fix", async () => {
  const run = await runCli(['lint', '--format', 'json', 'server.mcpdesc.json'], { files, filesOnly: true });
  const report = JSON.parse(run.stdout) as {
    files: { diagnostics: { rule: string; code: string; fix?: { kind: string; pointer: string } }[] }[];
  };
  const fixes = report.files[0]!.diagnostics.filter((d) => d.fix).map((d) => `${d.rule}/${d.code} ${d.fix!.kind}`);
  assert.deepEqual(fixes.sort(), [
    'lint.extension.naming/uppercase-organization rename-key',
    'lint.tool.output-schema/structured-without-text append',
    'mcp.tool.schema.native-shape/property-not-object set',
    'mcpdesc.protocol-versions/duplicate remove',
    'mcpdesc.tags.references/duplicate-reference remove',
    'mcpdesc.version/schema-alias set',
  ]);
});

test('unified diff: hunks with three lines of context, a missing final line break marked', () => {
  const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join('\n') + '\n';
  const after = before.replace('b\n', 'B\n').replace('j\n', 'j');
  assert.equal(
    unifiedDiff(before, after, 'a/x', 'b/x'),
    [
      '--- a/x',
      '+++ b/x',
      '@@ -1,5 +1,5 @@',
      ' a',
      '-b',
      '+B',
      ' c',
      ' d',
      ' e',
      '@@ -7,4 +7,4 @@',
      ' g',
      ' h',
      ' i',
      '-j',
      '+j',
      '\\ No newline at end of file',
      '',
    ].join('\n'),
  );
  assert.equal(unifiedDiff(before, before, 'a', 'b'), '');
  assert.equal(unifiedDiff('', 'x\n', 'a', 'b'), '--- a\n+++ b\n@@ -0,0 +1 @@\n+x\n');
});

test('git apply reads the --fix-dry-run diff and makes exactly the files --fix writes', async (t) => {
  const probe = spawnSync('git', ['--version']);
  if (probe.status !== 0) return t.skip('git is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-fix-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const dry = await runCli(['lint', '--fix-dry-run', '-o', 'r.txt', ...Object.keys(files)], {
      files,
      filesOnly: true,
    });
    const fixed = await runCli(['lint', '--fix', ...Object.keys(files)], { files, filesOnly: true });
    const applied = spawnSync('git', ['apply', '--unsafe-paths', '-'], { cwd: dir, input: dry.stdout });
    assert.equal(applied.status, 0, applied.stderr.toString());
    for (const name of Object.keys(files)) assert.equal(readFileSync(join(dir, name), 'utf8'), fixed.written[name]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
