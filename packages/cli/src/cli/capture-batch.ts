/**
 * `mcpdesc capture --batch LIST.jsonl -o DIR`: many servers, each captured by a child process of
 * this CLI (`mcpdesc capture`) with a time, memory and output budget, `--jobs` at once. Each
 * entry's outcome is appended to a result file as one JSON line, so a re-run skips the entries
 * already done; `--shard I/N` takes the entries whose id hashes into shard I. One failing,
 * hanging or flooding server costs its own budget and never stops the batch.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { isObject } from 'mcpdesc-core/model';
import { ExitCode, UsageError, type CliIO } from './io.js';
import { readFailure } from './read-file.js';
import { inShard, parseShard } from './shard.js';

/** One line of the list: an id and how to reach the server. */
export interface BatchEntry {
  id: string;
  /** A stdio server: the command, its arguments, and the names of the variables it gets from this environment. */
  stdio?: { command: string; args: string[]; env: string[]; cwd?: string };
  /** A Streamable HTTP (or, with sse, HTTP+SSE) server; header values may use ${VAR}. */
  url?: string;
  headers?: Record<string, string>;
  sse?: boolean;
}

/** What happened to an entry, as its result line says. */
export type BatchStatus =
  'captured' | 'captured-with-errors' | 'failed' | 'timeout' | 'memory' | 'output-too-large' | 'invalid-entry';

export interface BatchResult {
  id: string;
  status: BatchStatus;
  /** The child's exit code, or the signal that ended it. */
  exit: number | string | null;
  durationMs: number;
  /** The description written, relative to the working directory's view of DIR. */
  output?: string;
  /** The end of the child's standard error (redacted by the child, and again here), at most stderrTail characters. */
  stderr?: string;
}

/** The options of a batch, as capture's command line gives them. */
export interface BatchOptions {
  batch: string;
  output?: string;
  to?: 'json' | 'yaml';
  jobs?: string;
  shard?: string;
  results?: string;
  retryFailed?: boolean;
  entryTimeout?: string;
  maxMemory?: string;
  maxOutput?: string;
  /** Passed to each child capture as given. */
  timeout?: string;
  requestTimeout?: string;
  protocol?: string;
  maxPages?: string;
  maxItems?: string;
  maxBytes?: string;
  strict?: boolean;
  /** -c: each child reads it (resolved against the working directory the children share). */
  config?: string;
}

/** A list or result file larger than this is refused (50,000 entries take a few MB). */
const listByteLimit = 64 * 1024 * 1024;
/** The end of a child's standard error kept in its result line. */
const stderrTail = 2000;
/** What the kill deadline adds to --timeout by default: the child ends itself at --timeout, this is for one that does not. */
const killGrace = 5000;
const defaultMaxMemory = 512;
const defaultMaxOutput = 32 * 1024 * 1024;
const idPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export async function runCaptureBatch(options: BatchOptions, io: CliIO): Promise<number> {
  const self = io.self;
  if (!self || !io.appendLine)
    throw new UsageError('capture --batch runs the mcpdesc command itself: not available here');
  const directory = options.output;
  if (directory === undefined)
    throw new UsageError('capture --batch needs -o DIR: the directory the descriptions go to');
  if ((await io.pathKind?.(directory)) !== 'directory')
    throw new UsageError(`capture --batch -o ${directory}: not a directory (create it first)`);
  const jobs = positive('--jobs', options.jobs, 1);
  const timeout = positive('--timeout', options.timeout, 30000);
  const budget = {
    time: positive('--entry-timeout', options.entryTimeout, timeout + killGrace),
    memory: positive('--max-memory', options.maxMemory, defaultMaxMemory),
    output: positive('--max-output', options.maxOutput, defaultMaxOutput),
  };
  const shard = parseShard(options.shard);
  const to = options.to ?? 'json';
  const resultsFile = options.results ?? join(directory, 'results.jsonl');

  const { entries, problems } = parseList(await readBounded(io, options.batch, '--batch'), options.batch);
  for (const problem of problems) io.stderr(`mcpdesc: ${problem}\n`);
  const done = await doneEntries(io, resultsFile, options.retryFailed === true);
  const mine = inShard(entries, shard, (entry) => entry.id);
  const pending = mine.filter((entry) => !done.has(entry.id));
  const tally = new Map<BatchStatus, number>();
  const record = async (result: BatchResult) => {
    tally.set(result.status, (tally.get(result.status) ?? 0) + 1);
    await io.appendLine!(resultsFile, JSON.stringify(result) + '\n');
  };

  const running = new Set<ChildProcess>();
  // A batch stopped by a signal takes its captures with it: each runs in a process group of its own.
  const stopAll = () => {
    for (const child of running) killGroup(child);
  };
  // Interrupted (Ctrl-C, a CI job cancelled): the captures stop too; the result file holds every entry finished.
  const interrupted = (signal: NodeJS.Signals) => {
    stopAll();
    process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
  };
  process.once('exit', stopAll);
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    let next = 0;
    const worker = async () => {
      while (next < pending.length) {
        const entry = pending[next++]!;
        await record(await captureEntry(entry, { self, io, options, directory, to, budget, running }));
      }
    };
    await Promise.all(Array.from({ length: Math.min(jobs, pending.length) }, worker));
  } finally {
    process.removeListener('exit', stopAll);
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
  }

  const counts = [...tally].map(([status, n]) => `${n} ${status}`);
  const skipped = mine.length - pending.length;
  io.stderr(
    `mcpdesc: batch of ${mine.length} ${mine.length === 1 ? 'entry' : 'entries'}${shard ? ` (shard ${shard.index}/${shard.count} of ${entries.length})` : ''}: ` +
      `${[...counts, ...(skipped > 0 ? [`${skipped} already done`] : [])].join(', ') || 'nothing to do'}; results in ${resultsFile}\n`,
  );
  if (problems.length > 0) return ExitCode.failed;
  const allCaptured = [...tally.keys()].every((status) => status === 'captured');
  return allCaptured ? ExitCode.success : ExitCode.failed;
}

