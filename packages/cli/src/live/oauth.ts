/**
 * OAuth for capture, verify and record over HTTP: the MCP authorization flow as the SDK v2 client
 * implements it (`auth()`: protected-resource metadata from the 401's WWW-Authenticate, RFC 9728;
 * authorization-server metadata, RFC 8414 / OIDC discovery; dynamic client registration, RFC 7591;
 * PKCE S256; refresh; client credentials). This module supplies what the SDK leaves to its host:
 * the provider's storage (memory, or a token file the CLI names), the loopback redirect of the
 * browser step, the bounds of every OAuth request, and the registration of every secret the flow
 * handles with the redaction, so no output can print one.
 */
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import {
  auth,
  extractWWWAuthenticateParams,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { SecretRegistry } from './redaction.js';
import { sdkWarningScope, type WarningScope } from './sdk-warnings.js';

/** How the client obtains its tokens. */
export type OAuthGrant = 'authorization-code' | 'client-credentials';

/** What one server's entry of a token file holds. */
export interface SavedAuthorization {
  client?: StoredOAuthClientInformation;
  /** The redirect URL the client was registered with (a dynamically registered client is bound to it). */
  redirectUrl?: string;
  tokens?: StoredOAuthTokens;
}

/** Where tokens outlive the process: only a file the user names (the CLI implements it). */
export interface TokenStore {
  /** The entry of a server (by its URL), or undefined. */
  load(serverUrl: string): Promise<SavedAuthorization | undefined>;
  save(serverUrl: string, entry: SavedAuthorization): Promise<void>;
}

export interface OAuthSettings {
  grant: OAuthGrant;
  /** A pre-registered client (else dynamic registration, when the server offers it). */
  clientId?: string;
  /** The client secret, read from the environment by the CLI (never a flag value). */
  clientSecret?: string;
  /** Where the secret came from, for messages: `--oauth-client-secret-env NAME`. */
  clientSecretSource?: string;
  scope?: string;
  /**
   * The authorization server the client's credentials belong to (`--oauth-issuer`): the flow
   * stops before sending them to any other one the MCP server names.
   */
  issuer?: string;
  /**
   * An https URL where the client's metadata document is published (Client ID Metadata Documents,
   * SEP-991): its URL is the client_id when the authorization server says it supports them.
   */
  clientMetadataUrl?: string;
  /** Client metadata members for dynamic registration (`--oauth-client-metadata`), over ours. */
  clientMetadata?: Record<string, unknown>;
  /** Loopback port of the redirect (0: an ephemeral one). */
  callbackPort?: number;
  /** Whether to open the authorization URL in a browser (else it is only printed). */
  openBrowser?: boolean;
  /** How long the browser step may take, in milliseconds. */
  browserTimeout?: number;
  store?: TokenStore;
  /**
   * Prints a line on standard error (the authorization URL, notes, and the SDK's warnings about
   * this session's flows, `mcpdesc: [mcp-sdk] …`); the caller redacts.
   */
  notify: (line: string) => void;
}

/** One OAuth request's bounds: the time it may take and the most bytes of its response. */
export const oauthRequestTimeout = 10_000;
export const oauthResponseBytes = 1024 * 1024;
/** The browser step's default bound: a person signs in. */
export const defaultBrowserTimeout = 300_000;
const maxSameOriginRedirects = 3;

/** An OAuth failure in words the user can act on; the connection reports it (exit code 2). */
export class OAuthFailure extends Error {
  override name = 'OAuthFailure';
}

/** Loopback hosts, where plain http is allowed (tests and local development, RFC 8252 §7.3). */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]' ||
    hostname === '::1'
  );
}

