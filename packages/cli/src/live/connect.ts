/**
 * Connecting to a running MCP server as a client (official MCP SDK v2 client): stdio,
 * Streamable HTTP or legacy SSE; headers whose values may come from ${VAR}; timeouts; protocol
 * revision negotiation (2026-07-28 via server/discover, 2025-era via initialize); raw requests
 * whose results are read from the wire, so unknown fields (x-*, _meta, future fields) survive.
 *
 * Only the live commands import this module (lazily), so the SDK never loads for validate/convert.
 */
import {
  setOwn,
  isObject,
  type JsonObject,
  defines,
  having,
  isRevision,
  revisions,
  sortRevisions,
} from 'mcpdesc-core/model';
import { Client, ProtocolError, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { Redactor, type SecretRegistry } from './redaction.js';
import { OAuthFailure, oauthAwareFetch, oauthRequestTimeout, type OAuthSession } from './oauth.js';

export const clientInfo = { name: 'mcpdesc', version: '0.1.0' };
/** The revisions a `--protocol` may name (the CLI reads them here). */
export const knownRevisions: readonly string[] = revisions;
/** Revisions negotiated with server/discover (stateless), newest first; the others use initialize. */
const statelessRevisions = [...having(revisions, 'lifecycle.stateless')].reverse();
const initializeRevisions = having(revisions, 'lifecycle.initialize');

/** Where the server is. */
export type ConnectTarget =
  | { kind: 'stdio'; command: string; args: string[]; env?: Record<string, string>; cwd?: string }
  | {
      kind: 'http';
      url: string;
      sse?: boolean;
      headers?: Record<string, string>;
      /** OAuth (--oauth, --oauth-client-credentials): one session for every connection of the operation. */
      oauth?: OAuthSession;
      /** The secrets the session registers as it goes (its `secrets`), so every Redactor of this target replaces them. */
      secrets?: SecretRegistry;
    };

export interface ConnectOptions {
  /**
   * Milliseconds the whole operation may take (default 30000): capture and verify set one
   * deadline for every connection and request they make, so `--timeout 3000` ends in ~3 s.
   */
  timeout?: number;
  /** The absolute deadline (ms since the epoch) shared by the connections of one operation; set from timeout when absent. */
  deadline?: number;
  /**
   * Milliseconds one request may take (default: what is left of the operation's deadline): a slow
   * call then fails alone, as a finding, and the operation goes on with the next one.
   */
  requestTimeout?: number;
  /** Standard error of a stdio server (default: kept, its tail reported when the server fails). */
  stderr?: 'inherit' | 'ignore';
  /** The capabilities the client declares (so capability-gated primitives are listed); default none. */
  clientCapabilities?: JsonObject;
  /**
   * Milliseconds the server/discover probe waits (default: the `auto` bound, or, pinned to a
   * modern revision, the whole deadline: with no fallback a shorter wait only mistakes a slow start).
   */
  probeTimeout?: number;
}

/** The client capabilities `--client-capabilities` may name (MCP ClientCapabilities members). */
export const clientCapabilityNames = ['roots', 'sampling', 'elicitation'] as const;

/** The deadline of an operation: the given one, else `timeout` from now. */
export function deadlineOf(options: ConnectOptions): number {
  return options.deadline ?? Date.now() + (options.timeout ?? 30000);
}

/** A raw JSON-RPC outcome: the result object exactly as received, or the error. */
export type RawOutcome =
  { ok: true; result: JsonObject } | { ok: false; error: { code: number | string; message: string; data?: unknown } };

export interface LiveSession {
  /** The protocol revision in use on this connection. */
  revision: string;
  /** How it was negotiated. */
  negotiation: 'server/discover' | 'initialize';
  serverInfo: JsonObject;
  capabilities: JsonObject;
  instructions?: string;
  /** The server/discover result (2026-07-28), raw. */
  discover?: JsonObject;
  /**
   * `auto` over stdio fell back to initialize after the server/discover probe went unanswered for
   * its whole bound: the SDK reads that silence as a 2025-era server, which a modern server slow
   * to start also gives. Milliseconds of the bound, for the caller's warning.
   */
  probeUnansweredMs?: number;
  /** Sends a request and returns the raw result or error; never throws for JSON-RPC errors. */
  request(method: string, params?: JsonObject): Promise<RawOutcome>;
  close(): Promise<void>;
}

/**
 * A connection that failed. `connection`: the server could not be reached or stopped answering
 * (not found, refused, exited, timed out); `protocol`: it answered, but not with the revision asked for.
 */
export class ConnectError extends Error {
  override name = 'ConnectError';
  constructor(
    message: string,
    readonly kind: 'connection' | 'protocol' = 'connection',
  ) {
    super(message);
  }
}

/** Splits a command line like a POSIX shell would for simple cases: whitespace, '...' and "..." quoting, backslash escapes. */
export function splitCommandLine(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let has = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else current += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) current += line[++i];
      else current += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      has = true;
    } else if (c === '\\' && i + 1 < line.length) {
      current += line[++i];
      has = true;
    } else if (/\s/.test(c)) {
      if (has || current) out.push(current);
      current = '';
      has = false;
    } else {
      current += c;
    }
  }
  if (quote) throw new ConnectError(`unterminated ${quote} quote in command line`);
  if (has || current) out.push(current);
  return out;
}

