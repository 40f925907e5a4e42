import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from 'node:net';
import { Worker } from 'node:worker_threads';
import { createConnection, SocketMessageReader, SocketMessageWriter } from 'vscode-languageserver/node';
import { lint } from 'mcpdesc-core/lint';
import {
  startServer,
  type ConfigLookup,
  type FullCheckOptions,
  type FullCheckResult,
  type RunningServer,
} from '../../lsp/server.js';
import type { CheckAnswer, CheckRequest } from './lsp-worker.js';
import { ConfigError, discoverConfig } from '../config-discovery.js';
import { configErrorLine, configJsAllowed } from '../config-error.js';
import { pathKind, readFileBounded } from '../read-file.js';

/** How long one whole-text check may take on the checker thread before it is stopped (`--check-timeout`). */
export const defaultCheckTimeoutMs = 30_000;

/**
 * Serves LSP until the client sends `exit` or the connection ends: on standard input and output,
 * or, with `socket`, on a TCP connection to that port of the local host (the client listens, as
 * VS Code's socket transport does). Nothing else may write to standard output. The end of input,
 * a closed socket or an event loop with nothing left ends the process at once, whatever is
 * pending (debounced checks, a check on the worker thread): exit code 0 after a `shutdown`
 * request, 1 without, as LSP says for `exit`.
 */
export function runLsp(options: { socket?: number; checkTimeoutMs?: number } = {}): Promise<never> {
  const server = { findConfig, fullCheck: workerCheck(options.checkTimeoutMs ?? defaultCheckTimeoutMs) };
  let running: RunningServer | undefined;
  const end = (): never => process.exit(running?.shutdownReceived ? 0 : 1);
  // Nothing left to wait for: the promise returned below never settles, and Node would exit with code 13.
  process.on('beforeExit', end);
  if (options.socket === undefined) {
    process.stdin.on('end', end).on('close', end);
    running = startServer(createConnection(process.stdin, process.stdout), server);
  } else {
    const socket = connect(options.socket, '127.0.0.1');
    socket.on('error', (error) => {
      process.stderr.write(`mcpdesc lsp: cannot connect to 127.0.0.1:${options.socket}: ${error.message}\n`);
      process.exit(1);
    });
    socket.on('end', end).on('close', end);
    running = startServer(createConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket)), server);
  }
  return new Promise<never>(() => {});
}

/**
 * Whole-text checks on a worker thread, one at a time: a request still waiting when a newer one
 * for the same document comes is answered as superseded (undefined). A check that outlives
 * `timeoutMs` (a plugin rule that never returns) is stopped by terminating the thread, answered
 * with one `source.limit/max-file-time` finding and a problem to tell, and a new thread takes the
 * next request. Falls back to checking on the main thread (without JavaScript configurations)
 * if the worker cannot start.
 */
