/**
 * The OAuth test bed, on loopback only: an authorization server (oauth2-mock-server, pinned, which
 * signs real JWTs, redirects /authorize with a code at once and checks PKCE) behind a thin wrapper
 * that adds what it lacks (RFC 8414 metadata with a registration endpoint, dynamic client
 * registration, client authentication), and our mock behind a protected-resource wrapper that
 * serves RFC 9728 metadata, answers 401 with `WWW-Authenticate: Bearer resource_metadata=...`
 * without a valid token, checks the JWT's signature against the server's keys, and can echo the
 * token back (in server info, a tool description and a JSON-RPC error) to test the redaction.
 */
import { createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service, Events } from 'oauth2-mock-server';
import { startMock, type MockHandle } from 'mcpdesc-toolkit/internal/live/mock/server.js';

export interface Client {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  grant_types: string[];
  client_name?: string;
}

export interface AuthorizationServer {
  issuer: string;
  clients: Map<string, Client>;
  /** Requests by path, counted. */
  requests: Map<string, number>;
  /** The client_id of each authorization request, in order. */
  authorizedClients: string[];
  keys(): JsonWebKey[];
  stop(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function stopServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(value));
}

/** The client a token request authenticates as (Basic or the form's client_id/client_secret). */
function clientOfTokenRequest(request: IncomingMessage & { body?: Record<string, string> }): {
  id?: string;
  secret?: string;
} {
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  }
  return { id: request.body?.client_id, secret: request.body?.client_secret };
}

export async function startAuthorizationServer(
  options: { registration?: boolean; clients?: Client[]; clientIdMetadataDocuments?: boolean } = {},
): Promise<AuthorizationServer> {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);
  const clients = new Map((options.clients ?? []).map((c) => [c.client_id, c]));
  const requests = new Map<string, number>();
  const authorizedClients: string[] = [];
  /** A registered client, or (with Client ID Metadata Documents) a public client named by its https URL. */
  const knownClient = (id: string): Client | undefined =>
    clients.get(id) ??
    (options.clientIdMetadataDocuments && id.startsWith('https://')
      ? { client_id: id, redirect_uris: [], grant_types: ['authorization_code', 'refresh_token'] }
      : undefined);
  // Client authentication, which the mock server leaves out: an unknown client or a wrong secret is invalid_client.
  service.on(Events.BeforeResponse, (response: { statusCode: number; body: unknown }, request: IncomingMessage) => {
    const { id, secret } = clientOfTokenRequest(request as IncomingMessage & { body?: Record<string, string> });
    const client = id === undefined ? undefined : knownClient(id);
    if (!client || (client.client_secret !== undefined && client.client_secret !== secret)) {
      response.statusCode = 401;
      // Echoes the secret it was sent, as a careless server might: the output must not show it.
      response.body = { error: 'invalid_client', error_description: `client authentication failed for ${secret}` };
    }
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer.url);
    requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
    if (
      request.method === 'GET' &&
      (url.pathname === '/.well-known/oauth-authorization-server' ||
        url.pathname === '/.well-known/openid-configuration')
    ) {
      json(response, 200, {
        issuer: issuer.url,
        authorization_endpoint: `${issuer.url}/authorize`,
        token_endpoint: `${issuer.url}/token`,
        jwks_uri: `${issuer.url}/jwks`,
        ...(options.registration !== false ? { registration_endpoint: `${issuer.url}/register` } : {}),
        ...(options.clientIdMetadataDocuments ? { client_id_metadata_document_supported: true } : {}),
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      });
      return;
    }
    if (request.method === 'POST' && url.pathname === '/register' && options.registration !== false) {
      void body(request).then((text) => {
        const metadata = JSON.parse(text) as Record<string, unknown>;
        const confidential = metadata.token_endpoint_auth_method !== 'none';
        const client: Client = {
          client_id: `dyn-${randomBytes(6).toString('hex')}`,
          ...(confidential ? { client_secret: randomBytes(24).toString('base64url') } : {}),
          redirect_uris: (metadata.redirect_uris as string[] | undefined) ?? [],
          grant_types: (metadata.grant_types as string[] | undefined) ?? ['authorization_code'],
          ...(typeof metadata.client_name === 'string' ? { client_name: metadata.client_name } : {}),
        };
        clients.set(client.client_id, client);
        json(response, 201, { ...metadata, ...client, client_id_issued_at: Math.floor(Date.now() / 1000) });
      });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/authorize') {
      // The mock server redirects anywhere: a real one checks the client and its registered redirect.
      const id = url.searchParams.get('client_id') ?? '';
      const client = knownClient(id);
      // A metadata-document client's redirect URIs are in its document; a loopback one stands for it here.
      const redirect = url.searchParams.get('redirect_uri') ?? '';
      const allowed = clients.has(id)
        ? client!.redirect_uris.includes(redirect)
        : redirect.startsWith('http://127.0.0.1:');
      authorizedClients.push(id);
      if (!client || !allowed) {
        json(response, 400, { error: 'invalid_request', error_description: 'unknown client or redirect_uri' });
        return;
      }
      if (url.searchParams.get('code_challenge_method') !== 'S256') {
        json(response, 400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
        return;
      }
    }
    service.requestHandler(request, response);
  });
  const port = await listen(server);
  issuer.url = `http://127.0.0.1:${port}`;
  return {
    issuer: issuer.url,
    clients,
    requests,
    authorizedClients,
    keys: () => issuer.keys.toJSON() as JsonWebKey[],
    stop: () => stopServer(server),
  };
}

