/**
 * The mock's request handlers: one SDK `Server` per stdio connection or HTTP request, its
 * handlers answering from the model of the revision in use (lists by page, tools/call,
 * resources/read, prompts/get, completion/complete from the description's examples).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  primitiveKinds,
  type PrimitiveKindInfo,
  canonicalJson,
  defines,
  having,
  revisions,
  isObject,
  type JsonObject,
} from 'mcpdesc-core/model';
import { requirementsVerdict } from 'mcpdesc-core/operations';
import type { MockModel, RevisionModel } from './model.js';
import { listPage } from './pagination.js';
import type { HandlerContext, SdkModule, SdkServer } from './sdk.js';
import {
  EXAMPLE_META_KEY,
  markResult,
  selectCompletion,
  selectPromptResult,
  selectResourceResult,
  selectTemplateResult,
  selectToolResult,
} from './selection.js';
import { argumentProblems } from './tool-arguments.js';
import { legacyNotFoundMarker, type MockOptions } from './types.js';

/** Per-request log detail (HTTP: async context; stdio: by JSON-RPC id). */
export const requestDetail = new AsyncLocalStorage<{ detail?: string }>();

export class MockHandlers {
  /** stdio: log details by request id. */
  readonly details = new Map<string | number, string>();
  /** Servers that can be notified (stdio connections), with the resource URIs each subscribed to. */
  readonly notifiable = new Map<SdkServer, Set<string>>();
  private shortErrorsServer: SdkModule['Server'] | undefined;

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

  /** The revisions served through `initialize`, newest first. */
  initializeRevisions(): string[] {
    return [...having(this.model.revisions, 'lifecycle.initialize')];
  }

  /** The revision `initialize` will select for a requested version. */
  initializeRevision(requested: unknown): string | undefined {
    const served = this.initializeRevisions();
    if (typeof requested === 'string' && served.includes(requested)) return requested;
    return served[0];
  }

  /** Whether the description declares a revision of the stateless core (`server/discover`). */
  servesStateless(): boolean {
    return having(this.model.revisions, 'lifecycle.stateless').length > 0;
  }

  /**
   * The revision of a stateless-era instance: the newest stateless revision served, else the
   * newest the table knows (the instance then has no model and registers no handler).
   */
  statelessRevision(): string {
    return having(this.model.revisions, 'lifecycle.stateless')[0] ?? having(revisions, 'lifecycle.stateless').at(-1)!;
  }

