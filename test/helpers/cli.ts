import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { cli } from 'mcpdesc-toolkit/internal/cli/program.js';
import { InputTooLarge, type CliIO } from 'mcpdesc-toolkit/internal/cli/io.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Files the command wrote (`-o`), by path; nothing reaches the disk. */
  written: Record<string, string>;
  /** Directories the command created (split's -o), with their missing parents; none on disk. */
  made: string[];
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
  const madeDirectories = new Set<string>();
  const io: CliIO = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readFile: async (path, maxBytes = Infinity) => {
      const bytes = await readBytes(path);
      if (bytes.byteLength > maxBytes) throw new InputTooLarge(path === '-' ? undefined : bytes.byteLength);
      return bytes;
    },
    writeFile: async (path, pieces) => {
      written[path] = [...pieces].join('');
    },
    // In-memory files and written files exist, their directories too; other paths as on disk.
    pathKind: async (path) => {
      if (input.files?.[path] !== undefined || written[path] !== undefined) return 'file';
      if (madeDirectories.has(path)) return 'directory';
      const known = [...Object.keys(input.files ?? {}), ...Object.keys(written)];
      if (known.some((file) => dirname(file) === path)) return 'directory';
      if (input.filesOnly && path !== '.') return undefined;
      try {
        const info = await stat(path);
        return info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other';
      } catch {
        return undefined;
      }
    },
    // Recorded, never made on disk: `made` lists them.
    makeDirectory: async (path) => {
      for (let at = path; at !== dirname(at); at = dirname(at)) madeDirectories.add(at);
    },
    cwd: process.cwd(),
    env: {},
    isTTY: false,
  };
  async function readBytes(path: string): Promise<Uint8Array> {
    if (path === '-') return new TextEncoder().encode(input.stdin ?? input.files?.['-'] ?? '');
    const file = input.files?.[path];
    if (file !== undefined) return new TextEncoder().encode(file);
    if (input.filesOnly) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return new Uint8Array(await readFile(path));
  }
  const code = await cli(args, io);
  return { code, stdout, stderr, written, made: [...madeDirectories].sort() };
}