/** Refuses an OAuth endpoint that is not https, unless it is on loopback. */
export function assertSecureEndpoint(url: URL, what: string): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return;
  throw new OAuthFailure(
    `refusing the ${what} at ${url.origin}: OAuth endpoints must use https (plain http only on loopback: 127.0.0.1, ::1, localhost)`,
  );
}

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * The fetch of one connection: requests to the MCP server go as before; every other request
 * (the flow's discovery, registration and token requests) is an OAuth request: https or loopback
 * only, at most `oauthRequestTimeout` ms and `oauthResponseBytes` bytes, redirects followed only
 * within the origin and only for GET, and never with the user's --header values when it leaves
 * the MCP server's origin (they are the server's credentials, not the authorization server's).
 */
export function oauthAwareFetch(
  base: Fetch,
  endpoint: URL,
  userHeaderNames: readonly string[],
  session: OAuthSession,
  timeout: () => number,
  options: { boundAll?: boolean } = {},
): Fetch {
  const ownHeaders = new Set(userHeaderNames.map((n) => n.toLowerCase()));
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    // The transport's MCP traffic (the endpoint, the legacy SSE transport's message URL) goes as
    // before, under the operation's deadline; its well-known metadata and every other origin are
    // OAuth requests. Before the deadline starts (`boundAll`), every request is bounded.
    if (!options.boundAll && url.origin === endpoint.origin && !url.pathname.startsWith('/.well-known/'))
      return base(input, init);
    try {
      return await boundedRequest(base, url, init, url.origin === endpoint.origin ? new Set() : ownHeaders, timeout());
    } catch (error) {
      if (error instanceof OAuthFailure) session.failure ??= error;
      throw error;
    }
  };
}

async function boundedRequest(
  base: Fetch,
  url: URL,
  init: RequestInit | undefined,
  dropHeaders: ReadonlySet<string>,
  timeout: number,
): Promise<Response> {
  const headers = new Headers(init?.headers);
  for (const name of dropHeaders) headers.delete(name);
  const method = (init?.method ?? 'GET').toUpperCase();
  let current = url;
  for (let hop = 0; ; hop++) {
    assertSecureEndpoint(current, 'authorization endpoint');
    const signal = init?.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(timeout)])
      : AbortSignal.timeout(timeout);
    let response: Response;
    try {
      response = await base(current, { ...init, headers, redirect: 'manual', signal });
    } catch (error) {
      if ((error as Error).name === 'TimeoutError')
        throw new OAuthFailure(`no answer from ${current.origin} within ${timeout} ms (OAuth request)`);
      if (init?.signal?.aborted) throw error;
      // fetch says only "fetch failed": the system's code (ECONNREFUSED...) is in its causes.
      const code = systemCodeOf(error);
      throw new OAuthFailure(`cannot reach ${current.origin}${code ? ` (${code})` : ''}`);
    }
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (location === null) return capped(response, current);
    await response.body?.cancel().catch(() => undefined);
    const next = new URL(location, current);
    if (next.origin !== current.origin || method !== 'GET' || hop >= maxSameOriginRedirects)
      throw new OAuthFailure(
        `${current.origin} redirected an OAuth request to ${next.origin}${next.pathname}: not followed (only GET redirects within one origin are)`,
      );
    current = next;
  }
}

