/**
 * The SDK's OAuth warnings (console.warn `[mcp-sdk] …`) go to the flow that raised them and to no
 * other (live/sdk-warnings.ts, OAuthSession): overlapping flows each get their own, whatever order
 * they end in; `console.warn` is what it was once the last one ends; a warning from other code
 * during a flow, `[mcp-sdk]` or not, reaches `console.warn` as before.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { OAuthSession } from 'mcpdesc-toolkit/internal/live/oauth.js';
import { sdkWarningScope } from 'mcpdesc-toolkit/internal/live/sdk-warnings.js';

/** What reached console.warn itself (the stand-in the tests put there). */
let reached: string[] = [];
let before: typeof console.warn;
const recorder = (...args: unknown[]) => void reached.push(args.map(String).join(' '));

beforeEach(() => {
  before = console.warn;
  reached = [];
  console.warn = recorder;
});
afterEach(() => {
  console.warn = before;
});

test('a scope takes the [mcp-sdk] lines its own work raises, later ones included; everything else passes', async () => {
  const own: string[] = [];
  const scope = sdkWarningScope((text) => own.push(text));
  await scope.run(async () => {
    await delay(1);
    console.warn('[mcp-sdk] after an await');
    setTimeout(() => console.warn('[mcp-sdk] from a timer the work started'), 1);
    console.warn('a line of other code inside the work');
  });
  console.warn('[mcp-sdk] outside the scope');
  await delay(5);
  scope.close();
  assert.deepEqual(own, ['[mcp-sdk] after an await', '[mcp-sdk] from a timer the work started']);
  assert.deepEqual(reached, ['a line of other code inside the work', '[mcp-sdk] outside the scope']);
  assert.equal(console.warn, recorder, 'console.warn is back');
});

test('overlapping scopes: each keeps its own lines, and console.warn comes back whichever closes last', async () => {
  for (const firstToClose of ['a', 'b'] as const) {
    reached = [];
    const lines = { a: [] as string[], b: [] as string[] };
    const a = sdkWarningScope((text) => lines.a.push(text));
    const b = sdkWarningScope((text) => lines.b.push(text));
    await Promise.all([
      a.run(async () => {
        await delay(1);
        console.warn('[mcp-sdk] a');
      }),
      b.run(async () => {
        await delay(1);
        console.warn('[mcp-sdk] b');
      }),
    ]);
    (firstToClose === 'a' ? a : b).close();
    assert.notEqual(console.warn, recorder, 'one scope is still open');
    await (firstToClose === 'a' ? b : a).run(async () => console.warn(`[mcp-sdk] still open`));
    (firstToClose === 'a' ? b : a).close();
    (firstToClose === 'a' ? b : a).close(); // twice: nothing more
    assert.equal(console.warn, recorder, `closed ${firstToClose} first: console.warn is back`);
    assert.deepEqual(lines[firstToClose], [`[mcp-sdk] ${firstToClose}`]);
    assert.deepEqual(lines[firstToClose === 'a' ? 'b' : 'a'], [
      `[mcp-sdk] ${firstToClose === 'a' ? 'b' : 'a'}`,
      '[mcp-sdk] still open',
    ]);
    assert.deepEqual(reached, []);
  }
});

test('a console.warn wrapped by other code while a scope is open stays in place when the scope closes', () => {
  const scope = sdkWarningScope(() => undefined);
  const ours = console.warn;
  const theirs = (...args: unknown[]) => ours(...['[theirs]', ...args]);
  console.warn = theirs;
  scope.close();
  assert.equal(console.warn, theirs);
  console.warn('[mcp-sdk] outside any scope');
  assert.deepEqual(reached, ['[theirs] [mcp-sdk] outside any scope']);
});

// ---- OAuthSession: the SDK's own warnings, from two client-credentials flows at once ----

const server = 'http://127.0.0.1:9/mcp';
const issuer = 'http://127.0.0.1:9/as';

/**
 * An in-memory resource and authorization server: 401 with resource metadata, RFC 9728 and 8414
 * metadata, and a token endpoint that refuses the client and echoes its secret, as a careless one
 * might. The SDK warns (`[mcp-sdk] OAuth "invalid_client" …`) quoting that text, and tries once more.
 * The first token answer waits for `gate`.
 */
