/**
 * `startMock(document, options)`: serves an MCP Description as an MCP server on the official SDK
 * v2 server packages, over stdio or Streamable HTTP, for every revision the description declares,
 * answering from the description's named examples (selection.ts). Nothing is ever executed.
 *
 * Choices where the SDK's high-level API cannot express what the mock needs (each documented in
 * docs/mock.md):
 * - Request handlers are registered on the low-level `Server` with `setRequestHandler`, returning
 *   pre-built results: list results keep every native field (x-*, _meta, unknown fields), and
 *   pagination uses our own opaque cursors.
 * - The SDK encodes error code -32002 as -32602 on every revision. Revisions before 2026-07-28
 *   use -32002 for resource-not-found, so a handler throws -32602 with a marker in `data`, and
 *   the transports we construct (stdio; the stateless legacy HTTP leg) rewrite that response to
 *   -32002 and remove the marker.
 * - A stdio connection's capabilities are chosen per revision: the 2025-era `initialize` request
 *   is seen by our transport wrapper before the SDK answers it, and the instance's capabilities
 *   are set for the revision the handshake will select.
 * - Over stdio, a line that is not JSON is answered with -32700 by our line reader (the SDK's
 *   reader reports it out of band only).
 * - Over HTTP, 2026-07-28 traffic goes to `createMcpHandler` (modern only, JSON responses);
 *   2025-era traffic goes to our own stateless leg (one `Server` and one
 *   `WebStandardStreamableHTTPServerTransport` per request, JSON responses) so its revision is
 *   known before the instance is built. Bodies over --max-body are answered 413 by the SDK's
 *   Node adapter; a body that is not JSON is answered -32700.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type Server as HttpServer } from 'node:http';
import { Readable, Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { isObject, type JsonObject } from '../../model/values.js';
import { createEvaluator, dialectOf, type Evaluator } from '../../schema/index.js';
import { getAtPointer } from '../../model/json-pointer.js';
import {
  buildModel,
  listMember,
  listMethods,
  type ListMethod,
  type MockModel,
  type ModelOptions,
  type RevisionModel,
} from './model.js';
import {
  EXAMPLE_META_KEY,
  markResult,
  selectCompletion,
  selectPromptResult,
  selectResourceResult,
  selectTemplateResult,
  selectToolResult,
} from './selection.js';

export interface MockOptions extends ModelOptions {
  /** `stdio` (default) or `http`. */
  transport?: 'stdio' | 'http';
  /** HTTP: host (default 127.0.0.1) and port (default 0: any free port). */
  host?: string;
  port?: number;
  /** HTTP: endpoint path (default /mcp). */
  path?: string;
  /** stdio: the streams (default process.stdin / process.stdout). */
  stdin?: Readable;
  stdout?: Writable;
  /** Items per list page (default: everything on one page). */
  pageSize?: number;
  /** `--example TOOL=NAME`: the example used for a tool when no example input equals the arguments. */
  examples?: Record<string, string>;
  /** HTTP: largest request body in bytes (default 4 MiB); larger bodies get 413. */
  maxBody?: number;
  /** One line per request (default: none). */
  log?: (line: string) => void;
}

export interface MockHandle {
  /** HTTP: the endpoint URL. */
  url?: string;
  port?: number;
  /** Revisions served, newest first. */
  revisions: string[];
  /** Replaces the document served (new requests use it); returns the diagnostics when it cannot be served. */
  reload(document: unknown): { ok: boolean; diagnostics: { severity: string; message: string; pointer?: string }[] };
  close(): Promise<void>;
  /** Resolves when the server stops (stdio: the client closed the connection). */
  closed: Promise<void>;
}

export class MockError extends Error {
  override name = 'MockError';
  constructor(
    message: string,
    readonly diagnostics: { severity: string; message: string; pointer?: string; rule?: string; code?: string }[] = [],
  ) {
    super(message);
  }
}

const MODERN = '2026-07-28';
const LEGACY_NOT_FOUND = 'io.mcpdesc/legacyResourceNotFound';
const DEFAULT_MAX_BODY = 4 * 1024 * 1024;
/** The parsed body of a POST that is not JSON (answered -32700 after the host and path checks). */
const MALFORMED = Object.freeze({ 'io.mcpdesc/malformed': true });