/** Whether a JWT is signed by one of the keys (RS256) and not expired; anything malformed is not. */
function validJwt(token: string, keys: JsonWebKey[], issuer: string): boolean {
  try {
    return checkJwt(token, keys, issuer);
  } catch {
    return false;
  }
}

function checkJwt(token: string, keys: JsonWebKey[], issuer: string): boolean {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return false;
  const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { kid?: string };
  const key = keys.find((k) => (k as { kid?: string }).kid === kid);
  if (!key) return false;
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    createPublicKey({ key, format: 'jwk' }),
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return false;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: number; iss?: string };
  return claims.iss === issuer && (claims.exp ?? 0) > Date.now() / 1000;
}

export interface ProtectedMock {
  /** The MCP endpoint behind OAuth. */
  url: string;
  /** The same mock without OAuth. */
  plainUrl: string;
  /** Tokens the resource accepted, in order. */
  accepted: string[];
  stop(): Promise<void>;
}

/** The placeholder a description carries where the echoing resource puts the bearer token. */
export const echoPlaceholder = 'ECHO_TOKEN_HERE';

export async function startProtectedMock(
  document: unknown,
  as: AuthorizationServer,
  options: { echo?: boolean } = {},
): Promise<ProtectedMock> {
  const mock: MockHandle = await startMock(document, { transport: 'http', port: 0 });
  const upstream = new URL(mock.url!);
  const accepted: string[] = [];
  let base = '';
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    if (url.pathname.startsWith('/.well-known/oauth-protected-resource')) {
      json(response, 200, {
        resource: `${base}/mcp`,
        authorization_servers: [as.issuer],
        bearer_methods_supported: ['header'],
      });
      return;
    }
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!token || !validJwt(token, as.keys(), as.issuer)) {
      json(
        response,
        401,
        { error: 'invalid_token' },
        { 'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"` },
      );
      return;
    }
    accepted.push(token);
    void body(request).then((text) => {
      const message = text ? (JSON.parse(text) as { id?: unknown; method?: string; params?: { name?: string } }) : {};
      if (options.echo && message.method === 'tools/call' && message.params?.name === 'fail') {
        json(response, 200, {
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32603, message: `token ${token} refused` },
        });
        return;
      }
      const headers = { ...request.headers };
      delete headers.authorization;
      delete headers['content-length'];
      delete headers.host;
      const forward = httpRequest(
        { host: upstream.hostname, port: upstream.port, path: upstream.pathname, method: request.method, headers },
        (answer) => {
          const outHeaders = { ...answer.headers };
          delete outHeaders['content-length'];
          if (request.method === 'GET' || !options.echo) {
            response.writeHead(answer.statusCode ?? 502, outHeaders);
            answer.pipe(response);
            return;
          }
          void body(answer).then((reply) => {
            response.writeHead(answer.statusCode ?? 502, outHeaders);
            response.end(reply.split(echoPlaceholder).join(token));
          });
        },
      );
      forward.on('error', () => response.destroy());
      forward.end(text);
    });
  });
  const port = await listen(server);
  base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/mcp`,
    plainUrl: mock.url!,
    accepted,
    stop: async () => {
      await stopServer(server);
      await mock.close();
    },
  };
}