/** Replaces ${VAR} in a header value by the variable's value; an unset variable is an error. */
export function expandVariables(value: string, env: Record<string, string | undefined>): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    const v = env[name];
    if (v === undefined) throw new ConnectError(`environment variable ${name} is not set (used in a header value)`);
    return v;
  });
}

/** Parses "K: V" header options (values expanded from ${VAR}). */
export function parseHeaders(list: readonly string[], env: Record<string, string | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const item of list) {
    const colon = item.indexOf(':');
    // The messages never show the option: a malformed one may hold the secret (`Authorization Bearer X`).
    if (colon <= 0)
      throw new ConnectError(`--header expects "Name: value"; an option has no ":" (not shown: it may hold a secret)`);
    const name = item.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      throw new ConnectError(
        `--header expects "Name: value"; a name before ":" is not a header token (not shown: it may hold a secret)`,
      );
    setOwn(headers, name, expandVariables(item.slice(colon + 1).trim(), env));
  }
  return headers;
}

/**
 * Parses "K=V" environment options; a bare NAME passes the variable of that name from `from`
 * (as `docker run -e NAME` does), so a secret need not be written on a command line.
 */
export function parseEnvAssignments(
  list: readonly string[],
  from: Record<string, string | undefined> = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const item of list) {
    const eq = item.indexOf('=');
    if (eq < 0 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(item)) {
      const value = from[item];
      if (value === undefined) throw new ConnectError(`--env ${item}: no such variable in the environment`);
      setOwn(env, item, value);
      continue;
    }
    if (eq <= 0)
      throw new ConnectError(
        `--env expects NAME=VALUE; an option has no name before "=" (not shown: it may hold a secret)`,
      );
    setOwn(env, item.slice(0, eq), item.slice(eq + 1));
  }
  return env;
}

/** The URL's user information, decoded, and the URL without it. Throws a ConnectError (never echoing the URL) when it is not a URL. */
export function splitUserinfo(text: string): { url: URL; username: string; password: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConnectError(`--url is not a valid URL (not shown: it may hold a secret)`);
  }
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  return { url, username, password };
}

function basicCredentials(username: string, password: string): string {
  return Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
}

/** How much of a failing stdio server's standard error is kept for the message. */
const stderrTailChars = 2000;

const passthrough = {
  '~standard': { version: 1 as const, vendor: 'mcpdesc', validate: (value: unknown) => ({ value }) },
};

