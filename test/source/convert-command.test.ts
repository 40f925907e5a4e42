import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from 'mcpdesc-toolkit/internal/cli/program.js';
import type { CliIO } from 'mcpdesc-toolkit/internal/cli/io.js';

function memoryIO(stdin = ''): CliIO & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout: (text: string) => {
      io.out += text;
    },
    stderr: (text: string) => {
      io.err += text;
    },
    readFile: async (path: string) =>
      path === '-' ? new TextEncoder().encode(stdin) : new Uint8Array(await readFile(path)),
    writeFile: (path: string, pieces: Iterable<string>) => writeFile(path, pieces, 'utf8'),
    cwd: process.cwd(),
    env: {},
    isTTY: false,
  };
  return io;
}

const folder = mkdtempSync(join(tmpdir(), 'mcpdesc-convert-'));
test.after(() => rmSync(folder, { recursive: true, force: true }));

test('convert JSON to YAML on stdout, and back to a file', async () => {
  const input = join(folder, 'a.mcpdesc.json');
  writeFileSync(
    input,
    '{"mcpdesc": "0.8.0", "info": {"name": "x", "version": "1.0"}, "protocolVersions": ["2025-11-25"]}',
  );
  const io = memoryIO();
  assert.equal(await cli(['convert', input, '--to', 'yaml'], io), 0);
  assert.equal(io.out, 'mcpdesc: "0.8.0"\ninfo:\n  name: x\n  version: "1.0"\nprotocolVersions:\n  - "2025-11-25"\n');
  const yamlFile = join(folder, 'a.mcpdesc.yaml');
  writeFileSync(yamlFile, io.out);
  const output = join(folder, 'b.json');
  assert.equal(await cli(['convert', yamlFile, '--to', 'json', '-o', output], memoryIO()), 0);
  assert.deepEqual(JSON.parse(readFileSync(output, 'utf8')), JSON.parse(readFileSync(input, 'utf8')));
});

test('stdin, --sort-keys and limit options', async () => {
  const io = memoryIO('{"tools": [1], "mcpdesc": "0.8.0", "b": {"y": 1, "x": 2}}');
  assert.equal(await cli(['convert', '-', '--to', 'json', '--sort-keys'], io), 0);
  assert.deepEqual(Object.keys(JSON.parse(io.out)), ['mcpdesc', 'tools', 'b']);
  const limited = memoryIO('[[[1]]]');
  assert.equal(await cli(['convert', '-', '--to', 'yaml', '--max-depth', '2'], limited), 1);
  assert.match(
    limited.err,
    /^<stdin>:1:3 {2}error {2}nesting depth 3 exceeds the limit maxDepth = 2.* {2}source\.limit\/max-depth\n$/,
  );
  const bad = memoryIO('{}');
  assert.equal(await cli(['convert', '-', '--to', 'yaml', '--max-bytes', 'lots'], bad), 2);
  // A deeper document than the library's walks take (caller-values.ts) is refused up front, not half-way.
  const deep = memoryIO('{}');
  assert.equal(await cli(['convert', '-', '--to', 'yaml', '--max-depth', '1001'], deep), 2);
  assert.equal(deep.err, 'mcpdesc: --max-depth is at most 1000, got 1001\n');
  assert.equal(await cli(['convert', '-', '--to', 'yaml', '--max-depth', '1000'], memoryIO('{}')), 0);
  assert.match(bad.err, /--max-bytes expects a positive whole number/);
});

test('parse errors print file:line:col lines and exit 1', async () => {
  const input = join(folder, 'bad.yaml');
  writeFileSync(input, 'a: 1\na: 2\n');
  const io = memoryIO();
  assert.equal(await cli(['convert', input, '--to', 'json'], io), 1);
  assert.equal(io.out, '');
  assert.equal(
    io.err,
    `${input}:2:1  error  found the key "a" a second time in one mapping; expected each key once (15.3.2)  yaml.duplicate-key/duplicate-key\n`,
  );
});

test('a missing file is a usage error (exit 2) without a stack trace', async () => {
  const io = memoryIO();
  assert.equal(await cli(['convert', join(folder, 'missing.json'), '--to', 'yaml'], io), 2);
  assert.match(io.err, /cannot read .*missing\.json: no such file/);
  assert.doesNotMatch(io.err, /\n\s+at /);
  const noTo = memoryIO();
  assert.equal(await cli(['convert', 'x.json'], noTo), 2);
});
