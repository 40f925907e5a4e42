/**
 * OAuth end to end on loopback (issue 37 item 4): an authorization server (oauth2-mock-server,
 * pinned) and our mock behind a protected resource, both started here on 127.0.0.1. Client
 * credentials capture the same description as no auth; verify is clean; the browser step is
 * played by the test (fetch the printed URL, follow it to the loopback redirect); the token
 * file is 0600 and reused; the secrets never reach any output; failures are one clear line, exit 2.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { binPath } from '../helpers/paths.js';
import { differences, runCli } from './helpers.js';
import {
  echoPlaceholder,
  startAuthorizationServer,
  startProtectedMock,
  type AuthorizationServer,
  type ProtectedMock,
} from './oauth-servers.js';

const clientId = 'ci-bot';
const clientSecret = 'cs_7Hq2Lm9Xv4Rt8Wk3Zp6Ny1Bd5';
const env = { ...process.env, MCP_CLIENT_SECRET: clientSecret };

const document = {
  mcpdesc: '0.8.0',
  info: { name: 'oauth-echo', title: `Echo ${echoPlaceholder}`, version: '1.0.0' },
  protocolVersions: ['2025-11-25'],
  capabilities: [{ tools: {} }],
  tools: [
    {
      name: 'show',
      description: `Shows ${echoPlaceholder}`,
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
    },
    {
      name: 'fail',
      description: 'Fails with the token in its error',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
      examples: { once: { input: {}, result: { content: [{ type: 'text', text: 'ok' }] } } },
    },
  ],
};

const folder = mkdtempSync(join(tmpdir(), 'mcpdesc-oauth-'));
let as: AuthorizationServer;
let resource: ProtectedMock;
let echoing: ProtectedMock;
before(async () => {
  as = await startAuthorizationServer({
    clients: [
      { client_id: clientId, client_secret: clientSecret, redirect_uris: [], grant_types: ['client_credentials'] },
    ],
  });
  resource = await startProtectedMock(document, as);
  echoing = await startProtectedMock(document, as, { echo: true });
});
after(async () => {
  await resource?.stop();
  await echoing?.stop();
  await as?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** A line of a JavaScript stack trace. */
