import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from 'node:net';
import { Worker } from 'node:worker_threads';
import { createConnection, SocketMessageReader, SocketMessageWriter } from 'vscode-languageserver/node';
import type { Diagnostic } from 'mcpdesc-core/model';
import { lint } from 'mcpdesc-core/lint';
import { startServer, type ConfigLookup, type FullCheckOptions, type RunningServer } from '../../lsp/server.js';
import type { CheckRequest } from './lsp-worker.js';
import { ConfigError, discoverConfig } from '../config-discovery.js';
import { configJsAllowed } from '../config-error.js';
import { pathKind, readFileBounded } from '../read-file.js';

/**
 * Serves LSP until the client sends `exit` or the connection ends: on standard input and output,
 * or, with `socket`, on a TCP connection to that port of the local host (the client listens, as
 * VS Code's socket transport does). Nothing else may write to standard output. The end of input,
 * a closed socket or an event loop with nothing left ends the process at once, whatever is
 * pending (debounced checks, a check on the worker thread): exit code 0 after a `shutdown`
 * request, 1 without, as LSP says for `exit`.
 */
export function runLsp(options: { socket?: number } = {}): Promise<never> {
  const server = { findConfig, fullCheck: workerCheck() };
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
 * for the same document comes is answered as superseded (undefined). Falls back to
 * checking on the main thread if the worker cannot start or fails.
 */
function workerCheck(): (text: string, options: FullCheckOptions) => Promise<Diagnostic[] | undefined> {
  let worker: Worker | undefined;
  let broken = false;
  let nextId = 0;
  const pending = new Map<number, { resolve: (d: Diagnostic[] | undefined) => void; reject: (e: Error) => void }>();
  let running: number | undefined;
  /** At most one waiting request per document, oldest document first. */
  const waiting = new Map<string, CheckRequest>();
  const send = (request: CheckRequest): void => {
    running = request.id;
    worker!.postMessage(request);
  };
  const start = (): Worker => {
    const started = new Worker(new URL('./lsp-worker.js', import.meta.url));
    started.unref();
    started.on('message', (message: { id: number; diagnostics?: Diagnostic[]; error?: string }) => {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.diagnostics) waiter?.resolve(message.diagnostics);
      else waiter?.reject(new Error(message.error));
      running = undefined;
      const [next] = waiting.values();
      if (next) {
        waiting.delete(next.options.filename);
        send(next);
      }
    });
    started.on('error', () => {
      broken = true;
      for (const [id, waiter] of pending) {
        pending.delete(id);
        waiter.reject(new Error('the checker thread stopped'));
      }
    });
    return started;
  };
  return (text, options) => {
    if (broken) return Promise.resolve(lint(text, options).diagnostics);
    worker ??= start();
    const request: CheckRequest = { id: nextId++, text, options };
    const answer = new Promise<Diagnostic[] | undefined>((resolve, reject) =>
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
    return answer.catch(() => lint(text, options).diagnostics);
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
    const { found, ignored } = await discoverConfig(dirname(file), { readFile: readFileBounded, pathKind }, new Map(), {
      allowJs: configJsAllowed(undefined, process.env),
    });
    if (ignored !== undefined) return { error: ignored };
    if (!found) return {};
    return { config: found.config, path: relative(found.directory, file).split(sep).join('/') };
  } catch (error) {
    if (error instanceof ConfigError) return { error: error.message.replace(/\n\s*/, ' ').replace(/\n\s*/g, '; ') };
    throw error;
  }
}