interface SdkServer {
  setRequestHandler(
    method: string,
    handler: (request: { params?: JsonObject }, ctx: HandlerContext) => Promise<JsonObject>,
  ): void;
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
  getNegotiatedProtocolVersion(): string | undefined;
}
interface HandlerContext {
  mcpReq: { id: string | number; method: string; envelope?: Record<string, unknown>; _meta?: Record<string, unknown> };
}
interface SdkModule {
  Server: new (info: JsonObject, options: JsonObject) => SdkServer;
  ProtocolError: new (code: number, message: string, data?: unknown) => Error;
  createMcpHandler: (
    factory: (ctx: { era: 'legacy' | 'modern'; requestInfo?: Request }) => SdkServer,
    options: JsonObject,
  ) => { fetch: (r: Request, o?: { parsedBody?: unknown }) => Promise<Response>; close: () => Promise<void> };
  isLegacyRequest: (r: Request, parsedBody?: unknown, o?: JsonObject) => Promise<boolean>;
  WebStandardStreamableHTTPServerTransport: new (options: JsonObject) => TransportLike & {
    handleRequest(r: Request, o?: { parsedBody?: unknown }): Promise<Response>;
    setSupportedProtocolVersions?(v: string[]): void;
  };
  hostHeaderValidationResponse: (r: Request, allowed: string[]) => Response | undefined;
  localhostAllowedHostnames: () => string[];
}
interface TransportLike {
  send(message: unknown, options?: unknown): Promise<void>;
  onmessage?: (message: unknown, extra?: unknown) => void;
  close(): Promise<void>;
}

/** Per-request log detail (HTTP: async context; stdio: by JSON-RPC id). */
const requestDetail = new AsyncLocalStorage<{ detail?: string }>();

/** Starts the mock. Throws MockError when the document cannot be served. */
export async function startMock(document: unknown, options: MockOptions = {}): Promise<MockHandle> {
  const built = buildModel(document, options);
  if (!built.model)
    throw new MockError('the description cannot be served: it is not valid or has no native form', built.diagnostics);
  const state = { model: built.model };
  const sdk = (await import('@modelcontextprotocol/server')) as unknown as SdkModule;
  const core = new MockCore(state, options, sdk);
  const reload: MockHandle['reload'] = (next) => {
    const result = buildModel(next, options);
    if (!result.model) return { ok: false, diagnostics: result.diagnostics };
    state.model = result.model;
    return { ok: true, diagnostics: result.diagnostics };
  };
  return options.transport === 'http' ? startHttp(core, sdk, options, reload) : startStdio(core, options, reload);
}

class MockCore {
  /** stdio: log details by request id. */
  readonly details = new Map<string | number, string>();

  constructor(
    readonly state: { model: MockModel },
    readonly options: MockOptions,
    readonly sdk: SdkModule,
  ) {}

  get model(): MockModel {
    return this.state.model;
  }

  /** Supported revisions as the SDK wants them: newest first (initialize falls back to the first 2025-era entry). */
  supported(): string[] {
    return [...this.model.revisions];
  }

  /** The revision `initialize` will select for a requested version. */
  initializeRevision(requested: unknown): string | undefined {
    const legacy = this.model.revisions.filter((r) => r < MODERN);
    if (typeof requested === 'string' && legacy.includes(requested as never)) return requested;
    return legacy[0];
  }

  /** A fresh SDK server for one connection (stdio) or one request (HTTP). `fixed` pins the revision. */
  makeServer(fixed: string | undefined): SdkServer {
    const { Server } = this.sdk;
    const model = this.model;
    const capsRevision = fixed ?? model.revisions[0]!;
    const rm = model.byRevision.get(capsRevision);
    const server = new Server(model.serverInfo, {
      capabilities: rm ? rm.capabilities : {},
      ...(model.instructions !== undefined ? { instructions: model.instructions } : {}),
      supportedProtocolVersions: this.supported(),
      ...(this.options.ttlMs !== undefined || this.options.cacheScope !== undefined
        ? {
            cacheHints: {
              'server/discover': { ttlMs: this.options.ttlMs ?? 0, cacheScope: this.options.cacheScope ?? 'private' },
            },
          }
        : {}),
    });
    this.register(server, fixed, rm);
    return server;
  }

  /** Sets the capabilities of a not-yet-initialized stdio instance (see the module notes). */
  setCapabilities(server: SdkServer, revision: string): void {
    const rm = this.model.byRevision.get(revision);
    if (!rm) return;
    (server as unknown as { _capabilities: JsonObject })._capabilities = rm.capabilities;
    this.register(server, undefined, rm);
  }