/** The first system error code (ECONNREFUSED, ENOTFOUND...) in an error's cause chain. */
function systemCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The response with its body read whole, refused past `oauthResponseBytes`. */
async function capped(response: Response, url: URL): Promise<Response> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if ((error as Error).name === 'TimeoutError')
          throw new OAuthFailure(`${url.origin} did not finish its answer to an OAuth request in time`);
        throw error;
      }
      const { done, value } = chunk;
      if (done) break;
      size += value.byteLength;
      if (size > oauthResponseBytes) {
        await reader.cancel().catch(() => undefined);
        throw new OAuthFailure(
          `${url.origin} sent more than ${oauthResponseBytes} bytes in answer to an OAuth request`,
        );
      }
      chunks.push(value);
    }
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  const nullBody = [101, 204, 205, 304].includes(response.status);
  return new Response(nullBody ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** What `attach` wraps of an SDK client transport (Streamable HTTP, SSE). */
interface SdkTransport {
  start(): Promise<void>;
  send(...args: never[]): Promise<void>;
  close(): Promise<void>;
}

/** The answer of the browser step at the loopback redirect. */
interface CallbackResult {
  code: string;
  iss?: string;
}

/**
 * One operation's OAuth state (capture, verify, record): the provider the transports use, the
 * secrets it has seen, and the authorization done once before the first connection.
 */
export class OAuthSession {
  readonly secrets = new SecretRegistry();
  readonly provider: OAuthClientProvider;
  /** The first refusal of a bounded request (an http authorization server...): it says more than the SDK's wrap of it. */
  failure: OAuthFailure | undefined;
  private entry: SavedAuthorization = {};
  private loaded = false;
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  private expectedState: string | undefined;
  private callbackServer: Server | undefined;
  private callback: Promise<CallbackResult> | undefined;
  private redirect: string | undefined;
  /** Whether the browser step may start now (only while authorizing before the first connection). */
  private interactive = false;
  private authorized: Promise<void> | undefined;

  constructor(
    readonly settings: OAuthSettings,
    readonly serverUrl: string,
  ) {
    const source = settings.clientSecretSource ?? 'the OAuth client secret';
    if (settings.clientSecret !== undefined) {
      this.secrets.add(settings.clientSecret, source);
      // The SDK's client_secret_basic header, as a server might echo it back.
      if (settings.clientId !== undefined)
        this.secrets.add(btoa(`${settings.clientId}:${settings.clientSecret}`), source);
    }
    this.provider = OAuthSession.providerOf(this);
  }

  /**
   * Authorizes once for the operation, before its first connection: tokens from the token file
   * when it has them (refreshed by the transport on a 401), else the flow, discovered from the
   * server's 401. A server that does not answer 401 needs no token.
   */
  authorize(fetchFn: Fetch): Promise<void> {
    if (!this.authorized) {
      const warnings = this.warningScope();
      this.authorized = warnings
        .run(() => this.run(fetchFn))
        .finally(() => {
          warnings.close();
          this.closeCallback();
        });
    }
    return this.authorized;
  }

  /**
   * The transport's own runs of the flow (a refresh on a 401, a step-up on a 403, the SSE stream
   * reopening) report the SDK's warnings to this session, from its start until it is closed. The
   * scope opens at the first start or send, so a transport that never runs leaves none open.
   */
  attach<T extends SdkTransport>(transport: T): T {
    let warnings: WarningScope | undefined;
    const scope = () => (warnings ??= this.warningScope());
    const start = transport.start.bind(transport);
    const send = transport.send.bind(transport);
    const close = transport.close.bind(transport);
    transport.start = () => scope().run(start);
    transport.send = (...args) => scope().run(() => send(...args));
    transport.close = () => close().finally(() => warnings?.close());
    return transport;
  }

  /** The SDK's warnings raised in this session's work, as lines of its own output (the caller's redaction applies). */
  private warningScope(): WarningScope {
    return sdkWarningScope((text) => this.settings.notify(`mcpdesc: ${text}\n`));
  }

  private async run(fetchFn: Fetch): Promise<void> {
    await this.load();
    if (this.entry.tokens?.access_token) return;
    const probe = await fetchFn(this.serverUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'ping' }),
    });
    await probe.body?.cancel().catch(() => undefined);
    if (probe.status !== 401) return;
    const challenge = extractWWWAuthenticateParams(probe);
    const options = {
      serverUrl: this.serverUrl,
      fetchFn,
      ...(challenge.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {}),
      ...((this.settings.scope ?? challenge.scope) ? { scope: this.settings.scope ?? challenge.scope } : {}),
    };
    if (this.settings.grant === 'authorization-code') await this.listenForCallback();
    this.interactive = true;
    let result: string;
    try {
      result = await auth(this.provider, options);
      if (result === 'REDIRECT') {
        const answer = await this.callback!;
        result = await auth(this.provider, {
          ...options,
          authorizationCode: answer.code,
          ...(answer.iss !== undefined ? { iss: answer.iss } : {}),
        });
      }
    } finally {
      this.interactive = false;
    }
    if (result !== 'AUTHORIZED') throw new OAuthFailure('the authorization server did not issue a token');
  }

  private async load(): Promise<void> {
    if (this.loaded) return;
    this.loaded = true;
    const saved = await this.settings.store?.load(this.serverUrl);
    if (!saved) return;
    this.entry = saved;
    this.registerTokens(saved.tokens);
    this.secrets.add(saved.client?.client_secret, 'the registered OAuth client secret');
  }

  private async persist(): Promise<void> {
    await this.settings.store?.save(this.serverUrl, this.entry);
  }

  private registerTokens(tokens: StoredOAuthTokens | undefined): void {
    this.secrets.add(tokens?.access_token, 'the OAuth access token');
    this.secrets.add(tokens?.refresh_token, 'the OAuth refresh token');
    this.secrets.add((tokens as { id_token?: string } | undefined)?.id_token, 'the OpenID Connect ID token');
  }

  /** Starts the loopback listener of the redirect: 127.0.0.1, an ephemeral port unless one was named. */
  private async listenForCallback(): Promise<void> {
    const server = createServer();
    this.callbackServer = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', (e: NodeJS.ErrnoException) =>
        reject(new OAuthFailure(`cannot listen for the OAuth redirect on 127.0.0.1: ${e.code ?? e.message}`)),
      );
      server.listen(this.settings.callbackPort ?? 0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    this.redirect = `http://127.0.0.1:${port}/callback`;
    // A client registered for another redirect (an earlier ephemeral port) registers again.
    if (this.entry.redirectUrl !== undefined && this.entry.redirectUrl !== this.redirect && !this.settings.clientId)
      delete this.entry.client;
    const wait = this.settings.browserTimeout ?? defaultBrowserTimeout;
    this.callback = new Promise<CallbackResult>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new OAuthFailure(`no answer at the OAuth redirect within ${wait} ms (the browser step)`)),
        wait,
      );
      server.on('request', (request, response) => {
        const url = new URL(request.url ?? '/', this.redirect);
        if (url.pathname !== '/callback') {
          response.writeHead(404).end();
          return;
        }
        const code = url.searchParams.get('code');
        const state = url.searchParams.get('state');
        const error = url.searchParams.get('error');
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        if (state !== this.expectedState) {
          // Another page's request (or a forged one): not ours, and not an answer.
          response.end('mcpdesc: this redirect does not belong to the authorization in progress.\n');
          return;
        }
        clearTimeout(timer);
        if (code) {
          this.secrets.add(code, 'the OAuth authorization code');
          response.end('mcpdesc: authorized. You can close this tab.\n');
          const iss = url.searchParams.get('iss');
          resolve({ code, ...(iss !== null ? { iss } : {}) });
        } else {
          response.end('mcpdesc: the authorization was not granted.\n');
          // The server's error code only, cut short: its description is untrusted text.
          const what = (error ?? 'no code').replace(/[^\w.-]/g, '').slice(0, 60);
          reject(new OAuthFailure(`the authorization server answered the browser step with ${what}`));
        }
      });
    });
    // Awaited later; a rejection before then is not unhandled.
    this.callback.catch(() => undefined);
  }

  private closeCallback(): void {
    this.callbackServer?.close();
    this.callbackServer?.closeAllConnections();
    this.callbackServer = undefined;
  }

  /** The SDK's provider over a session's state (static, so its methods name the session, not `this`). */
  private static providerOf(session: OAuthSession): OAuthClientProvider {
    const settings = session.settings;
    const interactive = settings.grant === 'authorization-code';
    return {
      ...(settings.clientMetadataUrl !== undefined ? { clientMetadataUrl: settings.clientMetadataUrl } : {}),
      get redirectUrl() {
        return interactive ? (session.redirect ?? 'http://127.0.0.1/callback') : undefined;
      },
      get clientMetadata(): OAuthClientMetadata {
        const ours: Record<string, unknown> = interactive
          ? {
              client_name: 'mcpdesc',
              redirect_uris: [session.redirect ?? 'http://127.0.0.1/callback'],
              grant_types: ['authorization_code', 'refresh_token'],
              response_types: ['code'],
              token_endpoint_auth_method: 'none',
            }
          : {
              client_name: 'mcpdesc',
              redirect_uris: [],
              grant_types: ['client_credentials'],
              token_endpoint_auth_method: 'client_secret_basic',
            };
        if (settings.scope !== undefined) ours.scope = settings.scope;
        return { ...ours, ...(settings.clientMetadata ?? {}) } as OAuthClientMetadata;
      },
      state() {
        session.expectedState = randomBytes(16).toString('base64url');
        return session.expectedState;
      },
      clientInformation(ctx) {
        if (settings.clientId === undefined) return session.entry.client;
        // A pre-registered client belongs to one authorization server: the pinned one, else the
        // one discovery names (stamped so the SDK binds the tokens to it, SEP-2352).
        if (settings.issuer !== undefined && ctx !== undefined && !sameIssuer(settings.issuer, ctx.issuer))
          throw new OAuthFailure(
            `the server names the authorization server ${ctx.issuer}, not the --oauth-issuer ${settings.issuer}: the client's credentials are not sent there`,
          );
        const issuer = settings.issuer ?? ctx?.issuer;
        return {
          client_id: settings.clientId,
          ...(settings.clientSecret !== undefined ? { client_secret: settings.clientSecret } : {}),
          ...(issuer !== undefined ? { issuer } : {}),
        };
      },
      async saveClientInformation(client) {
        session.secrets.add(client.client_secret, 'the registered OAuth client secret');
        session.secrets.add(
          (client as { registration_access_token?: string }).registration_access_token,
          'the OAuth registration access token',
        );
        session.entry.client = client;
        if (session.redirect !== undefined) session.entry.redirectUrl = session.redirect;
        await session.persist();
      },
      tokens() {
        return session.entry.tokens;
      },
      async saveTokens(tokens) {
        session.registerTokens(tokens);
        session.entry.tokens = tokens;
        await session.persist();
      },
      async redirectToAuthorization(url: URL) {
        if (!session.interactive) {
          // Forgotten, so the next run starts the browser step instead of failing the same way.
          delete session.entry.tokens;
          await session.persist();
          throw new OAuthFailure(
            'the authorization expired during the run and a new one needs the browser: run the command again',
          );
        }
        assertSecureEndpoint(url, 'authorization endpoint');
        settings.notify(`mcpdesc: open this URL in a browser to authorize mcpdesc:\n  ${url.href}\n`);
        if (settings.openBrowser) openInBrowser(url.href);
      },
      saveCodeVerifier(verifier: string) {
        session.secrets.add(verifier, 'the PKCE code verifier');
        session.verifier = verifier;
      },
      codeVerifier() {
        if (session.verifier === undefined)
          throw new OAuthFailure('no PKCE code verifier: the authorization did not start');
        return session.verifier;
      },
      saveDiscoveryState(state: OAuthDiscoveryState) {
        session.discovery = state;
      },
      discoveryState() {
        return session.discovery;
      },
      async invalidateCredentials(scope) {
        if (scope === 'all' || scope === 'tokens') delete session.entry.tokens;
        // A pre-registered client is the user's to change; a registered one registers again.
        if ((scope === 'all' || scope === 'client') && settings.clientId === undefined) delete session.entry.client;
        if (scope === 'all' || scope === 'verifier') session.verifier = undefined;
        if (scope === 'all' || scope === 'discovery') session.discovery = undefined;
        await session.persist();
      },
      ...(interactive
        ? {}
        : {
            prepareTokenRequest(scope?: string) {
              const params = new URLSearchParams({ grant_type: 'client_credentials' });
              if (scope) params.set('scope', scope);
              return params;
            },
          }),
    };
  }
}

/** Issuer identifiers compare equal up to one trailing slash (as the SDK's SEP-2352 check does). */
function sameIssuer(a: string, b: string): boolean {
  return a.replace(/\/$/, '') === b.replace(/\/$/, '');
}

/** Opens a URL in the desktop's browser (only with --oauth-open): the URL is an argument, never shell text. */
function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer.exe' : 'xdg-open';
  try {
    const child = spawn(command, [url], { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No browser: the URL is printed above.
  }
}