const stackTrace = /\n\s+at .*(?:\(|file:|node:)/;

const clientCredentials = [
  '--oauth-client-credentials',
  '--oauth-client-id',
  clientId,
  '--oauth-client-secret-env',
  'MCP_CLIENT_SECRET',
];

/** Every secret the runs handled: the client secret and each token the resources accepted. */
function secrets(): string[] {
  return [
    clientSecret,
    Buffer.from(`${clientId}:${clientSecret}`).toString('base64'),
    ...resource.accepted,
    ...echoing.accepted,
  ];
}

function assertNoSecret(what: string, out: { stdout: string; stderr: string; files?: Map<string, string> }): void {
  for (const secret of secrets()) {
    assert.ok(!out.stdout.includes(secret), `${what}: a secret on standard output:\n${out.stdout.slice(0, 2000)}`);
    assert.ok(!out.stderr.includes(secret), `${what}: a secret on standard error:\n${out.stderr.slice(0, 2000)}`);
    for (const [file, text] of out.files ?? []) assert.ok(!text.includes(secret), `${what}: a secret in ${file}`);
  }
}

test('without a token the resource answers 401 and capture says so (exit 2)', async () => {
  const out = await runCli(['capture', '--url', resource.url, '--to', 'json', '--timeout', '10000'], env);
  assert.equal(out.code, 2, out.stderr);
  assert.equal(out.stdout, '');
  assert.match(out.stderr, /401.*add --oauth \(browser\) or --oauth-client-credentials/);
});

test('client credentials: capture writes what capture of the unprotected mock writes (twin), verify is clean', async () => {
  const plain = await runCli(['capture', '--url', resource.plainUrl, '--to', 'json'], env);
  assert.equal(plain.code, 0, plain.stderr);
  const before = resource.accepted.length;
  const authorized = await runCli(['capture', '--url', resource.url, ...clientCredentials, '--to', 'json'], env);
  assert.equal(authorized.code, 0, authorized.stderr);
  assert.ok(resource.accepted.length > before, 'the resource accepted a bearer token');
  assert.deepEqual(differences(JSON.parse(plain.stdout), JSON.parse(authorized.stdout)), []);
  assertNoSecret('capture --oauth-client-credentials', authorized);

  const description = join(folder, 'plain.json');
  writeFileSync(description, plain.stdout);
  const verified = await runCli(
    ['verify', description, '--url', resource.url, ...clientCredentials, '--format', 'json'],
    env,
  );
  assertNoSecret('verify --oauth-client-credentials', verified);
  assert.equal(verified.code, 0, verified.stdout + verified.stderr);
  const report = JSON.parse(verified.stdout) as { files: { diagnostics: { severity: string }[] }[] };
  assert.deepEqual(
    report.files.flatMap((f) => f.diagnostics).filter((d) => d.severity !== 'info'),
    [],
  );
});

test('a server that echoes the bearer token (server info, a tool description, an error): never printed in any format', async () => {
  const captured = await runCli(['capture', '--url', echoing.url, ...clientCredentials, '--to', 'json'], env);
  assert.equal(captured.code, 0, captured.stderr);
  assert.ok(echoing.accepted.length > 0);
  assertNoSecret('capture of the echoing server', captured);
  // The echo was there, and was replaced.
  assert.match(captured.stdout, /Echo \*\*\*/);
  assert.match(captured.stderr, /capture\.secret/);
  assert.match(captured.stderr, /OAuth access token/);
  const yaml = await runCli(['capture', '--url', echoing.url, ...clientCredentials], env);
  assertNoSecret('capture of the echoing server, YAML', yaml);
  const recorded = await runCli(
    ['capture', '--url', echoing.url, ...clientCredentials, '--record', '--synthesize-inputs', '--to', 'json'],
    env,
  );
  assertNoSecret('capture --record of the echoing server', recorded);

  const description = join(folder, 'echo.json');
  writeFileSync(description, JSON.stringify(document));
  for (const format of ['stylish', 'json', 'sarif', 'junit']) {
    const verified = await runCli(
      ['verify', description, '--url', echoing.url, ...clientCredentials, '--format', format, '--results'],
      env,
    );
    assertNoSecret(`verify --format ${format}`, verified);
    assert.equal(verified.code, 1, `${format}: the drift and the failing call are findings\n${verified.stderr}`);
    assert.ok(verified.stdout.includes('***'), `verify --format ${format} quotes the redacted echo`);
  }
});

test('client credentials without a client id: the client registers dynamically, with --oauth-client-metadata', async () => {
  const before = new Set(as.clients.keys());
  const out = await runCli(
    [
      'capture',
      '--url',
      resource.url,
      '--oauth-client-credentials',
      '--oauth-client-metadata',
      '{"client_name":"ci-check"}',
      '--to',
      'json',
    ],
    env,
  );
  assert.equal(out.code, 0, out.stderr);
  const registered = [...as.clients.values()].filter((c) => !before.has(c.client_id));
  assert.equal(registered.length, 1);
  assert.equal(registered[0]!.client_name, 'ci-check');
  assert.deepEqual(registered[0]!.grant_types, ['client_credentials']);
  // The secret the server issued at registration is a secret of the run.
  assert.ok(registered[0]!.client_secret && !out.stderr.includes(registered[0]!.client_secret));
});

test('--oauth-issuer pins the authorization server: the client secret goes to no other', async () => {
  const pinned = await runCli(
    ['capture', '--url', resource.url, ...clientCredentials, '--oauth-issuer', as.issuer, '--to', 'json'],
    env,
  );
  assert.equal(pinned.code, 0, pinned.stderr);
  const tokenRequests = as.requests.get('/token') ?? 0;
  const other = await runCli(
    ['capture', '--url', resource.url, ...clientCredentials, '--oauth-issuer', 'https://login.example.com'],
    env,
  );
  assert.equal(other.code, 2, other.stderr);
  assert.match(
    other.stderr,
    /names the authorization server http:\/\/127\.0\.0\.1:\d+, not the --oauth-issuer https:\/\/login\.example\.com/,
  );
  assert.equal(as.requests.get('/token') ?? 0, tokenRequests, 'no token request was made');
});

test('a wrong client secret: one clear line, exit 2, the secret not shown', async () => {
  const wrong = { ...env, MCP_CLIENT_SECRET: 'wrong_9Fh3Kd8Lq2Mx7Pz4' };
  const out = await runCli(['capture', '--url', resource.url, ...clientCredentials], wrong);
  assert.equal(out.code, 2, out.stderr);
  assert.match(out.stderr, /cannot authorize: OAuth: invalid_client: client authentication failed/);
  assert.doesNotMatch(out.stderr, stackTrace, 'no stack trace');
  // The server echoed it (in the error and in the SDK's warning): replaced.
  assert.match(out.stderr, /failed for \*\*\*/);
  // The SDK's warning reaches the user as this run's own line, through the redaction.
  assert.match(out.stderr, /^mcpdesc: \[mcp-sdk\] OAuth "invalid_client" .*failed for \*\*\*/m);
  assert.ok(!out.stderr.includes('wrong_9Fh3Kd8Lq2Mx7Pz4'));
});

test('an unreachable authorization server, a silent one, and one over plain http on a non-loopback host: clear errors, exit 2', async () => {
  // The resource names an authorization server on a closed loopback port.
  const closed = await startAuthorizationServer();
  const closedIssuer = closed.issuer;
  await closed.stop();
  const lost = await startProtectedMock(document, { ...as, issuer: closedIssuer });
  try {
    const out = await runCli(['capture', '--url', lost.url, ...clientCredentials, '--timeout', '10000'], env);
    assert.equal(out.code, 2, out.stderr);
    assert.match(out.stderr, new RegExp(`cannot authorize: OAuth: cannot reach ${closedIssuer} \\(ECONNREFUSED\\)`));
    assert.doesNotMatch(out.stderr, stackTrace, 'no stack trace');
  } finally {
    await lost.stop();
  }
  // One that takes the connection and never answers: the request ends at --timeout, not never.
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
  const silentIssuer = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  const waiting = await startProtectedMock(document, { ...as, issuer: silentIssuer });
  try {
    const started = Date.now();
    const out = await runCli(['capture', '--url', waiting.url, ...clientCredentials, '--timeout', '2000'], env);
    assert.equal(out.code, 2, out.stderr);
    assert.match(out.stderr, new RegExp(`cannot authorize: OAuth: no answer from ${silentIssuer} within 2000 ms`));
    assert.ok(Date.now() - started < 8000, `ended after ${Date.now() - started} ms`);
  } finally {
    await waiting.stop();
    silent.closeAllConnections();
    silent.close();
  }
  // One whose authorization server is http://example.com: refused before any request leaves loopback.
  const remote = await startProtectedMock(document, { ...as, issuer: 'http://as.example.com' });
  try {
    const out = await runCli(['capture', '--url', remote.url, ...clientCredentials, '--timeout', '10000'], env);
    assert.equal(out.code, 2, out.stderr);
    assert.match(
      out.stderr,
      /refusing the authorization endpoint at http:\/\/as\.example\.com: OAuth endpoints must use https/,
    );
  } finally {
    await remote.stop();
  }
});

test('usage: OAuth needs an https or loopback --url, the secret only from the environment', async () => {
  const remote = await runCli(['capture', '--url', 'http://mcp.example.com/mcp', ...clientCredentials], env);
  assert.equal(remote.code, 2);
  assert.match(remote.stderr, /needs an https --url/);
  const value = await runCli(
    [
      'capture',
      '--url',
      resource.url,
      '--oauth-client-credentials',
      '--oauth-client-id',
      clientId,
      '--oauth-client-secret-env',
      clientSecret,
    ],
    env,
  );
  assert.equal(value.code, 2);
  assert.match(value.stderr, /expects the NAME of an environment variable/);
  assert.ok(!value.stderr.includes(clientSecret));
  const unset = await runCli(['capture', '--url', resource.url, ...clientCredentials], {
    ...env,
    MCP_CLIENT_SECRET: undefined,
  });
  assert.equal(unset.code, 2);
  assert.match(unset.stderr, /MCP_CLIENT_SECRET is not set/);
  const stray = await runCli(['capture', '--url', resource.url, '--oauth-scope', 'read'], env);
  assert.equal(stray.code, 2);
  assert.match(stray.stderr, /--oauth-scope needs --oauth or --oauth-client-credentials/);
});

/** Runs the built CLI; `onStderr` sees standard error as it comes (the browser step reads the URL from it). */
function runBin(
  args: string[],
  onStderr: (text: string) => void = () => undefined,
  cwd = process.cwd(),
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [binPath, ...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      onStderr(stderr);
    });
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Plays the browser: opens the printed authorization URL and follows its redirect to the loopback callback. */
function browser(): { onStderr: (text: string) => void; done: Promise<string> } {
  let started = false;
  let finish: (page: string) => void;
  let fail: (error: unknown) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    done,
    onStderr(text) {
      const m = /open this URL in a browser[^\n]*\n\s+(\S+)/.exec(text);
      if (!m || started) return;
      started = true;
      void (async () => {
        const authorize = await fetch(m[1]!, { redirect: 'manual' });
        const callback = authorize.headers.get('location');
        assert.ok(callback, `the authorization server redirected (status ${authorize.status})`);
        assert.match(callback, /^http:\/\/127\.0\.0\.1:\d+\/callback\?/);
        const page = await fetch(callback);
        finish(await page.text());
      })().catch(fail);
    },
  };
}

