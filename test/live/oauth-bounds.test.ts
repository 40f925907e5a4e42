/**
 * The bounds of OAuth requests (live/oauth.ts `oauthAwareFetch`), on a loopback server: the size
 * cap, redirects (never for a POST, never to another origin), plain http off loopback refused
 * before any request, the user's headers kept from other origins; and the SecretRegistry a
 * Redactor reads at each use.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import {
  OAuthFailure,
  OAuthSession,
  oauthAwareFetch,
  oauthResponseBytes,
} from 'mcpdesc-toolkit/internal/live/oauth.js';
import { Redactor, SecretRegistry } from 'mcpdesc-toolkit/internal/live/redaction.js';

let base = '';
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
const server = createServer((request, response) => {
  seen.push({ path: request.url ?? '', headers: request.headers });
  if (request.url === '/big') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`"${'x'.repeat(oauthResponseBytes + 10)}"`);
  } else if (request.url === '/away') {
    response.writeHead(307, { location: 'http://localhost:1/elsewhere' });
    response.end();
  } else if (request.url === '/here') {
    response.writeHead(302, { location: '/metadata' });
    response.end();
  } else {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  }
});
before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const session = () => new OAuthSession({ grant: 'client-credentials', notify: () => undefined }, `${base}/mcp`);
/** The fetch of a connection to an MCP server on another loopback origin, with a user header. */
const oauthFetch = (s = session()) =>
  oauthAwareFetch(fetch, new URL('http://localhost:9/mcp'), ['X-Api-Key'], s, () => 5000);

test('a response larger than the cap is refused', async () => {
  await assert.rejects(oauthFetch()(`${base}/big`), (e: Error) => {
    assert.ok(e instanceof OAuthFailure);
    assert.match(e.message, new RegExp(`more than ${oauthResponseBytes} bytes`));
    return true;
  });
});

test('a redirect to another origin is not followed, and a POST is never redirected', async () => {
  await assert.rejects(
    oauthFetch()(`${base}/away`),
    /redirected an OAuth request to http:\/\/localhost:1\/elsewhere: not followed/,
  );
  await assert.rejects(oauthFetch()(`${base}/here`, { method: 'POST', body: 'client_secret=x' }), /not followed/);
  const followed = await oauthFetch()(`${base}/here`);
  assert.deepEqual(await followed.json(), { ok: true });
});

test('plain http off loopback is refused before any request; the failure is kept for the message', async () => {
  let called = 0;
  const s = session();
  const counting = oauthAwareFetch(
    (input, init) => {
      called++;
      return fetch(input, init);
    },
    new URL('https://mcp.example.com/mcp'),
    [],
    s,
    () => 5000,
  );
  await assert.rejects(counting('http://login.example.com/.well-known/oauth-authorization-server'), /must use https/);
  assert.equal(called, 0);
  assert.match(s.failure?.message ?? '', /refusing the authorization endpoint at http:\/\/login\.example\.com/);
});

test("the user's headers stay with the MCP server's origin", async () => {
  seen.length = 0;
  await oauthFetch()(`${base}/metadata`, { headers: { 'X-Api-Key': 'k-123456', accept: 'application/json' } });
  assert.equal(seen.at(-1)!.headers['x-api-key'], undefined);
  assert.equal(seen.at(-1)!.headers.accept, 'application/json');
  const sameOrigin = oauthAwareFetch(fetch, new URL(`${base}/mcp`), ['X-Api-Key'], session(), () => 5000);
  await sameOrigin(`${base}/.well-known/oauth-protected-resource`, { headers: { 'X-Api-Key': 'k-123456' } });
  assert.equal(seen.at(-1)!.headers['x-api-key'], 'k-123456');
});

test('a Redactor replaces a secret registered after it was made', () => {
  const registry = new SecretRegistry();
  const redactor = new Redactor([], { registry });
  assert.equal(redactor.text('token abc.def.ghi-12345'), 'token abc.def.ghi-12345');
  registry.add('abc.def.ghi-12345', 'the OAuth access token');
  assert.equal(redactor.text('token abc.def.ghi-12345'), 'token ***');
  assert.deepEqual(redactor.scan('x abc.def.ghi-12345').sources, ['the OAuth access token']);
  // Too short to tell from a word: never a secret.
  registry.add('abc', 'short');
  assert.equal(redactor.text('abc'), 'abc');
});

test('a client secret is registered from the start, with its Basic encoding', () => {
  const s = new OAuthSession(
    { grant: 'client-credentials', clientId: 'bot', clientSecret: 's3cr3t-value', notify: () => undefined },
    `${base}/mcp`,
  );
  const redactor = new Redactor([], { registry: s.secrets });
  assert.equal(redactor.text(`s3cr3t-value Basic ${btoa('bot:s3cr3t-value')}`), '*** Basic ***');
});
