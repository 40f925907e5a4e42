/**
 * Connecting to a running MCP server as a client (official MCP SDK v2 client): stdio,
 * Streamable HTTP or legacy SSE; headers whose values may come from ${VAR}; timeouts; protocol
 * revision negotiation (2026-07-28 via server/discover, 2025-era via initialize); raw requests
 * whose results are read from the wire, so unknown fields (x-*, _meta, future fields) survive.
 *
 * Only the live commands import this module (lazily), so the SDK never loads for validate/convert.
 */
import { setOwn } from '../model/json.js';
import { Client, ProtocolError, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { isObject, type JsonObject } from '../model/values.js';
import { defines, having, isRevision, revisions, sortRevisions } from '../model/revisions.js';

export const clientInfo = { name: 'mcpdesc', version: '0.1.0' };
/** The revisions a `--protocol` may name (the CLI reads them here). */
export const knownRevisions: readonly string[] = revisions;
/** Revisions negotiated with server/discover (stateless), newest first; the others use initialize. */
const statelessRevisions = having(revisions, 'lifecycle.stateless').reverse();
const initializeRevisions = having(revisions, 'lifecycle.initialize');

/** Where the server is. */
export type ConnectTarget =
  | { kind: 'stdio'; command: string; args: string[]; env?: Record<string, string>; cwd?: string }
  | { kind: 'http'; url: string; sse?: boolean; headers?: Record<string, string> };

export interface ConnectOptions {
  /** Milliseconds for the handshake and for each request (default 30000). */
  timeout?: number;
  /** Standard error of a stdio server (default: ignored). */
  stderr?: 'inherit' | 'ignore';
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
  /** Sends a request and returns the raw result or error; never throws for JSON-RPC errors. */
  request(method: string, params?: JsonObject): Promise<RawOutcome>;
  close(): Promise<void>;
}

export class ConnectError extends Error {
  override name = 'ConnectError';
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
    if (colon <= 0) throw new ConnectError(`header "${item.split(':')[0]}" must look like "Name: value"`);
    const name = item.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new ConnectError(`"${name}" is not a valid header name`);
    setOwn(headers, name, expandVariables(item.slice(colon + 1).trim(), env));
  }
  return headers;
}

/** Parses "K=V" environment options. */
export function parseEnvAssignments(list: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const item of list) {
    const eq = item.indexOf('=');
    if (eq <= 0)
      throw new ConnectError(`--env expects NAME=VALUE, got a value without "=" for "${item.split('=')[0]}"`);
    setOwn(env, item.slice(0, eq), item.slice(eq + 1));
  }
  return env;
}

/** Every secret the target carries (header and env values), for scrubbing messages. */
export function secretsOf(target: ConnectTarget): string[] {
  const values = target.kind === 'stdio' ? Object.values(target.env ?? {}) : Object.values(target.headers ?? {});
  return values.filter((v) => v.length >= 3);
}

/** Removes secrets from a text (error messages may echo requests). */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('***');
  return out;
}

const passthrough = {
  '~standard': { version: 1 as const, vendor: 'mcpdesc', validate: (value: unknown) => ({ value }) },
};

function createTransport(target: ConnectTarget, options: ConnectOptions) {
  if (target.kind === 'stdio') {
    // The SDK's safe default environment (PATH, HOME...), plus --env: nothing else leaks to the server.
    return new StdioClientTransport({
      command: target.command,
      args: target.args,
      env: { ...getDefaultEnvironment(), ...(target.env ?? {}) },
      ...(target.cwd ? { cwd: target.cwd } : {}),
      stderr: options.stderr ?? 'ignore',
    });
  }
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new ConnectError(`--url "${target.url}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConnectError(`--url must be http or https, got ${url.protocol}`);
  const requestInit = { headers: { ...(target.headers ?? {}) } };
  if (target.sse) {
    const headers = target.headers ?? {};
    return new SSEClientTransport(url, {
      requestInit,
      eventSourceInit: {
        fetch: (input: string | URL | Request, init?: RequestInit) =>
          fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string> | undefined), ...headers } }),
      },
    });
  }
  return new StreamableHTTPClientTransport(url, { requestInit });
}

type AnyTransport = ReturnType<typeof createTransport>;

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
  const timeout = options.timeout ?? 30000;
  const modern = isRevision(protocol) && defines(protocol, 'lifecycle.stateless');
  const supported = protocol === 'auto' ? [...knownRevisions].reverse() : [protocol];
  const client = new Client(clientInfo, {
    supportedProtocolVersions: supported,
    versionNegotiation: {
      mode: protocol === 'auto' ? 'auto' : modern ? { pin: protocol } : 'legacy',
      probe: { timeoutMs: Math.min(timeout, 10000) },
    },
    capabilities: {},
  });
  const transport = createTransport(target, options);
  const secrets = secretsOf(target);
  try {
    await client.connect(transport, { timeout });
  } catch (e) {
    await client.close().catch(() => undefined);
    throw new ConnectError(
      redact(
        `cannot connect (${protocol === 'auto' ? 'protocol negotiation' : `MCP ${protocol}`}): ${(e as Error).message}`,
        secrets,
      ),
    );
  }
  const revision = client.getNegotiatedProtocolVersion() ?? 'unknown';
  if (protocol !== 'auto' && revision !== protocol) {
    await client.close().catch(() => undefined);
    throw new ConnectError(`the server does not support MCP ${protocol} (it answered with ${revision})`);
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
    async request(method, params = {}) {
      rawTap.expect(method);
      try {
        const typed = (await client.request({ method, params }, passthrough, { timeout })) as unknown;
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
              message: redact(typeof wire.message === 'string' ? wire.message : '', secrets),
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
              message: redact(stripPrefix(err.message), secrets),
              ...(err.data !== undefined ? { data: err.data } : {}),
            },
          };
        }
        const code = (e as { code?: unknown }).code;
        return {
          ok: false,
          error: {
            code: typeof code === 'number' || typeof code === 'string' ? code : 'client-error',
            message: redact((e as Error).message, secrets),
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
 * The revisions the server supports, in order: the modern ones it advertises on server/discover,
 * and each 2025-era revision it accepts on initialize (answering with the same revision).
 */
export async function supportedRevisions(target: ConnectTarget, options: ConnectOptions = {}): Promise<string[]> {
  const found: string[] = [];
  for (const revision of statelessRevisions) {
    try {
      const first = await connect(target, revision, options);
      const advertised = first.discover?.supportedVersions;
      await first.close();
      if (Array.isArray(advertised)) {
        for (const v of advertised) if (typeof v === 'string' && knownRevisions.includes(v)) found.push(v);
      } else {
        found.push(revision);
      }
      break; // server/discover advertises every revision it supports
    } catch {
      // not a server of this stateless revision
    }
  }
  for (const revision of initializeRevisions) {
    try {
      const s = await connect(target, revision, options);
      await s.close();
      found.push(revision);
    } catch {
      // not supported
    }
  }
  return sortRevisions(found.filter(isRevision));
}
