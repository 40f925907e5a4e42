/**
 * `validate`/`lint --jobs`, `--format jsonl`, `--shard` and the per-file budgets, run as a user
 * runs them: the built binary over 200 generated files in a temporary directory (valid and
 * invalid, JSON and YAML, two folders with their own mcpdesc.config.json).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { inShard, parseShard, shardHash, shardOfKey } from 'mcpdesc-toolkit/internal/cli/shard.js';
import { generateDescription } from '../../bench/generate.js';
import { binPath } from '../helpers/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-jobs-'));
after(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs of the same command line, shared between the tests that compare with them (each run over 200 files costs seconds). */
const runs = new Map<string, Promise<Run>>();
function memoized(args: string[]): Promise<Run> {
  const key = args.join('\0');
  if (!runs.has(key)) runs.set(key, mcpdesc(args));
  return runs.get(key)!;
}

function mcpdesc(args: string[], stdin = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [binPath, ...args],
      { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(stdin);
  });
}

/** 200 files: generated descriptions of 1-6 tools (lint findings), some broken, some YAML, under three folders. */
before(() => {
  // The project root: configuration discovery stops here.
  mkdirSync(join(dir, '.git'));
  for (const folder of ['plain', 'strict', 'quiet']) mkdirSync(join(dir, 'registry', folder), { recursive: true });
  // Per-folder configurations: a lint rule raised to error, a validation rule turned off (its error still fails).
  writeFileSync(
    join(dir, 'registry', 'strict', 'mcpdesc.config.json'),
    JSON.stringify({ rules: { 'lint.tool.description': 'error' } }),
  );
  writeFileSync(
    join(dir, 'registry', 'quiet', 'mcpdesc.config.json'),
    JSON.stringify({ rules: { 'lint.info.title': 'off', 'mcpdesc.document.schema': 'off' } }),
  );
  const folders = ['plain', 'strict', 'quiet'];
  for (let i = 0; i < 200; i++) {
    const folder = folders[i % 3]!;
    const name = `entry-${String(i).padStart(3, '0')}`;
    const document = generateDescription(1 + (i % 6)) as Record<string, unknown>;
    if (i % 17 === 5) {
      writeFileSync(join(dir, 'registry', folder, `${name}.mcpdesc.json`), JSON.stringify(document).slice(0, 200));
    } else if (i % 11 === 3) {
      delete document.info;
      writeFileSync(join(dir, 'registry', folder, `${name}.mcpdesc.json`), JSON.stringify(document, null, 2));
    } else if (i % 4 === 1) {
      writeFileSync(join(dir, 'registry', folder, `${name}.mcpdesc.yaml`), `mcpdesc: 0.8.0\ninfo: [\n`);
    } else {
      writeFileSync(join(dir, 'registry', folder, `${name}.mcpdesc.json`), JSON.stringify(document, null, 1));
    }
  }
});

for (const [command, format] of [
  ['validate', 'json'],
  ['validate', 'stylish'],
  ['lint', 'json'],
  ['lint', 'stylish'],
] as const) {
  test(`${command} --format ${format}: --jobs 2 over 200 files prints the bytes --jobs 1 prints, with the same exit code and standard error`, async () => {
    const one = await memoized([command, 'registry', '--format', format, '--jobs', '1']);
    const two = await mcpdesc([command, 'registry', '--format', format, '--jobs', '2']);
    assert.equal(one.code, 1, one.stderr);
    assert.ok(one.stdout.length > 10_000, 'a report with findings');
    assert.equal(two.stdout, one.stdout);
    assert.equal(two.stderr, one.stderr);
    assert.equal(two.code, one.code);
    if (format === 'json') {
      const files = (
        JSON.parse(one.stdout) as { files: { file: string; diagnostics: { rule: string; severity: string }[] }[] }
      ).files;
      assert.equal(files.length, 200);
      // Each folder's configuration applied to its files only, in both runs.
      const raised = files.filter((f) =>
        f.diagnostics.some((d) => d.rule === 'lint.tool.description' && d.severity === 'error'),
      );
      if (command === 'lint') assert.ok(raised.length > 0 && raised.every((f) => f.file.includes('/strict/')));
      // A validation error turned off is hidden, and still said on standard error (and fails the file).
      assert.ok(
        !files.some(
          (f) => f.file.includes('/quiet/') && f.diagnostics.some((d) => d.rule === 'mcpdesc.document.schema'),
        ),
      );
      assert.match(one.stderr, /registry\/quiet\/entry-\d+\.mcpdesc\.json: 1 error turned off/);
    }
  });
}

