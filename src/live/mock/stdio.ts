/**
 * The stdio transport: the SDK's `serveStdio` behind our line reader (a line that is not JSON
 * is answered -32700; the SDK's reader reports it out of band only). A 2025-era connection's
 * capabilities are chosen by the revision its `initialize` asks for, seen by the transport
 * wrapper before the SDK answers it.
 */
import { Readable, Writable } from 'node:stream';
import { isObject, type JsonObject } from '../../model/values.js';
import type { MockHandlers } from './handlers.js';
import type { SdkServer, TransportLike } from './sdk.js';
import type { TransportHandle, TransportOptions } from './server.js';
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
  const transport = new StdioServerTransport(lines, stdout);
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
  const handle = serveStdio(
    (ctx) => {
      const server = handlers.makeServer(
        ctx.era === 'modern' ? handlers.statelessRevision() : handlers.initializeRevision(initializeVersion),
      );
      if (ctx.era === 'legacy') pinned = server;
      return server;
    },
    { transport, legacy: handlers.initializeRevisions().length > 0 ? 'serve' : 'reject', onerror: () => undefined },
  );
  return {
    closed,
    async close() {
      stdin.off('data', onData);
      await handle.close().catch(() => undefined);
      resolveClosed();
    },
  };
}