/** What a stdio server left behind: its exit code and the tail of its standard error. */
interface ProcessWatch {
  child?: import('node:child_process').ChildProcess;
  exitCode?: number | null;
  signal?: string | null;
  stderrTail: string;
  /** The system error code (ECONNREFUSED...) of the last failed HTTP request: the SDK keeps only "fetch failed". */
  networkCode?: string;
  /** Set when the connection failed: a process the SDK starts afterwards (its fallback after a probe) is stopped at once. */
  abandoned?: boolean;
}

function createTransport(target: ConnectTarget, options: ConnectOptions, watch: ProcessWatch) {
  if (target.kind === 'stdio') {
    // The SDK's safe default environment (PATH, HOME...), plus --env: nothing else leaks to the server.
    const transport = new StdioClientTransport({
      command: target.command,
      args: target.args,
      env: { ...getDefaultEnvironment(), ...(target.env ?? {}) },
      ...(target.cwd ? { cwd: target.cwd } : {}),
      stderr: options.stderr === 'inherit' ? 'inherit' : 'pipe',
    });
    if (options.stderr !== 'inherit') {
      transport.stderr?.on('data', (chunk: Buffer | string) => {
        if (options.stderr === 'ignore') return;
        watch.stderrTail = (watch.stderrTail + chunk.toString()).slice(-stderrTailChars);
      });
    }
    const start = transport.start.bind(transport);
    transport.start = () => {
      const started = start();
      const child = (transport as unknown as { _process?: import('node:child_process').ChildProcess })._process;
      watch.child = child;
      if (watch.abandoned) child?.kill('SIGKILL');
      child?.once('exit', (code, signal) => {
        if (watch.abandoned) return; // stopped by us, not a failure of its own
        watch.exitCode = code;
        watch.signal = signal;
      });
      return started;
    };
    sendOneAtATime(transport, watch);
    return transport;
  }
  const { url, username, password } = splitUserinfo(target.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConnectError(`--url must be http or https, got ${url.protocol}`);
  // fetch refuses URLs with credentials: user information becomes a Basic Authorization header.
  const headers: Record<string, string> = { ...(target.headers ?? {}) };
  if ((username !== '' || password !== '') && !Object.keys(headers).some((k) => k.toLowerCase() === 'authorization'))
    headers.Authorization = `Basic ${basicCredentials(username, password)}`;
  const requestInit = { headers };
  const plainFetch = async (input: string | URL | Request, init?: RequestInit) => {
    try {
      return await fetch(input, init);
    } catch (error) {
      const [code] = systemCodes(error);
      if (code !== undefined) watch.networkCode = code;
      throw error;
    }
  };
  const oauth = target.oauth;
  const remaining = () => Math.max(1, Math.min(oauthRequestTimeout, deadlineOf(options) - Date.now()));
  const watchedFetch = oauth ? oauthAwareFetch(plainFetch, url, Object.keys(headers), oauth, remaining) : plainFetch;
  const auth = oauth ? { authProvider: oauth.provider } : {};
  if (target.sse) {
    const transport = new SSEClientTransport(url, {
      requestInit,
      fetch: watchedFetch,
      ...auth,
      eventSourceInit: {
        fetch: (input: string | URL | Request, init?: RequestInit) =>
          watchedFetch(input, {
            ...init,
            headers: { ...(init?.headers as Record<string, string> | undefined), ...headers },
          }),
      },
    });
    return oauth ? oauth.attach(transport) : transport;
  }
  const transport = new StreamableHTTPClientTransport(url, { requestInit, fetch: watchedFetch, ...auth });
  return oauth ? oauth.attach(transport) : transport;
}

/**
 * Runs an HTTP target's OAuth authorization (once per operation) before the operation's deadline
 * starts: the browser step waits for a person. A failure is not thrown here: the first
 * connection reports it (the session keeps the outcome).
 */
export async function authorizeFirst(target: ConnectTarget, options: ConnectOptions = {}): Promise<void> {
  if (target.kind !== 'http' || !target.oauth) return;
  // Each request bounded by the shorter of the OAuth bound and --timeout (the browser step has its own).
  const bound = Math.min(oauthRequestTimeout, options.timeout ?? oauthRequestTimeout);
  await authorizeTarget(target, () => bound).catch(() => undefined);
}

/** The session's authorization with the connection's fetch: the user's headers to the MCP server only. */
function authorizeTarget(target: ConnectTarget & { kind: 'http' }, timeout: () => number): Promise<void> {
  const session = target.oauth!;
  const { url } = splitUserinfo(target.url);
  const headers = target.headers ?? {};
  const bounded = oauthAwareFetch(fetch, url, Object.keys(headers), session, timeout, { boundAll: true });
  return session.authorize((input, init) =>
    bounded(input, { ...init, headers: { ...headers, ...Object.fromEntries(new Headers(init?.headers)) } }),
  );
}

/** An OAuth failure in words: the bounded request's refusal first, else the SDK's message (redacted by the caller). */
function oauthFailureMessage(error: unknown, session: OAuthSession): string {
  const cause = session.failure ?? error;
  let text = cause instanceof Error ? cause.message : String(cause);
  // The SDK's OAuthError carries the server's error code (invalid_client...) apart from its description.
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string' && /^[a-z_]+$/.test(code) && !text.includes(code)) text = `${code}: ${text}`;
  // The description is the authorization server's text: kept to one short line.
  return `OAuth: ${text.replace(/\s+/g, ' ').slice(0, 300)}`;
}

/** Messages waiting to be written to a stdio server before its standard output is paused. */
const pauseReadingAt = 256;

/**
 * The SDK's stdio send waits for 'drain' with one listener per message while the server's
 * standard input is backed up: a server that sends 5,000 requests (pings, roots, sampling)
 * without reading our answers put 5,000 listeners on it (MaxListenersExceededWarning) and held
 * every answer. Here a message is sent once the one before it is written, so at most one
 * listener waits; while more than `pauseReadingAt` wait, the server's output is not read, so a
 * server that keeps asking without reading is slowed (its pipe fills) instead of buffered.
 */
function sendOneAtATime(transport: StdioClientTransport, watch: ProcessWatch): void {
  const send = transport.send.bind(transport);
  let last: Promise<void> = Promise.resolve();
  let waiting = 0;
  let paused = false;
  transport.send = (message) => {
    waiting++;
    if (waiting > pauseReadingAt && !paused) {
      paused = true;
      watch.child?.stdout?.pause();
    }
    const sent = last.then(() => send(message));
    last = sent.then(
      () => settle(),
      () => settle(),
    );
    return sent;
  };
  function settle(): void {
    waiting--;
    if (paused && waiting <= pauseReadingAt / 2) {
      paused = false;
      watch.child?.stdout?.resume();
    }
  }
}

type AnyTransport = ReturnType<typeof createTransport>;

/** How long `auto` waits for server/discover before it falls back to initialize (a silent legacy server costs this much). */
const autoProbeBoundMs = 10_000;

/**
 * Connects with a protocol choice: a revision pins it ('2026-07-28' through server/discover
 * with no fallback, a 2025-era revision through initialize, failing when the server answers with
 * another revision); 'auto' tries server/discover (2026-07-28) and falls back to initialize.
 */
export async function connect(
  target: ConnectTarget,
  protocol: string,
  options: ConnectOptions = {},
): Promise<LiveSession> {
  const deadline = deadlineOf(options);
  const remaining = () => Math.max(1, deadline - Date.now());
  const requestBound = () => Math.min(remaining(), options.requestTimeout ?? Infinity);
  const modern = isRevision(protocol) && defines(protocol, 'lifecycle.stateless');
  const supported = protocol === 'auto' ? [...knownRevisions].reverse() : [protocol];
  const probeBound = Math.min(remaining(), options.probeTimeout ?? (modern ? Infinity : autoProbeBoundMs));
  const client = new Client(clientInfo, {
    supportedProtocolVersions: supported,
    versionNegotiation: {
      mode: protocol === 'auto' ? 'auto' : modern ? { pin: protocol } : 'legacy',
      // Pinned to a modern revision there is no fallback to race against: a probe cut short would
      // call a server that is merely slow to start (10 s under load) one that does not offer it.
      probe: { timeoutMs: probeBound },
    },
    capabilities: { ...(options.clientCapabilities ?? {}) },
  });
  // Every message built from what the server sent (its errors, its standard error) is redacted here.
  const redactor = Redactor.of(target);
  const watch: ProcessWatch = { stderrTail: '' };
  if (target.kind === 'http' && target.oauth) {
    const session = target.oauth;
    try {
      await authorizeTarget(target, () => Math.max(1, Math.min(oauthRequestTimeout, deadline - Date.now())));
    } catch (e) {
      throw new ConnectError(redactor.text(`cannot authorize: ${oauthFailureMessage(e, session)}`));
    }
  }
  const transport = createTransport(target, options, watch);
  const connectStarted = Date.now();
  try {
    const abort = new AbortController();
    await withDeadline(client.connect(transport, { timeout: remaining(), signal: abort.signal }), remaining(), abort);
  } catch (e) {
    // A failed server is stopped now, not after the SDK's graceful close (up to 4 s more past the --timeout).
    watch.abandoned = true;
    if (watch.child && watch.child.exitCode === null) watch.child.kill('SIGKILL');
    await client.close().catch(() => undefined);
    const failure = describeFailure(e, watch, deadline);
    if (target.kind === 'http' && target.oauth && (target.oauth.failure || isAuthError(e)))
      failure.message = oauthFailureMessage(e, target.oauth);
    else if (target.kind === 'http' && !target.oauth && /\b401\b/.test(failure.message))
      failure.message += '; to authorize, add --oauth (browser) or --oauth-client-credentials (CI)';
    throw new ConnectError(
      redactor.text(
        `cannot connect (${protocol === 'auto' ? 'protocol negotiation' : `MCP ${protocol}`}): ${failure.message}`,
      ),
      failure.kind,
    );
  }
  const revision = client.getNegotiatedProtocolVersion() ?? 'unknown';
  if (protocol !== 'auto' && revision !== protocol) {
    await client.close().catch(() => undefined);
    throw new ConnectError(
      redactor.text(`the server does not support MCP ${protocol} (it answered with ${revision})`),
      'protocol',
    );
  }
  const discover = client.getDiscoverResult() as unknown as JsonObject | undefined;
  const rawTap = tapTransport(transport);
  const session: LiveSession = {
    revision,
    negotiation: client.getProtocolEra() === 'modern' ? 'server/discover' : 'initialize',
    serverInfo: { ...((client.getServerVersion() as unknown as JsonObject | undefined) ?? {}) },
    capabilities: { ...((client.getServerCapabilities() as unknown as JsonObject | undefined) ?? {}) },
    ...(client.getInstructions() !== undefined ? { instructions: client.getInstructions()! } : {}),
    ...(discover ? { discover } : {}),
    ...(protocol === 'auto' &&
    target.kind === 'stdio' &&
    client.getProtocolEra() !== 'modern' &&
    Date.now() - connectStarted >= probeBound
      ? { probeUnansweredMs: probeBound }
      : {}),
    async request(method, params = {}) {
      rawTap.expect(method);
      const bound = requestBound();
      try {
        const abort = new AbortController();
        const typed = (await withDeadline(
          client.request({ method, params }, passthrough, { timeout: bound, signal: abort.signal }),
          bound,
          abort,
        )) as unknown;
        const raw = rawTap.take().result;
        const result = isObject(raw) ? raw : isObject(typed) ? typed : {};
        return { ok: true, result };
      } catch (e) {
        // The error as received: the SDK's client codec reports -32002 (resource not found
        // before 2026-07-28) as -32602, so the code is read off the wire when there is one.
        const wire = rawTap.take().error;
        if (isObject(wire) && (typeof wire.code === 'number' || typeof wire.code === 'string')) {
          return {
            ok: false,
            error: {
              code: wire.code,
              message: redactor.text(typeof wire.message === 'string' ? wire.message : ''),
              ...(wire.data !== undefined ? { data: wire.data } : {}),
            },
          };
        }
        if (e instanceof ProtocolError) {
          const err = e as ProtocolError & { code: number; data?: unknown };
          return {
            ok: false,
            error: {
              code: err.code,
              message: redactor.text(stripPrefix(err.message)),
              ...(err.data !== undefined ? { data: err.data } : {}),
            },
          };
        }
        const code = (e as { code?: unknown }).code;
        // Ours or the SDK's own timer (which also sends notifications/cancelled): the bound is named.
        if (e instanceof DeadlineExceeded || code === 'REQUEST_TIMEOUT')
          return { ok: false, error: { code: 'timeout', message: `no answer within ${bound} ms` } };
        return {
          ok: false,
          error: {
            code: typeof code === 'number' || typeof code === 'string' ? code : 'client-error',
            message: redactor.text((e as Error).message),
          },
        };
      }
    },
    async close() {
      await client.close().catch(() => undefined);
    },
  };
  return session;
}

/** Errors of the SDK's authorization (OAuthError, UnauthorizedError, its flow errors) and ours. */
function isAuthError(error: unknown): boolean {
  const name = error instanceof Error ? error.name : '';
  return error instanceof OAuthFailure || /OAuth|Unauthorized|Issuer|Registration|InsecureToken/.test(name);
}

class DeadlineExceeded extends Error {
  override name = 'DeadlineExceeded';
}

/** The promise, or a DeadlineExceeded rejection after `ms` (the SDK's work aborted, so no timer of it outlives the deadline). */
async function withDeadline<T>(promise: Promise<T>, ms: number, abort: AbortController): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new DeadlineExceeded('timed out'));
    }, ms);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Error codes of the system (ECONNREFUSED, ENOENT...) anywhere in an error's cause chain. */
function systemCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && !codes.includes(code)) codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/** A connection failure in words: the cause's system code, a stdio server's exit code and standard error, a timeout. */
function describeFailure(
  error: unknown,
  watch: ProcessWatch,
  deadline: number,
): { message: string; kind: 'connection' | 'protocol' } {
  const base = error instanceof Error ? error.message : String(error);
  const parts: string[] = [];
  // The server answered (a JSON-RPC error, another revision) unless it could not be reached at all.
  let kind: 'connection' | 'protocol' = /connection closed|fetch failed|not connected|socket/i.test(base)
    ? 'connection'
    : 'protocol';
  if (error instanceof DeadlineExceeded || Date.now() >= deadline) {
    parts.push('no answer within the --timeout');
    kind = 'connection';
  } else parts.push(base);
  const allCodes = [...new Set([...systemCodes(error), ...(watch.networkCode ? [watch.networkCode] : [])])];
  if (allCodes.length > 0) kind = 'connection';
  const codes = allCodes.filter((code) => !base.includes(code));
  if (codes.length > 0) parts.push(`(${codes.join(', ')})`);
  if (watch.exitCode !== undefined || watch.signal) {
    parts.push(
      watch.signal ? `; the server was stopped by ${watch.signal}` : `; the server exited with code ${watch.exitCode}`,
    );
    kind = 'connection';
  }
  const tail = watch.stderrTail.trim();
  if (tail !== '') parts.push(`; its standard error ended with: ${tail.slice(-stderrTailChars)}`);
  return { message: parts.join(' ').replace(/ ;/g, ';'), kind };
}