test('--format jsonl: one JSON object per file with its index and path; sorted by index it is --format json', async () => {
  const json = JSON.parse((await memoized(['lint', 'registry', '--format', 'json', '--jobs', '1'])).stdout) as {
    files: unknown[];
  };
  const streamed = await mcpdesc(['lint', 'registry', '--format', 'jsonl', '--jobs', '2']);
  assert.equal(streamed.code, 1);
  const lines = streamed.stdout.split('\n');
  assert.equal(lines.pop(), '', 'every line ends in a line break');
  const entries = lines.map((line) => JSON.parse(line) as { index: number; file: string });
  assert.equal(entries.length, 200);
  const byIndex = [...entries].sort((a, b) => a.index - b.index);
  assert.deepEqual(
    byIndex.map((e) => e.index),
    [...Array(200).keys()],
  );
  assert.deepEqual(
    byIndex.map(({ index: _index, ...file }) => file),
    json.files,
  );
});

test('--shard I/N: the shards of 200 files are disjoint and together are every file, in each shard in list order', async () => {
  const all = (
    JSON.parse((await memoized(['validate', 'registry', '--format', 'json', '--jobs', '1'])).stdout) as {
      files: { file: string }[];
    }
  ).files.map((f) => f.file);
  const shards = await Promise.all(
    [1, 2, 3].map(async (i) => {
      const run = await mcpdesc(['validate', 'registry', '--format', 'jsonl', '--shard', `${i}/3`]);
      return run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { index: number; file: string });
    }),
  );
  const seen = shards.flat().map((e) => e.file);
  assert.equal(new Set(seen).size, seen.length, 'no file is in two shards');
  assert.deepEqual([...seen].sort(), [...all].sort(), 'every file is in a shard');
  for (const shard of shards) {
    assert.ok(shard.length > 30 && shard.length < 110, `a fair share: ${shard.length}`);
    // Indexes count in the whole list, so lines of all shards sort back into one order.
    for (const e of shard) assert.equal(all[e.index], e.file);
  }
});

test('shard: the first 4 bytes of SHA-1, a stable 1-based shard per key, fair for 2 shards too, usage errors for a bad I/N', () => {
  // sha1("a") = 86f7e437..., sha1("abc") = a9993e36...: another engine can compute the same shard.
  assert.equal(shardHash('a'), 0x86f7e437);
  assert.equal(shardHash('abc'), 0xa9993e36);
  assert.equal(shardOfKey('a', 4), (0x86f7e437 % 4) + 1);
  // Names alike (entry ids of a registry) spread over two shards: FNV-1a's low bit did not.
  const ids = ['memory', 'everything', 'hangs', 'dies', 'filesystem', 'github', 'gitlab', 'slack'];
  const firstHalf = ids.filter((id) => shardOfKey(id, 2) === 1).length;
  assert.ok(firstHalf > 0 && firstHalf < ids.length, `both shards have ids: ${firstHalf}/${ids.length}`);
  assert.deepEqual(parseShard('2/4'), { index: 2, count: 4 });
  for (const bad of ['0/4', '5/4', '1/0', '1', 'a/b', '-1/2'])
    assert.throws(() => parseShard(bad), /--shard expects I\/N with 1 <= I <= N/);
  const keys = Array.from({ length: 1000 }, (_, i) => `servers/${i}/server.mcpdesc.json`);
  const shards = [1, 2, 3, 4].map((index) => inShard(keys, { index, count: 4 }, (k) => k));
  assert.equal(shards.flat().length, 1000);
  for (const shard of shards) assert.ok(shard.length > 200 && shard.length < 300, `a fair share: ${shard.length}`);
  assert.equal(shardOfKey('servers/7/server.mcpdesc.json', 4), shardOfKey('servers/7/server.mcpdesc.json', 4));
  assert.deepEqual(
    inShard(keys, undefined, (k) => k),
    keys,
  );
});

