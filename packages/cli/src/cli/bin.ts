#!/usr/bin/env node
import { randomUUID } from 'node:crypto';
import { appendFile, chmod, mkdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cli } from './program.js';
import { pathKind, readFileBounded } from './read-file.js';

/**
 * Replaces a file through a temporary file in its directory and a rename, so a reader (or a
 * concurrent writer) never sees a half-written file. Devices and FIFOs are written in place.
 * The pieces are written one by one, never joined.
 */
async function writeOutput(path: string, pieces: Iterable<string>): Promise<void> {
  const kind = await pathKind(path);
  if (kind === 'other') return writeFile(path, pieces, 'utf8');
  const target = kind === 'file' ? await realpath(path) : path;
  const temporary = join(dirname(target), `.${basename(target)}.${randomUUID()}.tmp`);
  try {
    await writeFile(temporary, pieces, { encoding: 'utf8', flag: 'wx' });
    if (kind === 'file') await chmod(temporary, (await stat(target)).mode & 0o7777);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Creates and removes a temporary file in the directory: what writeOutput will need. */
async function probeDirectory(directory: string): Promise<void> {
  const probe = join(directory, `.mcpdesc-probe.${randomUUID()}.tmp`);
  await writeFile(probe, '', { flag: 'wx' });
  await rm(probe, { force: true });
}

// A closed pipe (`mcpdesc rules | head`) ends output quietly, as for other Unix tools; any other
// failed write (`> /dev/full`) is one line and exit code 2, never a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    if (stream === process.stdout) {
      const reason = error.code === 'ENOSPC' ? 'no space left on device' : error.message;
      process.stderr.write(`mcpdesc: cannot write standard output: ${reason}\n`);
    }
    process.exit(2);
  });
}

const code = await cli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stdoutDrained: () =>
    process.stdout.writableNeedDrain ? once(process.stdout, 'drain').then(() => {}) : Promise.resolve(),
  stderr: (text) => process.stderr.write(text),
  readFile: readFileBounded,
  writeFile: writeOutput,
  appendLine: (path, line) => appendFile(path, line, { encoding: 'utf8', flag: 'a' }),
  // This very script (the bundle's entry, or dist/cli/bin.js unbundled), with the flags node was given.
  self: { command: process.execPath, flags: process.execArgv, script: fileURLToPath(import.meta.url) },
  pathKind,
  probeDirectory,
  makeDirectory: async (directory) => {
    await mkdir(directory, { recursive: true });
  },
  cwd: process.cwd(),
  env: process.env,
  isTTY: Boolean(process.stdout.isTTY),
  stderrIsTTY: Boolean(process.stderr.isTTY),
});
process.exitCode = code;