function workerCheck(
  timeoutMs: number,
): (text: string, options: FullCheckOptions) => Promise<FullCheckResult | undefined> {
  let worker: Worker | undefined;
  let broken = false;
  let answered = false;
  let nextId = 0;
  const pending = new Map<number, { resolve: (r: FullCheckResult | undefined) => void; reject: (e: Error) => void }>();
  let running: { request: CheckRequest; timer: ReturnType<typeof setTimeout> } | undefined;
  /** At most one waiting request per document, oldest document first. */
  const waiting = new Map<string, CheckRequest>();
  const send = (request: CheckRequest): void => {
    running = { request, timer: setTimeout(() => stopRunning(), timeoutMs) };
    worker ??= start();
    worker.postMessage(request);
  };
  const sendNext = (): void => {
    running = undefined;
    const [next] = waiting.values();
    if (next) {
      waiting.delete(next.options.filename);
      send(next);
    }
  };
  /** The running check is over its bound: its thread is terminated, and the next request gets a new one. */
  const stopRunning = (): void => {
    const request = running?.request;
    if (!request) return;
    const stopped = worker;
    worker = undefined;
    void stopped?.terminate();
    const waiter = pending.get(request.id);
    pending.delete(request.id);
    const config = request.options.configFile?.path;
    const why = config ? ` (configuration ${config}: a plugin rule may never return)` : '';
    const message = `not checked: the check took longer than ${timeoutMs} ms and was stopped${why}`;
    waiter?.resolve({
      diagnostics: [
        { rule: 'source.limit', code: 'max-file-time', severity: 'error', message, pointer: '', spec: '15.8' },
      ],
      problem: `${request.options.filename}: ${message}`,
    });
    sendNext();
  };
  const start = (): Worker => {
    const started = new Worker(new URL('./lsp-worker.js', import.meta.url));
    started.unref();
    started.on('message', (message: CheckAnswer) => {
      if (worker !== started) return;
      answered = true;
      clearTimeout(running?.timer);
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.diagnostics)
        waiter?.resolve({
          diagnostics: message.diagnostics,
          ...(message.configError !== undefined
            ? { problem: `${message.configError}; using the recommended preset` }
            : {}),
        });
      else waiter?.reject(new Error(message.error));
      sendNext();
    });
    started.on('error', () => {
      if (worker !== started) return;
      // A thread that never answered cannot start: check here from now on. One that answered before is replaced.
      broken = !answered;
      worker = undefined;
      clearTimeout(running?.timer);
      for (const [id, waiter] of pending) {
        pending.delete(id);
        waiter.reject(new Error('the checker thread stopped'));
      }
      waiting.clear();
      running = undefined;
    });
    return started;
  };
  const here = (text: string, options: FullCheckOptions): FullCheckResult => {
    const { configFile, ...rest } = options;
    return {
      diagnostics: lint(text, rest).diagnostics,
      ...(configFile ? { problem: `${configFile.path} is not loaded: the checker thread cannot start` } : {}),
    };
  };
  return (text, options) => {
    if (broken) return Promise.resolve(here(text, options));
    const request: CheckRequest = { id: nextId++, text, options };
    const answer = new Promise<FullCheckResult | undefined>((resolve, reject) =>
      pending.set(request.id, { resolve, reject }),
    );
    if (running === undefined) send(request);
    else {
      const replaced = waiting.get(options.filename);
      if (replaced) {
        pending.get(replaced.id)?.resolve(undefined);
        pending.delete(replaced.id);
        waiting.delete(options.filename);
      }
      waiting.set(options.filename, request);
    }
    return answer.catch(() => here(text, options));
  };
}

/**
 * The nearest mcpdesc.config.json (.js, .mjs) above a file, found as `mcpdesc lint` finds it: read
 * again at every check (so edits to it apply at once), through the bounded reader, which never
 * opens a FIFO or a device (a blocked read would hold one of libuv's four threads for good).
 * MCPDESC_NO_CONFIG_JS in the server's environment refuses JavaScript ones, as for the CLI.
 */
async function findConfig(uri: string): Promise<ConfigLookup> {
  if (!uri.startsWith('file:')) return {};
  const file = fileURLToPath(uri);
  try {
    const { found, javascript, ignored } = await discoverConfig(
      dirname(file),
      { readFile: readFileBounded, pathKind },
      new Map(),
      { allowJs: configJsAllowed(undefined, process.env), deferJs: true },
    );
    if (ignored !== undefined) return { error: ignored };
    // A JavaScript configuration is imported on the checker thread, where a check can be stopped.
    if (javascript)
      return {
        configFile: { path: javascript.path, bytes: javascript.bytes },
        path: relative(javascript.directory, file).split(sep).join('/'),
      };
    if (!found) return {};
    return { config: found.config, path: relative(found.directory, file).split(sep).join('/') };
  } catch (error) {
    if (error instanceof ConfigError) return { error: configErrorLine(error) };
    throw error;
  }
}
