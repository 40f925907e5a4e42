import { readFile } from 'node:fs/promises';
import { cli } from '../../src/cli/program.js';
import type { CliIO } from '../../src/cli/io.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Files the command wrote (`-o`), by path; nothing reaches the disk. */
  written: Record<string, string>;
}

/**
 * Runs the CLI in memory, as `bin.ts` would: `stdin` is standard input (`-`), named `files` are
 * served from memory and every other path from disk (or, with `filesOnly`, does not exist); output and written files are captured.
 */
export async function runCli(
  args: string[],
  input: {
    stdin?: string;
    files?: Record<string, string>;
    /** No disk: other paths do not exist. */ filesOnly?: boolean;
  } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const written: Record<string, string> = {};
  const io: CliIO = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readFile: async (path) => {
      if (path === '-') return new TextEncoder().encode(input.stdin ?? input.files?.['-'] ?? '');
      const file = input.files?.[path];
      if (file !== undefined) return new TextEncoder().encode(file);
      if (input.filesOnly) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      return new Uint8Array(await readFile(path));
    },
    writeFile: async (path, text) => {
      written[path] = text;
    },
    cwd: process.cwd(),
    env: {},
    isTTY: false,
  };
  const code = await cli(args, io);
  return { code, stdout, stderr, written };
}