function stripPrefix(message: string): string {
  return message.replace(/^MCP error -?\d+: /, '');
}

/**
 * Reads responses off the wire: the request's id is learned from the outgoing message, and the
 * result or error with that id is kept as received (the SDK's era codecs may reshape typed
 * results and map error codes).
 */
function tapTransport(transport: AnyTransport) {
  let method: string | undefined;
  let id: unknown;
  let raw: unknown;
  let rawError: unknown;
  const t = transport as unknown as {
    send: (message: unknown, options?: unknown) => Promise<void>;
    onmessage?: (message: unknown, extra?: unknown) => void;
  };
  const send = t.send.bind(transport);
  t.send = (message: unknown, opts?: unknown) => {
    if (method !== undefined && isObject(message) && message.method === method && 'id' in message) {
      id = message.id;
      method = undefined;
    }
    return send(message, opts);
  };
  const onmessage = t.onmessage;
  t.onmessage = (message: unknown, extra?: unknown) => {
    if (id !== undefined && isObject(message) && message.id === id) {
      if ('result' in message) raw = message.result;
      else if ('error' in message) rawError = message.error;
    }
    onmessage?.call(transport, message, extra);
  };
  return {
    expect(m: string) {
      method = m;
      id = undefined;
      raw = undefined;
      rawError = undefined;
    },
    take(): { result: unknown; error: unknown } {
      const r = { result: raw, error: rawError };
      method = undefined;
      id = undefined;
      raw = undefined;
      rawError = undefined;
      return r;
    },
  };
}

