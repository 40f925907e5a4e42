import { readFileSync } from 'node:fs';
import { cli } from '../../src/cli/program.js';
import type { CliIO } from '../../src/cli/io.js';

/** Runs the CLI in memory: named files come from `files` (else disk), writes are captured. */
export async function runCli(args: string[], files: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string; written: Record<string, string> }> {
  let stdout = '';
  let stderr = '';
  const written: Record<string, string> = {};
  const io: CliIO = {
    stdout: (t) => { stdout += t; },
    stderr: (t) => { stderr += t; },
    readFile: async (path) => new TextEncoder().encode(files[path] ?? readFileSync(path, 'utf8')),
    writeFile: async (path, text) => { written[path] = text; },
    cwd: process.cwd(), env: {}, isTTY: false,
  };
  const code = await cli(args, io);
  return { code, stdout, stderr, written };
}