  private revisionOf(server: SdkServer, fixed: string | undefined, ctx: HandlerContext): RevisionModel {
    const claimed = ctx.mcpReq.envelope?.['io.modelcontextprotocol/protocolVersion'];
    const revision =
      typeof claimed === 'string'
        ? claimed
        : (fixed ?? server.getNegotiatedProtocolVersion() ?? this.initializeRevision(undefined));
    const rm = revision === undefined ? undefined : this.model.byRevision.get(revision);
    if (!rm)
      throw new this.sdk.ProtocolError(
        -32602,
        `MCP ${String(revision)} is not a revision of this description (${this.model.revisions.join(', ')})`,
      );
    return rm;
  }

  private note(ctx: HandlerContext, detail: string): void {
    const store = requestDetail.getStore();
    if (store) store.detail = detail;
    else if (this.options.log) this.details.set(ctx.mcpReq.id, detail);
  }

  private register(server: SdkServer, fixed: string | undefined, rm: RevisionModel | undefined): void {
    const caps = rm?.capabilities ?? {};
    const handle = (method: string, fn: (params: JsonObject, rm: RevisionModel, ctx: HandlerContext) => JsonObject) => {
      server.setRequestHandler(method, async (request, ctx) =>
        fn(isObject(request.params) ? request.params : {}, this.revisionOf(server, fixed, ctx), ctx),
      );
    };
    const list = (method: ListMethod) =>
      handle(method, (params, r, ctx) => {
        const result = this.page(method, r, params.cursor);
        this.note(ctx, `${r.revision} ${(result[listMember[method]] as unknown[]).length} item(s)`);
        return result;
      });
    if ('tools' in caps) {
      list('tools/list');
      handle('tools/call', (params, r, ctx) => this.callTool(params, r, ctx));
    }
    if ('resources' in caps) {
      list('resources/list');
      list('resources/templates/list');
      handle('resources/read', (params, r, ctx) => this.readResource(params, r, ctx));
    }
    if ('prompts' in caps) {
      list('prompts/list');
      handle('prompts/get', (params, r, ctx) => this.getPrompt(params, r, ctx));
    }
    if ('completions' in caps) handle('completion/complete', (params, r, ctx) => this.complete(params, r, ctx));
  }

  private page(method: ListMethod, rm: RevisionModel, cursor: unknown): JsonObject {
    const { items, extras } = rm.lists[method];
    let offset = 0;
    if (cursor !== undefined) {
      const decoded = decodeCursor(cursor, method, this.model.hash);
      if (decoded === undefined || decoded > items.length)
        throw new this.sdk.ProtocolError(
          -32602,
          `Invalid cursor ${JSON.stringify(cursor).slice(0, 120)} for ${method}`,
        );
      offset = decoded;
    }
    const size = this.options.pageSize && this.options.pageSize > 0 ? this.options.pageSize : items.length;
    const result: JsonObject = { ...extras, [listMember[method]]: items.slice(offset, offset + size) };
    if (offset + size < items.length) result.nextCursor = encodeCursor(method, offset + size, this.model.hash);
    return result;
  }

  private requestedExample(params: JsonObject): string | undefined {
    const meta = params._meta;
    return isObject(meta) && typeof meta[EXAMPLE_META_KEY] === 'string' ? meta[EXAMPLE_META_KEY] : undefined;
  }

  private callTool(params: JsonObject, rm: RevisionModel, ctx: HandlerContext): JsonObject {
    const name = params.name;
    const tool = typeof name === 'string' ? rm.tools.get(name) : undefined;
    if (!tool) throw new this.sdk.ProtocolError(-32602, `Unknown tool: ${JSON.stringify(name)}`);
    const args = params.arguments === undefined ? {} : params.arguments;
    const problems = argumentProblems(tool.inputSchema, args);
    if (problems.length > 0) {
      this.note(ctx, `${rm.revision} ${name} invalid arguments`);
      return markResult(
        {
          content: [
            { type: 'text', text: `Invalid arguments for tool ${JSON.stringify(name)}: ${problems.join('; ')}` },
          ],
          isError: true,
        },
        { kind: 'none' },
      );
    }
    const selection = selectToolResult(tool, args as JsonObject, {
      revision: rm.revision,
      ...(this.requestedExample(params) !== undefined ? { requested: this.requestedExample(params)! } : {}),
      ...(this.options.examples?.[name as string] !== undefined
        ? { configured: this.options.examples[name as string]! }
        : {}),
    });
    this.note(
      ctx,
      `${rm.revision} ${name} ${selection.kind}${selection.example !== undefined ? ` ${selection.example}` : ''}`,
    );
    return selection.result;
  }