/**
 * The failure that says most about an unreachable server: the first connection failure, unless a
 * later one names what the first could not (the SDK's server/discover probe fails before the
 * server's exit is seen; an initialize attempt then has its exit code and standard error).
 */
function causeOf(kept: ConnectError | undefined, error: unknown): ConnectError | undefined {
  if (!(error instanceof ConnectError) || error.kind !== 'connection') return kept;
  const tellsCause = (e: ConnectError) => /the server exited|the server was stopped|its standard error/.test(e.message);
  return !kept || (!tellsCause(kept) && tellsCause(error)) ? error : kept;
}

/**
 * The revisions the server supports, in order: the modern ones it advertises on server/discover,
 * and each 2025-era revision it accepts on initialize (answering with the same revision).
 */
export async function supportedRevisions(target: ConnectTarget, options: ConnectOptions = {}): Promise<string[]> {
  options = { ...options, deadline: deadlineOf(options) };
  const found: string[] = [];
  let unreachable: ConnectError | undefined;
  for (const revision of statelessRevisions) {
    try {
      // A question ("does it speak this revision?"), not a pin: a silent legacy server costs the auto bound, not the deadline.
      const first = await connect(target, revision, {
        ...options,
        probeTimeout: options.probeTimeout ?? autoProbeBoundMs,
      });
      const advertised = first.discover?.supportedVersions;
      await first.close();
      if (Array.isArray(advertised)) {
        for (const v of advertised) if (typeof v === 'string' && knownRevisions.includes(v)) found.push(v);
      } else {
        found.push(revision);
      }
      break; // server/discover advertises every revision it supports
    } catch (e) {
      // not a server of this stateless revision
      unreachable = causeOf(unreachable, e);
    }
  }
  for (const revision of initializeRevisions) {
    try {
      const s = await connect(target, revision, options);
      await s.close();
      found.push(revision);
    } catch (e) {
      // not supported (a server may also close the connection on a revision it does not speak)
      unreachable = causeOf(unreachable, e);
    }
  }
  // A server that accepted no revision and could not be reached is no server at all: say why.
  if (found.length === 0 && unreachable) throw unreachable;
  return sortRevisions(found.filter(isRevision));
}
