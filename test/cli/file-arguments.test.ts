import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { cli } from 'mcpdesc-toolkit/internal/cli/program.js';
import type { CliIO } from 'mcpdesc-toolkit/internal/cli/io.js';

const valid = '{"mcpdesc":"0.8.0","info":{"name":"x","version":"1"},"protocolVersions":["2025-11-25"]}';

/** A temporary tree: path → contents. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'mcpdesc-files-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** Runs the CLI with `cwd` as the working directory; returns the files the JSON report lists. */
async function run(cwd: string, args: string[]): Promise<{ code: number; files: string[]; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    readFile: async (path) => new Uint8Array(await readFile(resolve(cwd, path))),
    writeFile: async () => {},
    cwd,
    env: {},
    isTTY: false,
  };
  const code = await cli([...args, '--format', 'json'], io);
  const files = stdout ? (JSON.parse(stdout) as { files: { file: string }[] }).files.map((f) => f.file) : [];
  return { code, files, stderr };
}

const root = tree({
  'b.mcpdesc.yaml': valid,
  'a.mcpdesc.json': valid,
  'notes.json': '{}',
  'nested/deep/c.mcpdesc.yml': valid,
  'nested/other.json': valid,
  'node_modules/pkg/d.mcpdesc.json': '{',
  '.hidden/e.mcpdesc.json': '{',
  'empty/readme.txt': '',
});

for (const command of ['validate', 'lint']) {
  test(`${command}: a directory is searched recursively, sorted, skipping node_modules and dot-folders`, async () => {
    const { code, files, stderr } = await run(root, [command, '.']);
    assert.equal(code, 0, stderr);
    assert.deepEqual(files, ['a.mcpdesc.json', 'b.mcpdesc.yaml', 'nested/deep/c.mcpdesc.yml']);
  });
}

test('validate: a named subdirectory keeps its prefix; --ext widens the search', async () => {
  assert.deepEqual((await run(root, ['validate', 'nested'])).files, ['nested/deep/c.mcpdesc.yml']);
  assert.deepEqual((await run(root, ['validate', 'nested', '--ext', '.json'])).files, [
    'nested/deep/c.mcpdesc.yml',
    'nested/other.json',
  ]);
  assert.equal((await run(root, ['validate', 'nested', '--ext', '*.json'])).code, 2, 'an extension, not a glob');
});

test('validate: a quoted glob is expanded by the tool, sorted; a file named twice is checked once', async () => {
  const { code, files } = await run(root, ['validate', '**/*.mcpdesc.{json,yml}', 'a.mcpdesc.json']);
  assert.equal(code, 0);
  assert.deepEqual(files, ['a.mcpdesc.json', 'nested/deep/c.mcpdesc.yml']);
});

test('validate: --ignore-pattern (repeatable) leaves files out of directories and globs', async () => {
  const { files } = await run(root, ['validate', '.', '--ignore-pattern', 'nested/**', '--ignore-pattern', 'b.*']);
  assert.deepEqual(files, ['a.mcpdesc.json']);
});

test('validate: a named file is checked whatever its extension; node_modules only when named', async () => {
  assert.deepEqual((await run(root, ['validate', 'nested/other.json'])).files, ['nested/other.json']);
  assert.equal((await run(root, ['validate', 'node_modules/pkg/d.mcpdesc.json'])).code, 1);
});

test('validate: a glob or directory matching nothing is a usage error, exit 2, like ESLint', async () => {
  const glob = await run(root, ['validate', 'missing/**/*.json']);
  assert.equal(glob.code, 2);
  assert.match(glob.stderr, /No files matching the pattern "missing\/\*\*\/\*\.json" were found\./);
  const directory = await run(root, ['validate', 'empty']);
  assert.equal(directory.code, 2);
  assert.match(directory.stderr, /No files matching the pattern "empty" were found \(a directory is searched for/);
  const ignored = await run(root, ['validate', 'nested', '--ignore-pattern', 'nested/**']);
  assert.equal(ignored.code, 2);
  assert.match(ignored.stderr, /All files matched by "nested" are ignored/);
  const missing = await run(root, ['validate', 'nope.mcpdesc.json']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read nope\.mcpdesc\.json: no such file/);
});

test('validate: an absolute directory gives absolute paths', async () => {
  assert.deepEqual((await run(tmpdir(), ['validate', join(root, 'nested')])).files, [
    join(root, 'nested/deep/c.mcpdesc.yml'),
  ]);
});