  private notFound(uri: unknown, rm: RevisionModel): Error {
    const message = `Resource not found: ${JSON.stringify(uri)}`;
    if (rm.revision >= MODERN) return new this.sdk.ProtocolError(-32602, message, { uri });
    return new this.sdk.ProtocolError(-32602, message, { uri, [LEGACY_NOT_FOUND]: true });
  }

  private readResource(params: JsonObject, rm: RevisionModel, ctx: HandlerContext): JsonObject {
    const uri = params.uri;
    if (typeof uri !== 'string') throw new this.sdk.ProtocolError(-32602, 'resources/read needs a string uri');
    const resource = rm.resources.get(uri);
    const requested = this.requestedExample(params);
    const selection = resource
      ? selectResourceResult(resource, { revision: rm.revision, ...(requested !== undefined ? { requested } : {}) })
      : rm.templates.map((t) => selectTemplateResult(t, uri)).find((s) => s !== undefined);
    if (!selection) {
      this.note(ctx, `${rm.revision} ${uri} not found`);
      throw this.notFound(uri, rm);
    }
    this.note(ctx, `${rm.revision} ${uri} ${selection.example ?? ''}`);
    return selection.result;
  }

  private getPrompt(params: JsonObject, rm: RevisionModel, ctx: HandlerContext): JsonObject {
    const name = params.name;
    const prompt = typeof name === 'string' ? rm.prompts.get(name) : undefined;
    if (!prompt) throw new this.sdk.ProtocolError(-32602, `Unknown prompt: ${JSON.stringify(name)}`);
    const args = isObject(params.arguments) ? params.arguments : {};
    const declared = Array.isArray(prompt.arguments) ? prompt.arguments.filter(isObject) : [];
    const missing = declared
      .filter((a) => a.required === true && typeof a.name === 'string' && !(a.name in args))
      .map((a) => a.name as string);
    if (missing.length > 0)
      throw new this.sdk.ProtocolError(
        -32602,
        `Missing required argument${missing.length > 1 ? 's' : ''} of prompt ${JSON.stringify(name)}: ${missing.map((m) => JSON.stringify(m)).join(', ')}`,
      );
    const requested = this.requestedExample(params);
    const selection = selectPromptResult(prompt, args, {
      revision: rm.revision,
      ...(requested !== undefined ? { requested } : {}),
    });
    this.note(
      ctx,
      `${rm.revision} ${name} ${selection.kind}${selection.example !== undefined ? ` ${selection.example}` : ''}`,
    );
    return selection.result;
  }

  private complete(params: JsonObject, rm: RevisionModel, ctx: HandlerContext): JsonObject {
    const ref = isObject(params.ref) ? params.ref : {};
    const argument = isObject(params.argument) ? params.argument : {};
    let declaration: JsonObject | undefined;
    if (ref.type === 'ref/prompt' && typeof ref.name === 'string') declaration = rm.prompts.get(ref.name);
    else if (ref.type === 'ref/resource' && typeof ref.uri === 'string')
      declaration = rm.templates.find((t) => t.uriTemplate === ref.uri);
    if (!declaration)
      throw new this.sdk.ProtocolError(-32602, `Unknown completion reference ${JSON.stringify(ref).slice(0, 200)}`);
    if (typeof argument.name !== 'string' || typeof argument.value !== 'string')
      throw new this.sdk.ProtocolError(-32602, 'completion/complete needs argument.name and argument.value strings');
    const context =
      isObject(params.context) && isObject(params.context.arguments) ? params.context.arguments : undefined;
    const selection = selectCompletion(declaration, { name: argument.name, value: argument.value }, context);
    this.note(ctx, `${rm.revision} ${argument.name}=${JSON.stringify(argument.value)} ${selection.kind}`);
    return selection.result;
  }
}