  /** A fresh SDK server for one connection (stdio) or one request (HTTP). `fixed` pins the revision. */
  makeServer(fixed: string | undefined): SdkServer {
    const Server = (this.shortErrorsServer ??= shortErrorsServer(this.sdk));
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

  /** Sets the capabilities of a not-yet-initialized stdio instance (see the notes of server.ts). */
  setCapabilities(server: SdkServer, revision: string): void {
    const rm = this.model.byRevision.get(revision);
    if (!rm) return;
    (server as unknown as { _capabilities: JsonObject })._capabilities = rm.capabilities;
    this.register(server, undefined, rm);
  }

  private revisionOf(server: SdkServer, fixed: string | undefined, ctx: HandlerContext): RevisionModel {
    const claimed = ctx.mcpReq.envelope?.['io.modelcontextprotocol/protocolVersion'];
    // A 2025-era-only connection answers as such a server would: a 2026-07-28 envelope claim is not its business.
    const revision =
      typeof claimed === 'string' && (this.servesStateless() || this.model.byRevision.has(claimed))
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
    const list = (info: PrimitiveKindInfo) =>
      handle(info.listMethod, (params, r, ctx) => {
        const result = listPage(
          info.listMethod,
          info.collection,
          r.lists[info.listMethod],
          params.cursor,
          this.options.pageSize,
          this.model.hash,
        );
        if (!result)
          throw new this.sdk.ProtocolError(
            -32602,
            `Invalid cursor ${JSON.stringify(params.cursor).slice(0, 120)} for ${info.listMethod}`,
          );
        this.note(ctx, `${r.revision} ${(result[info.collection] as unknown[]).length} item(s)`);
        return result;
      });
    for (const info of primitiveKinds) if (info.listCapability in caps) list(info);
    if ('tools' in caps) handle('tools/call', (params, r, ctx) => this.callTool(server, params, r, ctx));
    if ('resources' in caps) handle('resources/read', (params, r, ctx) => this.readResource(server, params, r, ctx));
    if ('prompts' in caps) handle('prompts/get', (params, r, ctx) => this.getPrompt(server, params, r, ctx));
    if ('completions' in caps) handle('completion/complete', (params, r, ctx) => this.complete(params, r, ctx));
    if (isObject(caps.resources) && caps.resources.subscribe === true) {
      handle('resources/subscribe', (params, r, ctx) => this.subscription(server, params, r, ctx, true));
      handle('resources/unsubscribe', (params, r, ctx) => this.subscription(server, params, r, ctx, false));
    }
  }

  /** The capabilities the client declared: the 2026-07-28 request envelope, else its initialize request. */
  private clientCapabilities(server: SdkServer, ctx: HandlerContext): JsonObject | undefined {
    const declared = ctx.mcpReq.envelope?.['io.modelcontextprotocol/clientCapabilities'];
    if (isObject(declared)) return declared;
    const initialized = server.getClientCapabilities?.();
    return isObject(initialized) ? initialized : undefined;
  }

  /**
   * The error for a declaration whose `clientRequirements` the client's capabilities do not meet
   * (-32021 Missing required client capabilities), or undefined. A client whose capabilities are
   * unknown (a stateless 2025-era HTTP request) is not gated. Listing is never gated: the
   * requirements "do not apply to listing or discovery" (8.5), and what is listed stays the
   * description's native lists (the twin invariant).
   */
  private unmet(
    server: SdkServer,
    rm: RevisionModel,
    ctx: HandlerContext,
    declaration: JsonObject | undefined,
  ): Error | undefined {
    if (!declaration || !isObject(declaration.clientRequirements)) return undefined;
    const profile = this.clientCapabilities(server, ctx);
    if (!profile) return undefined;
    if (requirementsVerdict(declaration.clientRequirements, profile, rm.revision) !== 'unsatisfied') return undefined;
    return new this.sdk.MissingRequiredClientCapabilityError({ requiredCapabilities: declaration.clientRequirements });
  }

  private subscription(
    server: SdkServer,
    params: JsonObject,
    rm: RevisionModel,
    ctx: HandlerContext,
    on: boolean,
  ): JsonObject {
    const uri = params.uri;
    if (typeof uri !== 'string')
      throw new this.sdk.ProtocolError(-32602, `resources/${on ? 'subscribe' : 'unsubscribe'} needs a string uri`);
    const subscriptions = this.notifiable.get(server);
    if (on) subscriptions?.add(uri);
    else subscriptions?.delete(uri);
    this.note(ctx, `${rm.revision} ${uri}`);
    return {};
  }

  /**
   * After a reload (--watch): each notifiable connection gets `notifications/{kind}/list_changed`
   * for each list that changed when the new model advertises `listChanged` for it, and
   * `notifications/resources/updated` for each subscribed resource whose declaration changed
   * (a 2026-07-28 connection: for each changed resource; the SDK's listen router passes on what
   * the client's `subscriptions/listen` filter asks for). `publish` receives the same for the
   * stateless revision (the HTTP handler's notifier).
   */
  notifyChanges(
    before: MockModel,
    after: MockModel,
    publish?: (notification: { method: string; params?: JsonObject }) => void,
  ): void {
    for (const [server, subscriptions] of this.notifiable) {
      const revision = server.getNegotiatedProtocolVersion();
      if (revision === undefined) continue;
      for (const notification of changes(before, after, revision, subscriptions))
        void server.notification(notification).catch(() => undefined);
    }
    if (publish && this.servesStateless())
      for (const notification of changes(before, after, this.statelessRevision(), undefined)) publish(notification);
  }

  private requestedExample(params: JsonObject): string | undefined {
    const meta = params._meta;
    return isObject(meta) && typeof meta[EXAMPLE_META_KEY] === 'string' ? meta[EXAMPLE_META_KEY] : undefined;
  }

  private callTool(server: SdkServer, params: JsonObject, rm: RevisionModel, ctx: HandlerContext): JsonObject {
    const name = params.name;
    const tool = typeof name === 'string' ? rm.declarations.tools.get(name) : undefined;
    if (!tool) throw new this.sdk.ProtocolError(-32602, `Unknown tool: ${JSON.stringify(name)}`);
    const unmet = this.unmet(server, rm, ctx, tool);
    if (unmet) throw unmet;
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
    // The SDK sends -32602 for -32002 on every revision: the transport wrapper rewrites marked errors.
    if (!defines(rm.revision, 'error.resource-not-found-32002'))
      return new this.sdk.ProtocolError(-32602, message, { uri });
    return new this.sdk.ProtocolError(-32602, message, { uri, [legacyNotFoundMarker]: true });
  }

  private readResource(server: SdkServer, params: JsonObject, rm: RevisionModel, ctx: HandlerContext): JsonObject {
    const uri = params.uri;
    if (typeof uri !== 'string') throw new this.sdk.ProtocolError(-32602, 'resources/read needs a string uri');
    const resource = rm.declarations.resources.get(uri);
    const requested = this.requestedExample(params);
    let selection;
    let declaration: JsonObject | undefined = resource;
    if (resource)
      selection = selectResourceResult(resource, {
        revision: rm.revision,
        ...(requested !== undefined ? { requested } : {}),
      });
    else
      for (const template of rm.declarations.resourceTemplates.values()) {
        selection = selectTemplateResult(template, uri);
        if (selection) {
          declaration = template;
          break;
        }
      }
    if (!selection) {
      this.note(ctx, `${rm.revision} ${uri} not found`);
      throw this.notFound(uri, rm);
    }
    const unmet = this.unmet(server, rm, ctx, declaration);
    if (unmet) throw unmet;
    this.note(ctx, `${rm.revision} ${uri} ${selection.example ?? ''}`);
    return selection.result;
  }

  private getPrompt(server: SdkServer, params: JsonObject, rm: RevisionModel, ctx: HandlerContext): JsonObject {
    const name = params.name;
    const prompt = typeof name === 'string' ? rm.declarations.prompts.get(name) : undefined;
    if (!prompt) throw new this.sdk.ProtocolError(-32602, `Unknown prompt: ${JSON.stringify(name)}`);
    const unmet = this.unmet(server, rm, ctx, prompt);
    if (unmet) throw unmet;
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
    if (ref.type === 'ref/prompt' && typeof ref.name === 'string') declaration = rm.declarations.prompts.get(ref.name);
    else if (ref.type === 'ref/resource' && typeof ref.uri === 'string')
      declaration = rm.declarations.resourceTemplates.get(ref.uri);
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

type WrappedHandler = (request: unknown, ctx: unknown) => Promise<unknown>;

/**
 * The SDK's `Server` whose request handlers answer invalid params with -32602 naming the first
 * issues in one line. The SDK checks params against the revision's wire schema before a handler
 * runs and throws a plain Error carrying the zod issues, which goes out as -32603 with the raw
 * dump (tools/call: -32602 with the dump). The hook is the SDK's `_wrapHandler`, overridden in a
 * subclass so that it also covers the handlers the constructor registers (logging/setLevel).
 */
function shortErrorsServer(sdk: SdkModule): SdkModule['Server'] {
  const Base = sdk.Server as unknown as new (
    info: JsonObject,
    options: JsonObject,
  ) => SdkServer & { _wrapHandler(method: string, handler: WrappedHandler): WrappedHandler };
  return class extends Base {
    override _wrapHandler(method: string, handler: WrappedHandler): WrappedHandler {
      const wrapped = super._wrapHandler(method, handler);
      return async (request, ctx) => {
        try {
          return await wrapped(request, ctx);
        } catch (error) {
          throw shortInvalidParams(sdk, method, error);
        }
      };
    }
  };
}

/** A zod dump (a plain Error, or the SDK's "Invalid tools/call request: [...]") as one short -32602; other errors as they are. */
function shortInvalidParams(sdk: SdkModule, method: string, error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { message } = error;
  const code = (error as Error & { code?: unknown }).code;
  const requestPrefix = `Invalid ${method} request: `;
  let dump: string;
  if (!(error instanceof sdk.ProtocolError)) dump = message;
  else if (code === -32602 && message.startsWith(requestPrefix)) dump = message.slice(requestPrefix.length);
  else return error;
  const issues = zodIssues(dump);
  return issues === undefined ? error : new sdk.ProtocolError(-32602, `Invalid params for ${method}: ${issues}`);
}

/** The first issues of a zod error message (a JSON array of issues) in one line, or undefined when it is not one. */
function zodIssues(message: string): string | undefined {
  if (!message.startsWith('[')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every(isObject)) return undefined;
  const described = parsed.slice(0, 3).map((issue) => {
    const path = Array.isArray(issue.path) ? issue.path.map(String).join('.') : '';
    return `${path || '(params)'}: ${String(issue.message ?? issue.code ?? 'invalid')}`.slice(0, 200);
  });
  return described.join('; ') + (parsed.length > 3 ? ` (and ${parsed.length - 3} more)` : '');
}

/**
 * The notifications a reload means for a connection of `revision`: list_changed for each list
 * that changed where listChanged is advertised; resources/updated for each changed resource the
 * connection subscribed to (`subscribed` undefined: every changed resource, the listen router filters).
 */
function changes(
  before: MockModel,
  after: MockModel,
  revision: string,
  subscribed: ReadonlySet<string> | undefined,
): { method: string; params?: JsonObject }[] {
  const old = before.byRevision.get(revision);
  const now = after.byRevision.get(revision);
  if (!old || !now) return [];
  const methods = new Set<string>();
  for (const info of primitiveKinds) {
    const advertised = now.capabilities[info.listCapability];
    if (!isObject(advertised) || advertised.listChanged !== true) continue;
    if (canonicalJson(old.lists[info.listMethod].items) !== canonicalJson(now.lists[info.listMethod].items))
      methods.add(`notifications/${info.listCapability}/list_changed`);
  }
  const out: { method: string; params?: JsonObject }[] = [...methods].map((method) => ({ method }));
  const uris = subscribed ?? new Set([...old.declarations.resources.keys(), ...now.declarations.resources.keys()]);
  for (const uri of uris) {
    const was = old.declarations.resources.get(uri);
    const is = now.declarations.resources.get(uri);
    if (canonicalJson(was ?? null) !== canonicalJson(is ?? null))
      out.push({ method: 'notifications/resources/updated', params: { uri } });
  }
  return out;
}
