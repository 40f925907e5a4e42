#!/usr/bin/env node
import { readFile, writeFile } from 'node:fs/promises';
import { cli } from './program.js';

async function readInput(path: string): Promise<Uint8Array> {
  if (path !== '-') return readFile(path);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// A closed pipe (`mcpdesc rules | head`) ends output quietly, as for other Unix tools.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const code = await cli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: readInput,
  writeFile: (path, text) => writeFile(path, text, 'utf8'),
  cwd: process.cwd(),
  env: process.env,
  isTTY: Boolean(process.stdout.isTTY),
});
process.exitCode = code;
