/**
 * A real LSP client for the tests: spawns `mcpdesc lsp --stdio` from dist/ and speaks JSON-RPC
 * to it with vscode-languageserver-protocol's stream reader and writer, as an editor does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  createProtocolConnection,
  InitializeRequest,
  InitializedNotification,
  PublishDiagnosticsNotification,
  ShowMessageNotification,
  StreamMessageReader,
  StreamMessageWriter,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type ShowMessageParams,
} from 'vscode-languageserver-protocol/node';
import { binPath } from '../helpers/paths.js';

export interface TestClient {
  connection: ProtocolConnection;
  child: ChildProcess;
  initializeResult: InitializeResult;
  /** Every publishDiagnostics notification received so far, in order. */
  published: PublishDiagnosticsParams[];
  /** Every window/showMessage notification received so far. */
  messages: ShowMessageParams[];
  /** Resolves with the first publication for `uri` (after those already seen) that `accept` takes. */
  nextDiagnostics(
    uri: string,
    accept?: (params: PublishDiagnosticsParams) => boolean,
  ): Promise<PublishDiagnosticsParams>;
  /** Shutdown, exit, and the process's exit code. */
  close(): Promise<number | null>;
}

/** Starts a server; `initializationOptions` go in the initialize request, as an editor's settings do; `args` follow `lsp --stdio`. */
export async function startClient(initializationOptions?: unknown, args: string[] = []): Promise<TestClient> {
  const child = spawn(process.execPath, [binPath, 'lsp', '--stdio', ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  const published: PublishDiagnosticsParams[] = [];
  const messages: ShowMessageParams[] = [];
  connection.onNotification(ShowMessageNotification.type, (params) => {
    messages.push(params);
  });
  const waiters: {
    uri: string;
    accept: (p: PublishDiagnosticsParams) => boolean;
    resolve: (p: PublishDiagnosticsParams) => void;
  }[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    published.push(params);
    for (const waiter of [...waiters]) {
      if (waiter.uri === params.uri && waiter.accept(params)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(params);
      }
    }
  });
  connection.listen();
  const initializeResult = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    capabilities: {},
    initializationOptions,
  });
  await connection.sendNotification(InitializedNotification.type, {});
  return {
    connection,
    child,
    initializeResult,
    published,
    messages,
    nextDiagnostics(uri, accept = () => true) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within 10 s`)), 10_000);
        waiters.push({
          uri,
          accept,
          resolve: (params) => {
            clearTimeout(timer);
            resolve(params);
          },
        });
      });
    },
    async close() {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}

/** Waits `ms` milliseconds. */
export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
