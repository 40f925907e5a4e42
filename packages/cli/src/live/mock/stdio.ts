/**
 * The stdio transport: the SDK's `serveStdio` behind our line reader (a line that is not JSON,
 * or nests deeper than `maxNestingDepth`, is answered -32700; the SDK's reader reports it out of
 * band only). A 2025-era connection's capabilities are chosen by the revision its `initialize`
 * asks for, seen by the transport wrapper before the SDK answers it. A description without a
 * stateless revision is served by one 2025-era instance connected directly, so `server/discover`
 * is answered as such a server answers it (-32601), not by the SDK's 2026-07-28 entry.
 */
import { Readable, Writable } from 'node:stream';
import { defines, formatRevisions, isRevision, revisionFeatures, isObject, type JsonObject } from 'mcpdesc-core/model';
import type { MockHandlers } from './handlers.js';
import { invalidParamsCode, malformedParamsReplies, maxNestingDepth, nestsDeeperThan } from './request-checks.js';
import type { SdkServer, TransportLike } from './sdk.js';
import type { TransportHandle, TransportOptions } from './types.js';
import { wrapTransport } from './transport-wrapper.js';

export async function startStdio(handlers: MockHandlers, options: TransportOptions): Promise<TransportHandle> {
  const { StdioServerTransport, serveStdio } = (await import('@modelcontextprotocol/server/stdio')) as unknown as {
    StdioServerTransport: new (stdin: Readable, stdout: Writable) => TransportLike;
    serveStdio: (
      factory: (ctx: { era: 'legacy' | 'modern' }) => SdkServer,
      options: JsonObject,
    ) => { close(): Promise<void> };
  };
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  // Our line reader answers non-JSON lines with -32700 and passes JSON lines on.
  const lines = new Readable({ read() {} });
  let buffered = '';
  const writeError = (code: number, message: string) =>
    stdout.write(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }) + '\n');
  const onData = (chunk: Buffer | string) => {
    buffered += chunk.toString();
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl).replace(/\r$/, '');
      buffered = buffered.slice(nl + 1);
      if (line.trim() === '') continue;
      if (nestsDeeperThan(line, maxNestingDepth)) {
        options.log?.(`${new Date().toISOString()} stdio (nested too deep) -> error -32700`);
        writeError(-32700, `Parse error: the message nests deeper than ${maxNestingDepth} levels`);
        continue;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        options.log?.(`${new Date().toISOString()} stdio (malformed JSON) -> error -32700`);
        writeError(-32700, 'Parse error: the line is not JSON');
        continue;
      }
      if (!isObject(parsed) && !Array.isArray(parsed)) {
        writeError(-32600, 'Invalid Request: a JSON-RPC message must be an object');
        continue;
      }
      if (Array.isArray(parsed)) {
        const revision = pinned?.getNegotiatedProtocolVersion() ?? handlers.statelessRevision();
        if (!isRevision(revision) || !defines(revision, 'jsonrpc.batch')) {
          writeError(
            -32600,
            `Invalid Request: JSON-RPC batches are not part of MCP ${revision} (only of ${formatRevisions(revisionFeatures['jsonrpc.batch'])})`,
          );
          continue;
        }
      }
      const malformed = malformedParamsReplies(parsed);
      if (malformed) {
        options.log?.(`${new Date().toISOString()} stdio (malformed params) -> error ${invalidParamsCode}`);
        stdout.write(JSON.stringify(malformed) + '\n');
        continue;
      }
      lines.push(line + '\n');
    }
    if (buffered.length > options.maxBody) {
      buffered = '';
      writeError(-32600, 'Invalid Request: message larger than the maximum body size');
    }
  };
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => {
    resolveClosed = r;
  });
  stdin.on('data', onData);
  stdin.on('end', () => lines.push(null));
  stdin.on('error', () => lines.push(null));
  const transport = new StdioServerTransport(lines, outputOf(stdout, stdin));
  let pinned: SdkServer | undefined;
  let initializeVersion: unknown;
  wrapTransport(transport, handlers, 'stdio', (version) => {
    initializeVersion = version;
    const revision = handlers.initializeRevision(version);
    if (pinned && revision) handlers.setCapabilities(pinned, revision);
  });
  const originalClose = transport.close.bind(transport);
  transport.close = async () => {
    await originalClose();
    resolveClosed();
  };
  const legacyOnly = !handlers.servesStateless();
  const handle = legacyOnly
    ? await connectLegacy()
    : serveStdio(
        (ctx) => {
          const server = handlers.makeServer(
            ctx.era === 'modern' ? handlers.statelessRevision() : handlers.initializeRevision(initializeVersion),
          );
          if (ctx.era === 'legacy') pinned = server;
          notifiable(server);
          return server;
        },
        { transport, legacy: handlers.initializeRevisions().length > 0 ? 'serve' : 'reject', onerror: () => undefined },
      );

  /** The instance of a connection: --watch reloads notify it. */
  function notifiable(server: SdkServer): void {
    handlers.notifiable.set(server, new Set());
    void closed.then(() => handlers.notifiable.delete(server));
  }
  async function connectLegacy(): Promise<{ close(): Promise<void> }> {
    const server = handlers.makeServer(undefined);
    pinned = server; // its capabilities follow initialize
    notifiable(server);
    await server.connect(transport);
    return server;
  }
  return {
    closed,
    async close() {
      // Paused, standard input no longer holds the event loop: a client that keeps its end open
      // (most do until the server exits) cannot keep a stopped mock alive.
      stdin.off('data', onData);
      stdin.pause();
      await handle.close().catch(() => undefined);
      resolveClosed();
    },
  };
}

/** Bytes of responses held before standard input is paused (the client is not reading). */
const pauseAt = 1024 * 1024;

/**
 * The transport's output: the SDK's transport waits for 'drain' once per response when stdout
 * is backed up (1,000 pipelined requests put 1,000 listeners on stdout:
 * MaxListenersExceededWarning). This stream writes to stdout one chunk at a time (one listener),
 * holds the rest, and pauses standard input while more than `pauseAt` bytes are held, so a
 * client that sends without reading is slowed rather than buffered without bound.
 */
function outputOf(stdout: Writable, stdin: Readable): Writable {
  let paused = false;
  const output = new Writable({
    highWaterMark: 64 * pauseAt, // the transport never waits on this stream; stdin is paused first
    write(chunk: Buffer, _encoding, done) {
      const settle = (error?: Error | null) => {
        stdout.off('drain', settle);
        stdout.off('error', settle);
        if (paused && output.writableLength < pauseAt) {
          paused = false;
          stdin.resume();
        }
        done(error ?? null);
      };
      if (output.writableLength > pauseAt && !paused) {
        paused = true;
        stdin.pause();
      }
      if (stdout.write(chunk)) settle();
      else {
        stdout.once('drain', settle);
        stdout.once('error', settle);
      }
    },
  });
  output.on('error', () => undefined);
  return output;
}