/** One evaluator per input schema object (model schemas are immutable once built), compiled on first use. */
const evaluators = new WeakMap<object, Evaluator | null>();
function evaluatorOf(schema: unknown): Evaluator | undefined {
  if (!isObject(schema)) {
    const selection = dialectOf(schema);
    return 'dialect' in selection ? createEvaluator(schema, selection.dialect, { maxErrors: 10 }) : undefined;
  }
  let evaluator = evaluators.get(schema);
  if (evaluator === undefined) {
    const selection = dialectOf(schema);
    evaluator = 'dialect' in selection ? createEvaluator(schema, selection.dialect, { maxErrors: 10 }) : null;
    evaluators.set(schema, evaluator);
  }
  return evaluator ?? undefined;
}

/** Schema problems of tool arguments, each naming the property, the rule and the value. */
export function argumentProblems(schema: unknown, args: unknown): string[] {
  if (!isObject(args)) return [`the arguments must be an object, got ${JSON.stringify(args)?.slice(0, 80)}`];
  const evaluator = evaluatorOf(schema);
  if (!evaluator) return [];
  const result = evaluator.validate(args);
  if (result.valid) return [];
  return result.errors.slice(0, 5).map((e) => {
    const property =
      e.instancePointer === ''
        ? '(the arguments object)'
        : `property ${JSON.stringify(
            e.instancePointer
              .slice(1)
              .split('/')
              .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
              .join('.'),
          )}`;
    let value: string;
    try {
      value = JSON.stringify(getAtPointer(args, e.instancePointer))?.slice(0, 80) ?? 'undefined';
    } catch {
      value = '?';
    }
    return `${property} fails "${e.keyword}" (${e.message}); value ${value}`;
  });
}

function encodeCursor(method: string, offset: number, hash: string): string {
  return Buffer.from(JSON.stringify(['mcpdesc', method, offset, hash])).toString('base64url');
}

function decodeCursor(cursor: unknown, method: string, hash: string): number | undefined {
  if (typeof cursor !== 'string' || cursor.length > 256) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      !Array.isArray(value) ||
      value.length !== 4 ||
      value[0] !== 'mcpdesc' ||
      value[1] !== method ||
      value[3] !== hash
    )
      return undefined;
    const offset = value[2];
    return typeof offset === 'number' && Number.isInteger(offset) && offset > 0 ? offset : undefined;
  } catch {
    return undefined;
  }
}

/** Rewrites marked resource-not-found errors to -32002 (2025-era revisions) and logs responses. */
function wrapTransport(
  transport: TransportLike,
  core: MockCore,
  label: string | undefined,
  onInitialize?: (version: unknown) => void,
): void {
  const starts = new Map<string | number, { method: string; t0: number }>();
  const send = transport.send.bind(transport);
  transport.send = (message: unknown, opts?: unknown) => {
    if (
      isObject(message) &&
      isObject(message.error) &&
      isObject(message.error.data) &&
      message.error.data[LEGACY_NOT_FOUND] === true
    ) {
      const data: JsonObject = { ...message.error.data };
      delete data[LEGACY_NOT_FOUND];
      message = { ...message, error: { ...message.error, code: -32002, data } };
    }
    if (
      label &&
      core.options.log &&
      isObject(message) &&
      (typeof message.id === 'string' || typeof message.id === 'number') &&
      ('result' in message || 'error' in message)
    ) {
      const start = starts.get(message.id);
      starts.delete(message.id);
      const detail = core.details.get(message.id);
      core.details.delete(message.id);
      const outcome = isObject(message.error) ? `error ${String(message.error.code)}` : 'ok';
      core.options.log(
        `${new Date().toISOString()} ${label} ${start?.method ?? '?'}${detail ? ` ${detail}` : ''} -> ${outcome} ${start ? `${Date.now() - start.t0}ms` : ''}`.trimEnd(),
      );
    }
    return send(message, opts);
  };
  let inner: ((message: unknown, extra?: unknown) => void) | undefined;
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () =>
      inner
        ? (message: unknown, extra?: unknown) => {
            if (
              isObject(message) &&
              typeof message.method === 'string' &&
              (typeof message.id === 'string' || typeof message.id === 'number')
            ) {
              if (label && core.options.log) starts.set(message.id, { method: message.method, t0: Date.now() });
              if (message.method === 'initialize' && onInitialize)
                onInitialize(isObject(message.params) ? message.params.protocolVersion : undefined);
            }
            inner!(message, extra);
          }
        : undefined,
    set: (fn) => {
      inner = fn;
    },
  });
}

// ---------------------------------------------------------------------------------------------
// stdio