/** Reads a list or result file through the bounded reader; undefined when it does not exist (results). */
async function readBounded(io: CliIO, path: string, what: string, missingOk = false): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await io.readFile(path, listByteLimit));
  } catch (error) {
    if (missingOk && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`${what}: cannot read ${path}: ${readFailure(error, listByteLimit)}`);
  }
}

/**
 * The list's entries, one JSON object a line (blank lines and lines starting with # are
 * skipped). A line that is no entry is a problem named by its line number, and the others still
 * run; two entries with one id are a usage error (the id names the output and the result).
 */
export function parseList(text: string | undefined, file: string): { entries: BatchEntry[]; problems: string[] } {
  const entries: BatchEntry[] = [];
  const problems: string[] = [];
  const ids = new Map<string, number>();
  (text ?? '').split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const where = `${file}:${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      problems.push(`${where}: not JSON (${(error as Error).message}); entry skipped`);
      return;
    }
    const entry = entryOf(value);
    if (typeof entry === 'string') {
      problems.push(`${where}: ${entry}; entry skipped`);
      return;
    }
    const first = ids.get(entry.id);
    if (first !== undefined)
      throw new UsageError(`${where}: id "${entry.id}" is the id of line ${first} too; ids name outputs and results`);
    ids.set(entry.id, index + 1);
    entries.push(entry);
  });
  return { entries, problems };
}

/** An entry, or what is wrong with it (never echoing a header value: it may be a secret). */
function entryOf(value: unknown): BatchEntry | string {
  if (!isObject(value)) return 'expected an object {"id", "stdio" | "url"}';
  const { id, stdio, url, headers, sse } = value;
  if (typeof id !== 'string' || !idPattern.test(id))
    return `"id" must be 1-128 letters, digits, ".", "_" or "-" (it names the output file), got ${JSON.stringify(id)}`;
  if ((stdio === undefined) === (url === undefined)) return `entry "${id}": give either "stdio" or "url"`;
  if (stdio !== undefined) {
    if (!isObject(stdio) || typeof stdio.command !== 'string' || stdio.command === '')
      return `entry "${id}": "stdio" must be {"command", "args"?, "env"?, "cwd"?}`;
    const args = stdio.args ?? [];
    const env = stdio.env ?? [];
    if (!Array.isArray(args) || !args.every((a) => typeof a === 'string'))
      return `entry "${id}": "stdio.args" must be an array of strings`;
    if (!Array.isArray(env) || !env.every((n) => typeof n === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(n)))
      return `entry "${id}": "stdio.env" must be an array of variable names (their values come from this environment)`;
    if (stdio.cwd !== undefined && typeof stdio.cwd !== 'string') return `entry "${id}": "stdio.cwd" must be a string`;
    return {
      id,
      stdio: {
        command: stdio.command,
        args: args as string[],
        env: env as string[],
        ...(typeof stdio.cwd === 'string' ? { cwd: stdio.cwd } : {}),
      },
    };
  }
  if (typeof url !== 'string') return `entry "${id}": "url" must be a string`;
  if (headers !== undefined && (!isObject(headers) || !Object.values(headers).every((v) => typeof v === 'string')))
    return `entry "${id}": "headers" must be an object of strings (values may use \${VAR})`;
  if (sse !== undefined && typeof sse !== 'boolean') return `entry "${id}": "sse" must be true or false`;
  return {
    id,
    url,
    ...(headers !== undefined ? { headers: headers as Record<string, string> } : {}),
    ...(sse === true ? { sse: true } : {}),
  };
}

/**
 * The ids the result file records as done. A line cut short by a killed run is no result (its
 * entry runs again); with --retry-failed only captured entries count as done. The file is made
 * to end in a line break, so the next line appended is whole.
 */
async function doneEntries(io: CliIO, resultsFile: string, retryFailed: boolean): Promise<Set<string>> {
  const text = await readBounded(io, resultsFile, 'the result file', true);
  const done = new Set<string>();
  if (text === undefined) return done;
  for (const line of text.split('\n')) {
    let result: unknown;
    try {
      result = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isObject(result) || typeof result.id !== 'string') continue;
    const captured = result.status === 'captured' || result.status === 'captured-with-errors';
    if (captured || !retryFailed) done.add(result.id);
    else done.delete(result.id);
  }
  if (text !== '' && !text.endsWith('\n')) await io.appendLine!(resultsFile, '\n');
  return done;
}

interface EntryContext {
  self: NonNullable<CliIO['self']>;
  io: CliIO;
  options: BatchOptions;
  directory: string;
  to: 'json' | 'yaml';
  budget: { time: number; memory: number; output: number };
  running: Set<ChildProcess>;
}

/** The child's command line: `mcpdesc capture` with the entry's connection and the batch's pass-through options. */
export function childArguments(entry: BatchEntry, options: BatchOptions, to: 'json' | 'yaml'): string[] {
  const args = ['capture', '--to', to];
  if (entry.stdio) {
    // Quoted for capture's --stdio, which splits as a shell does: single quotes keep every character but '.
    args.push('--stdio', [entry.stdio.command, ...entry.stdio.args].map(shellQuote).join(' '));
    for (const name of entry.stdio.env) args.push('--env', name);
    if (entry.stdio.cwd !== undefined) args.push('--cwd', entry.stdio.cwd);
  } else {
    args.push('--url', entry.url!);
    if (entry.sse) args.push('--sse');
    for (const [name, value] of Object.entries(entry.headers ?? {})) args.push('--header', `${name}: ${value}`);
  }
  for (const [flag, value] of [
    ['--timeout', options.timeout],
    ['--request-timeout', options.requestTimeout],
    ['--protocol', options.protocol],
    ['--max-pages', options.maxPages],
    ['--max-items', options.maxItems],
    ['--max-bytes', options.maxBytes],
    ['--config', options.config],
  ] as const)
    if (value !== undefined) args.push(flag, value);
  if (options.strict) args.push('--strict');
  return args;
}

function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Captures one entry in a child process within its budgets, writes its description, and says what happened. */
async function captureEntry(entry: BatchEntry, context: EntryContext): Promise<BatchResult> {
  const { self, io, options, directory, to, budget, running } = context;
  const started = Date.now();
  const { Redactor } = await import('../live/redaction.js');
  // The values the entry names: redacted from what is kept of the child's standard error.
  const redactor = Redactor.of(
    entry.stdio
      ? {
          kind: 'stdio',
          env: Object.fromEntries(entry.stdio.env.flatMap((n) => (io.env[n] !== undefined ? [[n, io.env[n]!]] : []))),
        }
      : { kind: 'http', url: entry.url!, headers: expandedHeaders(entry.headers ?? {}, io.env) },
  );
  const child = spawn(
    self.command,
    // The heap budget after node's own flags: the last --max-old-space-size is the one V8 takes.
    [...self.flags, `--max-old-space-size=${budget.memory}`, self.script, ...childArguments(entry, options, to)],
    // A process group of its own: a stuck capture is stopped with the server it started.
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...io.env }, detached: true },
  );
  running.add(child);
  const stdout: Buffer[] = [];
  let stdoutBytes = 0;
  let stderr = '';
  let over: 'timeout' | 'output-too-large' | undefined;
  const stop = (why: 'timeout' | 'output-too-large') => {
    over ??= why;
    killGroup(child);
  };
  const timer = setTimeout(() => stop('timeout'), budget.time);
  child.stdout!.on('data', (chunk: Buffer) => {
    stdoutBytes += chunk.byteLength;
    if (stdoutBytes > budget.output) stop('output-too-large');
    else stdout.push(chunk);
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4 * stderrTail);
  });
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('error', (error) => {
      stderr += `\n${error.message}`;
      resolve({ code: null, signal: null });
    });
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  clearTimeout(timer);
  running.delete(child);
  const tail = redactor.text(stderr).slice(-stderrTail);
  const result: BatchResult = {
    id: entry.id,
    status: 'failed',
    exit: code ?? signal,
    durationMs: Date.now() - started,
    ...(tail.trim() !== '' ? { stderr: tail } : {}),
  };
  if (over) return { ...result, status: over };
  // V8 aborts a heap over --max-old-space-size with this line.
  if (/heap out of memory|Allocation failed/.test(stderr)) return { ...result, status: 'memory' };
  if ((code !== 0 && code !== 1) || stdoutBytes === 0) return result;
  const output = join(directory, `${entry.id}.mcpdesc.${to}`);
  await io.writeFile(output, [Buffer.concat(stdout).toString('utf8')]);
  return { ...result, status: code === 0 ? 'captured' : 'captured-with-errors', output };
}

/** Header values as the child expands them (`${VAR}` from the environment), so their secrets are known here too. */
function expandedHeaders(
  headers: Record<string, string>,
  env: Record<string, string | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    out[name] = value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, variable: string) => env[variable] ?? '');
  return out;
}

/** Kills a child's whole process group (the capture and the server it started). */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

function positive(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value)))
    throw new UsageError(`${flag} expects a positive whole number, got "${value}"`);
  return Number(value);
}
