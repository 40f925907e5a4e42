/** Servers for the live tests: started and stopped by each test, on loopback only. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cli } from 'mcpdesc-toolkit/internal/cli/program.js';
import type { CliIO } from 'mcpdesc-toolkit/internal/cli/io.js';
import type { ConnectTarget } from 'mcpdesc-toolkit/internal/live/connect.js';
import { primitiveKinds } from 'mcpdesc-core/internal/model/document.js';
import { canonicalJson } from 'mcpdesc-core/internal/model/json.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';

const require = createRequire(import.meta.url);
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const testServer = `${repoRoot}test/fixtures/live/test-server.mjs`;
export const everythingHttp = `${repoRoot}test/fixtures/live/everything-http.mjs`;
export const everythingEntry = require
  .resolve('@modelcontextprotocol/server-everything/package.json')
  .replace(/package\.json$/, 'dist/index.js');

export const testServerStdio = (env: Record<string, string> = {}): ConnectTarget => ({
  kind: 'stdio',
  command: process.execPath,
  args: [testServer, 'stdio'],
  env,
});
export const everythingStdio = (): ConnectTarget => ({
  kind: 'stdio',
  command: process.execPath,
  args: [everythingEntry, 'stdio'],
});

export interface HttpServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts a script that prints "listening <port>" and serves /mcp on 127.0.0.1. */
export async function startHttp(
  script: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<HttpServer> {
  const child: ChildProcess = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start`)), 15000);
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const m = /listening (\d+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** Runs the CLI in memory; written files are kept in `files`. */
export async function runCli(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<{ code: number; stdout: string; stderr: string; files: Map<string, string> }> {
  let stdout = '';
  let stderr = '';
  const files = new Map<string, string>();
  const io: CliIO = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readFile: async (path) =>
      files.has(path) ? new TextEncoder().encode(files.get(path)) : new Uint8Array(await readFile(path)),
    writeFile: async (path, pieces) => {
      files.set(path, [...pieces].join(''));
    },
    cwd: process.cwd(),
    env,
    isTTY: false,
  };
  const code = await cli(args, io);
  return { code, stdout, stderr, files };
}

export const everythingSse = `${repoRoot}test/fixtures/live/everything-sse.mjs`;

/** What a capture says about the server, without the transport used to reach it. */
export function surface(document: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of ['info', 'instructions', 'protocolVersions', 'capabilities']) out[key] = document[key] ?? null;
  for (const { collection } of primitiveKinds) out[collection] = document[collection] ?? [];
  return out;
}

/** The surface members in which two captures differ, each with both values (cut to 300 characters). */
export function differences(a: JsonObject, b: JsonObject): string[] {
  const x = surface(a);
  const y = surface(b);
  return Object.keys(x)
    .filter((key) => canonicalJson(x[key]) !== canonicalJson(y[key]))
    .map((key) => `${key}: ${canonicalJson(x[key]).slice(0, 300)} vs ${canonicalJson(y[key]).slice(0, 300)}`);
}

/** The error diagnostics, as "rule: message". */
export const errorsOf = (diagnostics: readonly { severity: string; rule: string; message: string }[]) =>
  diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.rule}: ${d.message}`);