async function startStdio(core: MockCore, options: MockOptions, reload: MockHandle['reload']): Promise<MockHandle> {
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
    if (buffered.length > (options.maxBody ?? DEFAULT_MAX_BODY)) {
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
  wrapTransport(transport, core, 'stdio', (version) => {
    initializeVersion = version;
    const revision = core.initializeRevision(version);
    if (pinned && revision) core.setCapabilities(pinned, revision);
  });
  const originalClose = transport.close.bind(transport);
  transport.close = async () => {
    await originalClose();
    resolveClosed();
  };
  const hasLegacy = core.model.revisions.some((r) => r < MODERN);
  const handle = serveStdio(
    (ctx) => {
      const server = core.makeServer(ctx.era === 'modern' ? MODERN : core.initializeRevision(initializeVersion));
      if (ctx.era === 'legacy') pinned = server;
      return server;
    },
    { transport, legacy: hasLegacy ? 'serve' : 'reject', onerror: () => undefined },
  );
  return {
    revisions: [...core.model.revisions],
    reload,
    closed,
    async close() {
      stdin.off('data', onData);
      await handle.close().catch(() => undefined);
      resolveClosed();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Streamable HTTP

async function startHttp(
  core: MockCore,
  sdk: SdkModule,
  options: MockOptions,
  reload: MockHandle['reload'],
): Promise<MockHandle> {
  const { toNodeHandler } = (await import('@modelcontextprotocol/node')) as unknown as {
    toNodeHandler: (
      h: { fetch: (r: Request, o?: { parsedBody?: unknown }) => Promise<Response> },
      o: JsonObject,
    ) => (req: unknown, res: unknown, parsedBody?: unknown) => Promise<void>;
  };
  const maxBody = options.maxBody ?? DEFAULT_MAX_BODY;
  const path = options.path ?? '/mcp';
  const host = options.host ?? '127.0.0.1';
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '::1';
  const modern = sdk.createMcpHandler(() => core.makeServer(MODERN), {
    legacy: 'reject',
    responseMode: 'json',
    maxRequestBodySize: maxBody,
    onerror: () => undefined,
  });
  const allowedHosts = loopback ? sdk.localhostAllowedHostnames() : undefined;

  const legacyLeg = async (request: Request, parsedBody: unknown): Promise<Response> => {
    let revision: string | undefined;
    const first = Array.isArray(parsedBody) ? parsedBody[0] : parsedBody;
    if (isObject(first) && first.method === 'initialize')
      revision = core.initializeRevision(isObject(first.params) ? first.params.protocolVersion : undefined);
    else {
      const header = request.headers.get('mcp-protocol-version');
      revision =
        header ??
        (core.model.revisions.includes('2025-03-26' as never) ? '2025-03-26' : core.initializeRevision(undefined));
    }
    if (revision === undefined || !core.model.byRevision.has(revision)) {
      const id = isObject(first) && 'id' in first ? first.id : null;
      return Response.json(
        {
          jsonrpc: '2.0',
          id,
          error: {
            code: -32600,
            message: `Unsupported protocol version ${JSON.stringify(revision)}; this mock serves ${core.model.revisions.join(', ')}`,
          },
        },
        { status: 400 },
      );
    }
    const server = core.makeServer(revision);
    const transport = new sdk.WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: maxBody,
    });
    wrapTransport(transport, core, undefined); // the HTTP layer logs
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
    if (new URL(request.url).pathname !== path) return new Response('Not Found', { status: 404 });
    if (request.method !== 'POST') {
      if (await sdk.isLegacyRequest(request))
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
    if (parsedBody === MALFORMED) {
      return Response.json(
        { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the request body is not JSON' } },
        { status: 400 },
      );
    }
    if (await sdk.isLegacyRequest(request, parsedBody, { maxRequestBodySize: maxBody }))
      return legacyLeg(request, parsedBody);
    return modern.fetch(request, { parsedBody });
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
            if (isObject(payload) && isObject(payload.error)) outcome += ` error ${String(payload.error.code)}`;
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
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.concat(chunks, size).toString('utf8'));
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
  return {
    url: `http://${shown}:${address.port}${path}`,
    port: address.port,
    revisions: [...core.model.revisions],
    reload,
    closed,
    async close() {
      await modern.close().catch(() => undefined);
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections?.();
      });
    },
  };
}

export { listMethods };