test('a file over --file-timeout or --file-memory is a source.limit error for that file; the other files are checked', async () => {
  mkdirSync(join(dir, 'budget'));
  writeFileSync(join(dir, 'budget', 'big.mcpdesc.json'), JSON.stringify(generateDescription(12000)));
  for (let i = 0; i < 4; i++)
    writeFileSync(join(dir, 'budget', `small-${i}.mcpdesc.json`), JSON.stringify(generateDescription(2)));
  for (const [flag, value, code] of [
    // A small file takes milliseconds, the large one seconds: the budget sits between, far from both.
    ['--file-timeout', '1000', 'max-file-time'],
    ['--file-memory', '32', 'max-file-memory'],
  ] as const) {
    const run = await mcpdesc(['validate', 'budget', '--format', 'json', '--jobs', '2', flag, value]);
    assert.equal(run.code, 1, run.stderr);
    assert.doesNotMatch(run.stderr, /at .*\.js:\d+/, 'no stack trace');
    const files = (JSON.parse(run.stdout) as { files: { file: string; diagnostics: { code: string }[] }[] }).files;
    assert.deepEqual(
      files.map((f) => f.file),
      ['budget/big.mcpdesc.json', ...[0, 1, 2, 3].map((i) => `budget/small-${i}.mcpdesc.json`)],
    );
    assert.deepEqual(
      files[0]!.diagnostics.map((d) => d.code),
      [code],
    );
    for (const small of files.slice(1)) assert.equal(small.diagnostics.length, 0, small.file);
  }
});

test('--jobs, --file-timeout, --file-memory take positive whole numbers; jsonl refuses a baseline (exit 2, one line)', async () => {
  const refused = [
    ['--jobs', '0'],
    ['--jobs', 'many'],
    ['--file-timeout', '1.5'],
    ['--file-memory', '0'],
    ['--shard', '4/3'],
    ['--format', 'jsonl', '--baseline', 'b.json'],
  ];
  const refusals = await Promise.all(refused.map((args) => mcpdesc(['lint', 'registry', ...args])));
  refusals.forEach((run, i) => {
    assert.equal(run.code, 2, refused[i]!.join(' '));
    assert.match(run.stderr, /^mcpdesc: .*(--jobs|--file-|--shard|baseline)/, run.stderr);
  });
  const auto = await mcpdesc(['validate', 'registry/plain/entry-000.mcpdesc.json', '--jobs', 'auto']);
  assert.equal(auto.code, 0, auto.stderr);
  // Standard input belongs to the command's process: checked there, in its place in the report.
  const file = 'registry/plain/entry-000.mcpdesc.json';
  const piped = await mcpdesc(
    ['validate', file, '-', '--jobs', '2', '--format', 'json'],
    '{"mcpdesc": "0.8.0", "info": {"name": "piped", "version": "1.0.0"}}',
  );
  const report = JSON.parse(piped.stdout) as { files: { file: string; diagnostics: { rule: string }[] }[] };
  assert.deepEqual(
    report.files.map((f) => f.file),
    [file, '-'],
  );
  assert.ok(report.files[1]!.diagnostics.length > 0, 'the piped text was read (it has no protocolVersions)');
});
