/**
 * The Streamable HTTP transport. 2026-07-28 traffic goes to the SDK's `createMcpHandler`
 * (modern only, JSON responses); 2025-era traffic goes to our own stateless leg (one `Server`
 * and one `WebStandardStreamableHTTPServerTransport` per request, JSON responses) so its
 * revision is known before the instance is built. A description without a stateless revision
 * sends everything to the 2025-era leg. The body is read and parsed once, here: bodies over
 * --max-body are answered 413, a body that is not JSON or nests too deep -32700. Before any
 * instance sees a request: the Host and Origin headers are checked (403; the transport says
 * servers MUST validate Origin), an MCP-Protocol-Version header naming no served revision is
 * answered 400, a JSON-RPC batch on a revision without batching is answered 400, and a
 * 2026-07-28 tools/call whose `Mcp-Param-*` headers disagree with its arguments 400 / -32020.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defines, formatRevisions, isRevision, revisionFeatures, isObject, type JsonObject } from 'mcpdesc-core/model';
import { requestDetail, type MockHandlers } from './handlers.js';
import {
  headerMismatchCode,
  malformedParamsReplies,
  maxNestingDepth,
  nestsDeeperThan,
  paramHeaderProblem,
} from './request-checks.js';
import type { SdkModule } from './sdk.js';
import type { TransportHandle, TransportOptions } from './types.js';
import { errorOutcome, wrapTransport } from './transport-wrapper.js';

/** The parsed body of a POST that is not JSON (answered -32700 after the host and path checks). */
const MALFORMED = Object.freeze({ 'io.mcpdesc/malformed': true });
/** The parsed body of a POST nested deeper than `maxNestingDepth` (not parsed; answered -32700). */
const TOO_DEEP = Object.freeze({ 'io.mcpdesc/too-deep': true });
/**
 * The revision a 2025-era request without an MCP-Protocol-Version header is taken for: the one
 * that introduced Streamable HTTP (MCP 2025-06-18: the server SHOULD then assume 2025-03-26).
 */
const headerlessRevision = revisionFeatures['transport.streamable-http'][0]!;