function refusingServer(gate: Promise<void>) {
  let tokenRequested!: () => void;
  const atToken = new Promise<void>((resolve) => (tokenRequested = resolve));
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json', ...headers } });
    if (url.href === server)
      return json(401, {}, { 'www-authenticate': `Bearer resource_metadata="${issuer}/../.well-known/prm"` });
    if (url.pathname.startsWith('/.well-known/prm'))
      return json(200, { resource: server, authorization_servers: [issuer] });
    if (url.pathname.includes('oauth-authorization-server') || url.pathname.includes('openid-configuration'))
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        response_types_supported: ['code'],
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    if (url.pathname === '/as/token') {
      tokenRequested();
      // Other code, running in the flow's own asynchronous work: not the SDK, so not the flow's.
      console.warn('a warning of the fetch, not of the SDK');
      await gate;
      const secret = atob(new Headers(init?.headers).get('authorization')!.slice(6)).split(':')[1];
      return json(401, { error: 'invalid_client', error_description: `client authentication failed for ${secret}` });
    }
    return json(404, {});
  };
  return { fetchFn, atToken };
}

function sessionOf(secret: string, lines: string[]): OAuthSession {
  return new OAuthSession(
    { grant: 'client-credentials', clientId: 'ci', clientSecret: secret, notify: (line) => lines.push(line) },
    server,
  );
}

test('two OAuth flows at once: each session is told the SDK warning about its own flow; other warnings pass', async () => {
  for (const firstToEnd of ['a', 'b'] as const) {
    reached = [];
    const lines = { a: [] as string[], b: [] as string[] };
    const release = { a: () => {}, b: () => {} };
    const gates = {
      a: new Promise<void>((resolve) => (release.a = resolve)),
      b: new Promise<void>((resolve) => (release.b = resolve)),
    };
    const servers = { a: refusingServer(gates.a), b: refusingServer(gates.b) };
    const secret = { a: 'secret-a-7Hq2', b: 'secret-b-9Kd4' };
    const flows = {
      a: sessionOf(secret.a, lines.a)
        .authorize(servers.a.fetchFn)
        .catch((e: Error) => e),
      b: sessionOf(secret.b, lines.b)
        .authorize(servers.b.fetchFn)
        .catch((e: Error) => e),
    };
    // Both flows wait at their token request; meanwhile other code warns.
    await Promise.all([servers.a.atToken, servers.b.atToken]);
    console.warn('[mcp-sdk] another SDK client in this process');
    console.warn('an unrelated warning');
    const first = firstToEnd;
    const second = first === 'a' ? 'b' : 'a';
    release[first]();
    assert.ok((await flows[first]) instanceof Error, 'refused');
    assert.notEqual(console.warn, recorder, `${second} is still running`);
    release[second]();
    assert.ok((await flows[second]) instanceof Error, 'refused');
    assert.equal(console.warn, recorder, `${first} ended first: console.warn is what it was`);
    for (const name of ['a', 'b'] as const) {
      const other = name === 'a' ? 'b' : 'a';
      assert.equal(lines[name].length, 1, `${name}: ${lines[name].join('')}`);
      assert.match(lines[name][0]!, /^mcpdesc: \[mcp-sdk\] OAuth "invalid_client"/);
      assert.ok(lines[name][0]!.includes(secret[name]), `${name}'s warning is about ${name}'s flow`);
      assert.ok(!lines[name][0]!.includes(secret[other]), `${name} is not told about ${other}'s flow`);
    }
    assert.deepEqual(
      reached.filter((line) => !line.startsWith('a warning of the fetch')),
      ['[mcp-sdk] another SDK client in this process', 'an unrelated warning'],
    );
    assert.equal(reached.filter((line) => line.startsWith('a warning of the fetch')).length, 4, 'two requests each');
  }
});

test("a transport attached to a session: the SDK's warnings raised by its sends go to the session until it closes", async () => {
  const lines: string[] = [];
  const session = sessionOf('s', lines);
  const transport = session.attach({
    start: async () => undefined,
    send: async (...args: never[]) => {
      void args;
      await delay(1);
      // A reconnection the send scheduled, as the SDK's SSE stream does, warns later.
      setTimeout(() => console.warn('[mcp-sdk] Could not refresh OAuth tokens'), 1);
    },
    close: async () => undefined,
  });
  await transport.start();
  await transport.send();
  await delay(10);
  console.warn('[mcp-sdk] not this transport');
  await transport.close();
  assert.deepEqual(lines, ['mcpdesc: [mcp-sdk] Could not refresh OAuth tokens\n']);
  assert.deepEqual(reached, ['[mcp-sdk] not this transport']);
  assert.equal(console.warn, recorder, 'closed: console.warn is back');
});

test('a transport attached but never started leaves console.warn as it was', async () => {
  const transport = sessionOf('s', []).attach({
    start: async () => undefined,
    send: async () => undefined,
    close: async () => undefined,
  });
  assert.equal(console.warn, recorder, 'attached: nothing installed yet');
  await transport.close();
  assert.equal(console.warn, recorder, 'closed without a start');
});