test('--oauth: authorization code with PKCE, dynamic registration, the loopback redirect; the token file is 0600, reused and refreshed', async () => {
  const tokenFile = join(folder, 'tokens.json');
  const registeredBefore = as.clients.size;
  const player = browser();
  const first = await runBin(
    ['capture', '--url', resource.url, '--oauth', '--oauth-token-file', tokenFile, '--to', 'json'],
    player.onStderr,
  );
  assert.equal(first.code, 0, first.stderr);
  assert.match(await player.done, /authorized/);
  assert.equal(as.clients.size, registeredBefore + 1, 'the client registered dynamically');
  assert.equal(statSync(tokenFile).mode & 0o777, 0o600);
  const saved = JSON.parse(readFileSync(tokenFile, 'utf8')) as {
    servers: Record<string, { tokens: { access_token: string; refresh_token?: string } }>;
  };
  const entry = saved.servers[resource.url]!;
  assert.ok(resource.accepted.includes(entry.tokens.access_token), 'the saved token is the one the resource accepted');
  for (const secret of [entry.tokens.access_token, entry.tokens.refresh_token!])
    assert.ok(!first.stdout.includes(secret) && !first.stderr.includes(secret));
  assert.ok(!/code_verifier|[?&]code=/.test(first.stderr), 'neither the verifier nor the code is printed');

  // The next run uses the file: no browser step, no token request.
  const tokenRequests = as.requests.get('/token') ?? 0;
  const second = await runBin([
    'capture',
    '--url',
    resource.url,
    '--oauth',
    '--oauth-token-file',
    tokenFile,
    '--to',
    'json',
  ]);
  assert.equal(second.code, 0, second.stderr);
  assert.doesNotMatch(second.stderr, /open this URL/);
  assert.equal(as.requests.get('/token') ?? 0, tokenRequests);
  assert.deepEqual(differences(JSON.parse(first.stdout), JSON.parse(second.stdout)), []);

  // An access token the resource no longer takes: the transport's 401 refreshes it with the
  // refresh token (one token request, no browser step) and the file keeps the new one.
  entry.tokens.access_token = 'revoked.access.token';
  writeFileSync(tokenFile, JSON.stringify(saved), { mode: 0o600 });
  const beforeRefresh = as.requests.get('/token') ?? 0;
  const refreshed = await runBin([
    'capture',
    '--url',
    resource.url,
    '--oauth',
    '--oauth-token-file',
    tokenFile,
    '--to',
    'json',
  ]);
  assert.equal(refreshed.code, 0, refreshed.stderr);
  assert.doesNotMatch(refreshed.stderr, /open this URL/);
  assert.equal(as.requests.get('/token') ?? 0, beforeRefresh + 1, 'one refresh');
  const after = JSON.parse(readFileSync(tokenFile, 'utf8')) as typeof saved;
  const renewed = after.servers[resource.url]!.tokens.access_token;
  assert.notEqual(renewed, 'revoked.access.token');
  assert.ok(resource.accepted.includes(renewed));
  assert.equal(statSync(tokenFile).mode & 0o777, 0o600);

  // Readable by others: refused before connecting.
  chmodSync(tokenFile, 0o644);
  const wide = await runBin(['capture', '--url', resource.url, '--oauth', '--oauth-token-file', tokenFile]);
  assert.equal(wide.code, 2);
  assert.match(wide.stderr, /mode 0644: other users may read it; run chmod 600/);
  assert.doesNotMatch(wide.stderr, /open this URL/);
});