export async function startHttp(
  handlers: MockHandlers,
  sdk: SdkModule,
  options: TransportOptions,
): Promise<TransportHandle> {
  const { toNodeHandler } = (await import('@modelcontextprotocol/node')) as unknown as {
    toNodeHandler: (
      h: { fetch: (r: Request, o?: { parsedBody?: unknown }) => Promise<Response> },
      o: JsonObject,
    ) => (req: unknown, res: unknown, parsedBody?: unknown) => Promise<void>;
  };
  const maxBody = options.maxBody;
  const path = options.path ?? '/mcp';
  const host = options.host ?? '127.0.0.1';
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '::1';
  const modern = createModernHandler(handlers, sdk, maxBody);
  const allowedHosts = loopback ? sdk.localhostAllowedHostnames() : undefined;
  const allowedOrigins = [...sdk.localhostAllowedOrigins(), ...(options.allowOrigins ?? [])];
  const rpcError = (status: number, id: unknown, code: number, message: string, data?: unknown) =>
    Response.json(
      { jsonrpc: '2.0', id: id ?? null, error: { code, message, ...(data !== undefined ? { data } : {}) } },
      { status },
    );
  /** The SDK's -32022 Unsupported protocol version, naming the revisions this mock serves. */
  const unsupported = (id: unknown, requested: string) => {
    const error = new sdk.UnsupportedProtocolVersionError({ supported: handlers.supported(), requested });
    return rpcError(400, id, error.code, error.message, error.data);
  };

  /** The revision a 2025-era request is served in: initialize's (negotiated), else the header's, else the headerless default. */
  const legacyRevision = (request: Request, first: unknown): string | undefined => {
    if (isObject(first) && first.method === 'initialize')
      return handlers.initializeRevision(isObject(first.params) ? first.params.protocolVersion : undefined);
    return (
      request.headers.get('mcp-protocol-version') ??
      (handlers.model.revisions.includes(headerlessRevision)
        ? headerlessRevision
        : handlers.initializeRevision(undefined))
    );
  };

  const legacyLeg = async (request: Request, parsedBody: unknown): Promise<Response> => {
    const first = Array.isArray(parsedBody) ? parsedBody[0] : parsedBody;
    const revision = legacyRevision(request, first);
    if (revision === undefined || !handlers.model.byRevision.has(revision)) {
      const requested = isObject(first) && isObject(first.params) ? first.params.protocolVersion : undefined;
      return unsupported(
        isObject(first) ? first.id : null,
        String(revision ?? (typeof requested === 'string' ? requested : 'none')),
      );
    }
    const server = handlers.makeServer(revision);
    const transport = new sdk.WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: maxBody,
    });
    wrapTransport(transport, handlers, undefined); // the HTTP layer logs
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody });
    } finally {
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    }
  };

  const route = async (request: Request, given?: unknown): Promise<Response> => {
    if (allowedHosts) {
      const rejected = sdk.hostHeaderValidationResponse(request, allowedHosts);
      if (rejected) return rejected;
    }
    const origin = sdk.validateOriginHeader(request.headers.get('origin'), allowedOrigins);
    if (!origin.ok)
      return rpcError(
        403,
        null,
        -32000,
        `Forbidden: ${origin.message ?? 'Invalid Origin'} (allow it with --allow-origin)`,
      );
    if (new URL(request.url).pathname !== path) return new Response('Not Found', { status: 404 });
    if (request.method !== 'POST') {
      if (!modern || (await sdk.isLegacyRequest(request)))
        return Response.json(
          { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Method not allowed.' } },
          { status: 405, headers: { allow: 'POST' } },
        );
      return modern.fetch(request);
    }
    // The Node layer below has read and parsed the body (no second read through a web stream).
    let parsedBody: unknown = given;
    if (parsedBody === undefined) {
      try {
        parsedBody = JSON.parse(await request.text());
      } catch {
        parsedBody = MALFORMED;
      }
    }
    if (parsedBody === MALFORMED) return rpcError(400, null, -32700, 'Parse error: the request body is not JSON');
    if (parsedBody === TOO_DEEP)
      return rpcError(400, null, -32700, `Parse error: the request body nests deeper than ${maxNestingDepth} levels`);
    const first = Array.isArray(parsedBody) ? parsedBody[0] : parsedBody;
    const header = request.headers.get('mcp-protocol-version');
    if (
      header !== null &&
      !handlers.model.byRevision.has(header) &&
      !(isObject(first) && first.method === 'initialize')
    )
      return unsupported(isObject(first) ? first.id : null, header);
    if (Array.isArray(parsedBody)) {
      const revision = legacyRevision(request, first) ?? handlers.statelessRevision();
      if (!isRevision(revision) || !defines(revision, 'jsonrpc.batch'))
        return rpcError(
          400,
          null,
          -32600,
          `Invalid Request: JSON-RPC batches are not part of MCP ${revision} (only of ${formatRevisions(revisionFeatures['jsonrpc.batch'])})`,
        );
    }
    // Answered as a handler's InvalidParams is (200): the SDK would say -32700 with no id.
    const malformed = malformedParamsReplies(parsedBody);
    if (malformed) return Response.json(malformed, { status: 200 });
    if (!modern || (await sdk.isLegacyRequest(request, parsedBody, { maxRequestBodySize: maxBody })))
      return legacyLeg(request, parsedBody);
    const mismatch = paramHeaderMismatch(request, parsedBody);
    if (mismatch) return rpcError(400, isObject(parsedBody) ? parsedBody.id : null, headerMismatchCode, mismatch);
    return modern.fetch(request, { parsedBody });
  };

  /** A 2026-07-28 tools/call whose Mcp-Param-* headers do not mirror its x-mcp-header arguments. */
  const paramHeaderMismatch = (request: Request, body: unknown): string | undefined => {
    if (!isObject(body) || body.method !== 'tools/call' || !isObject(body.params)) return undefined;
    const rm = handlers.model.byRevision.get(handlers.statelessRevision());
    const tool = typeof body.params.name === 'string' ? rm?.declarations.tools.get(body.params.name) : undefined;
    if (!tool) return undefined;
    const problem = paramHeaderProblem(tool.inputSchema, body.params.arguments, request.headers);
    return problem === undefined ? undefined : `Bad Request: the request headers and body disagree: ${problem}`;
  };

  const nodeHandler = toNodeHandler(
    {
      fetch: async (request, extra) => {
        const parsed = extra?.parsedBody;
        if (!options.log) return route(request, parsed);
        const store: { detail?: string } = {};
        const t0 = Date.now();
        const response = await requestDetail.run(store, () => route(request, parsed));
        let method = request.method;
        if (parsed === MALFORMED) method = '(malformed JSON)';
        else if (parsed === TOO_DEEP) method = '(nested too deep)';
        else if (parsed !== undefined)
          method =
            isObject(parsed) && typeof parsed.method === 'string'
              ? parsed.method
              : Array.isArray(parsed)
                ? 'batch'
                : 'POST';
        let outcome = String(response.status);
        if ((response.headers.get('content-type') ?? '').includes('application/json')) {
          try {
            const payload: unknown = await response.clone().json();
            if (isObject(payload) && isObject(payload.error)) outcome += ` ${errorOutcome(payload.error)}`;
          } catch {
            /* not JSON after all */
          }
        }
        options.log(
          `${new Date().toISOString()} http ${method}${store.detail ? ` ${store.detail}` : ''} -> ${outcome} ${Date.now() - t0}ms`,
        );
        return response;
      },
    },
    { maxRequestBodySize: maxBody, onerror: () => undefined },
  );

  const http: HttpServer = createServer((req, res) => {
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length > maxBody) {
      options.log?.(`${new Date().toISOString()} http ${req.method ?? '?'} -> 413 (body of ${length} bytes)`);
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' }).end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: `Request body larger than ${maxBody} bytes` },
        }),
      );
      req.resume();
      return;
    }
    const fail = () => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.end();
    };
    if (req.method !== 'POST') {
      nodeHandler(req, res).catch(fail);
      return;
    }
    // Read and parse the body once, here; the adapter passes the parsed value on (parsedBody).
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > maxBody) {
        over = true;
        chunks.length = 0;
        options.log?.(`${new Date().toISOString()} http POST -> 413 (body over ${maxBody} bytes)`);
        res.writeHead(413, { 'content-type': 'application/json', connection: 'close' }).end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: null,
            error: { code: -32600, message: `Request body larger than ${maxBody} bytes` },
          }),
        );
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (over) return;
      let parsed: unknown = TOO_DEEP;
      const text = Buffer.concat(chunks, size).toString('utf8');
      if (!nestsDeeperThan(text, maxNestingDepth))
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = MALFORMED;
        }
      nodeHandler(req, res, parsed).catch(fail);
    });
  });
  http.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    // A burst of new connections (a client opening hundreds at once) must queue, not overflow the
    // accept queue (Node's default backlog is 511; overflowing SYNs are retried after 1 s, 3 s, ...).
    http.listen({ port: options.port ?? 0, host, backlog: 4096 }, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const address = http.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => {
    resolveClosed = r;
  });
  http.on('close', () => resolveClosed());
  const notify = modern?.notify;
  return {
    ...(notify
      ? {
          publish: ({ method, params }: { method: string; params?: JsonObject }) => {
            if (method === 'notifications/tools/list_changed') notify.toolsChanged();
            else if (method === 'notifications/prompts/list_changed') notify.promptsChanged();
            else if (method === 'notifications/resources/list_changed') notify.resourcesChanged();
            else if (method === 'notifications/resources/updated' && typeof params?.uri === 'string')
              notify.resourceUpdated(params.uri);
          },
        }
      : {}),
    url: `http://${shown}:${address.port}${path}`,
    port: address.port,
    closed,
    async close() {
      await modern?.close().catch(() => undefined);
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections?.();
      });
    },
  };
}

/**
 * The SDK's 2026-07-28 handler, or undefined when the description declares no stateless revision.
 * Its construction warns on the console that JSON responses drop mid-call notifications: the mock
 * sends none, so that line is not printed (the mock's standard error carries its own lines only).
 */
function createModernHandler(handlers: MockHandlers, sdk: SdkModule, maxBody: number) {
  if (!handlers.servesStateless()) return undefined;
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith("responseMode: 'json'")) warn(...args);
  };
  try {
    return sdk.createMcpHandler(() => handlers.makeServer(handlers.statelessRevision()), {
      legacy: 'reject',
      responseMode: 'json',
      maxRequestBodySize: maxBody,
      onerror: () => undefined,
    });
  } finally {
    console.warn = warn;
  }
}
