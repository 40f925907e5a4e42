import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeText } from 'mcpdesc-toolkit/internal/cli/document-io.js';
import type { CliIO } from 'mcpdesc-toolkit/internal/cli/io.js';
import { generateDescription } from '../../bench/generate.js';
import { binPath as bin } from '../helpers/paths.js';

function recordingIO(drained?: () => Promise<void>) {
  const writes: string[] = [];
  const files = new Map<string, string[]>();
  const io: CliIO = {
    stdout: (text) => writes.push(text),
    stderr: () => {},
    ...(drained ? { stdoutDrained: drained } : {}),
    readFile: async () => new Uint8Array(),
    writeFile: async (path, pieces) => {
      files.set(path, [...pieces]);
    },
    cwd: '/',
    env: {},
    isTTY: false,
  };
  return { io, writes, files };
}

test('writeText writes a report in pieces one write per piece, each neutralised, waiting for standard output to drain between them', async () => {
  let release: () => void = () => {};
  const waits: string[][] = [];
  const { io, writes } = recordingIO(() => {
    waits.push([...writes]);
    return new Promise((resolve) => (release = resolve));
  });
  const written = writeText(io, ['one \u001b[2J\n', 'two \u009b\n'], undefined, 'text');
  await new Promise((resolve) => setImmediate(resolve));
  // The second piece waits until the first has drained.
  assert.deepEqual(writes, ['one \u241b[2J\n']);
  release();
  await new Promise((resolve) => setImmediate(resolve));
  release();
  await written;
  assert.deepEqual(writes, ['one \u241b[2J\n', 'two \ufffd\n']);
  assert.deepEqual(waits, [['one \u241b[2J\n'], ['one \u241b[2J\n', 'two \ufffd\n']]);
});

test('writeText gives -o the pieces, neutralised, to write one by one; a string is one piece', async () => {
  const { io, files } = recordingIO();
  await writeText(io, ['{"a": "\u007f"', ',\n', '"b": 1}\n'], 'out.json', 'json');
  assert.deepEqual(files.get('out.json'), ['{"a": "\\u007f"', ',\n', '"b": 1}\n']);
  await writeText(io, 'x\u001by', 'out.txt', 'text');
  assert.deepEqual(files.get('out.txt'), ['x\u241by']);
});

test('a formatter failing while -o is written is its own error, not a failure to write the file', async () => {
  const { io } = recordingIO();
  const failing = (function* () {
    yield 'a';
    throw new Error('formatter bug');
  })();
  await assert.rejects(writeText(io, failing, 'out.txt', 'text'), { message: 'formatter bug' });
  io.writeFile = async () => {
    throw Object.assign(new Error('ENOSPC: no space left'), { code: 'ENOSPC' });
  };
  await assert.rejects(writeText(io, ['a'], 'out.txt', 'text'), {
    message: 'cannot write out.txt: no space left on device',
  });
});

test('mcpdesc lint writes a report of thousands of findings in pieces: standard output and -o (a new file and a replaced one) hold the same bytes, and no temporary file is left', () => {
  const directory = mkdtempSync(join(tmpdir(), 'mcpdesc-pieces-'));
  const input = join(directory, 'big.mcpdesc.json');
  writeFileSync(input, JSON.stringify(generateDescription(500), null, 2));
  const run = (args: string[]) => {
    const result = spawnSync(process.execPath, [bin, 'lint', input, ...args], {
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 1 << 28,
    });
    assert.equal(result.status, 1, result.stderr);
    return result.stdout;
  };
  for (const format of ['stylish', 'json', 'sarif']) {
    const printed = run(['--format', format]);
    assert.ok(printed.length > 500_000, `${format}: a report of several pieces`);
    const output = join(directory, `out.${format}`);
    run(['--format', format, '-o', output]);
    assert.equal(readFileSync(output, 'utf8'), printed, `${format}: -o to a new file`);
    writeFileSync(output, 'old');
    run(['--format', format, '-o', output]);
    assert.equal(readFileSync(output, 'utf8'), printed, `${format}: -o replacing a file`);
    if (format !== 'stylish') assert.equal(printed, JSON.stringify(JSON.parse(printed), null, 2) + '\n');
  }
  assert.deepEqual(readdirSync(directory).sort(), ['big.mcpdesc.json', 'out.json', 'out.sarif', 'out.stylish']);
});