test('--oauth without a token file keeps tokens in memory: nothing is written', async () => {
  const empty = join(folder, 'empty');
  mkdirSync(empty);
  const player = browser();
  const out = await runBin(['capture', '--url', resource.url, '--oauth', '--to', 'json'], player.onStderr, empty);
  assert.equal(out.code, 0, out.stderr);
  await player.done;
  assert.deepEqual(readdirSync(empty), []);
  assertNoSecret('capture --oauth', out);
});

test('--oauth-client-metadata-url: where the server supports Client ID Metadata Documents, the URL is the client_id and nothing registers', async () => {
  const cimd = await startAuthorizationServer({ clientIdMetadataDocuments: true });
  const protectedByCimd = await startProtectedMock(document, cimd);
  try {
    const metadataUrl = 'https://client.example.com/mcpdesc/client.json';
    const player = browser();
    const out = await runBin(
      ['capture', '--url', protectedByCimd.url, '--oauth', '--oauth-client-metadata-url', metadataUrl, '--to', 'json'],
      player.onStderr,
    );
    assert.equal(out.code, 0, out.stderr);
    await player.done;
    assert.deepEqual(cimd.authorizedClients, [metadataUrl]);
    assert.equal(cimd.requests.get('/register') ?? 0, 0);
    const plain = await runBin(['capture', '--url', protectedByCimd.url, '--oauth-client-metadata-url', 'http://x/y']);
    assert.equal(plain.code, 2);
    assert.match(plain.stderr, /--oauth-client-metadata-url needs --oauth or --oauth-client-credentials/);
    const root = await runBin([
      'capture',
      '--url',
      protectedByCimd.url,
      '--oauth',
      '--oauth-client-metadata-url',
      'https://client.example.com/',
    ]);
    assert.equal(root.code, 2);
    assert.match(root.stderr, /expects an https URL with a path/);
  } finally {
    await protectedByCimd.stop();
    await cimd.stop();
  }
});

test('--help shows the OAuth options with an example', async () => {
  const help = await runCli(['capture', '--help'], env);
  for (const flag of [
    '--oauth ',
    '--oauth-client-credentials',
    '--oauth-client-id',
    '--oauth-client-secret-env',
    '--oauth-scope',
    '--oauth-client-metadata',
    '--oauth-token-file',
    '--oauth-open',
  ])
    assert.ok(help.stdout.includes(flag), flag);
  assert.match(help.stdout, /\$ mcpdesc capture --url \S+ --oauth-client-credentials/);
});
