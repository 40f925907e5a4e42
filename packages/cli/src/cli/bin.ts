#!/usr/bin/env node
import { randomUUID } from 'node:crypto';
import { chmod, open, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { InputTooLarge, type PathKind } from './io.js';
import { cli } from './program.js';

/** Reads a file or standard input, counting as it goes: a device or a pipe stops at the limit. */
async function readInput(path: string, maxBytes = Infinity): Promise<Uint8Array> {
  const handle = path === '-' ? undefined : await open(path, 'r');
  try {
    if (handle) {
      const info = await handle.stat();
      if (info.isDirectory()) throw Object.assign(new Error(`EISDIR: ${path}`), { code: 'EISDIR' });
      // A regular file says its size: refuse it before reading a byte.
      if (info.isFile() && info.size > maxBytes) throw new InputTooLarge(info.size);
      if (info.isFile()) {
        // Read into one buffer of its size, not chunks and a copy of them: the copy was a peak.
        const bytes = await handle.readFile();
        if (bytes.byteLength > maxBytes) throw new InputTooLarge(bytes.byteLength);
        return bytes;
      }
    }
    const stream: Readable = handle ? handle.createReadStream({ autoClose: false }) : process.stdin;
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of stream) {
      total += (chunk as Buffer).byteLength;
      if (total > maxBytes) {
        stream.destroy();
        throw new InputTooLarge();
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  } finally {
    await handle?.close();
  }
}

async function pathKind(path: string): Promise<PathKind | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other';
  } catch {
    return undefined;
  }
}

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
  readFile: readInput,
  writeFile: writeOutput,
  pathKind,
  probeDirectory,
  cwd: process.cwd(),
  env: process.env,
  isTTY: Boolean(process.stdout.isTTY),
  stderrIsTTY: Boolean(process.stderr.isTTY),
});
process.exitCode = code;
