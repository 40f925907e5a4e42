/**
 * capture and verify against servers that fail, echo secrets, page too much, or need client
 * capabilities (issue 12 capture/verify defects; issue 15 findings 6, 14, 16, 18).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import { startMock } from 'mcpdesc-toolkit/internal/live/mock/server.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { everythingStdio, runCli } from './helpers.js';
import { binPath as bin } from '../helpers/paths.js';

const node = (script: string) => `"${process.execPath}" -e '${script}'`;

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const tool = (name: string, extra: JsonObject = {}): JsonObject => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  ...extra,
});

const description = (extra: JsonObject = {}): JsonObject => ({
  mcpdesc: '0.8.0',
  info: { name: 'world', version: '1.0.0' },
  protocolVersions: ['2025-11-25'],
  capabilities: [{ tools: {} }],
  tools: [tool('zeta'), tool('alpha'), tool('mid')],
  ...extra,
});

test('capture --timeout bounds the whole operation: a silent server fails in about the timeout, exit 2', async () => {
  const started = Date.now();
  const { code, stderr } = await runCli([
    'capture',
    '--stdio',
    node('setInterval(() => {}, 1000)'),
    '--timeout',
    '1500',
  ]);
  const elapsed = Date.now() - started;
  assert.equal(code, 2, stderr);
  assert.match(stderr, /no answer within the --timeout/);
  assert.ok(elapsed < 3500, `took ${elapsed} ms for --timeout 1500`);
});

test('capture --url on a refused port names ECONNREFUSED; verify exits 2 on it', async () => {
  const url = `http://127.0.0.1:${await closedPort()}/mcp`;
  const captured = await runCli(['capture', '--url', url]);
  assert.equal(captured.code, 2);
  assert.match(captured.stderr, /ECONNREFUSED/);
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-world-'));
  try {
    const file = join(dir, 'd.json');
    writeFileSync(file, JSON.stringify(description()));
    const refused = await runCli(['verify', file, '--url', url]);
    assert.equal(refused.code, 2, refused.stdout);
    assert.match(refused.stdout, /ECONNREFUSED.*verify\.connect\/connect-failed/);
    const missing = await runCli(['verify', file, '--stdio', 'mcpdesc-no-such-command-here']);
    assert.equal(missing.code, 2, missing.stdout);
    assert.match(missing.stdout, /ENOENT/);
    const silent = await runCli(['verify', file, '--stdio', node('setInterval(() => {}, 1000)'), '--timeout', '1000']);
    assert.equal(silent.code, 2, silent.stdout);
    assert.match(silent.stdout, /no answer within the --timeout/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a failing stdio server's exit code and standard error tail are in the error", async () => {
  const { code, stderr } = await runCli([
    'capture',
    '--stdio',
    node('console.error("config file /etc/x.toml is missing"); process.exit(3)'),
  ]);
  assert.equal(code, 2);
  assert.match(stderr, /exited with code 3/);
  assert.match(stderr, /config file \/etc\/x\.toml is missing/);
});

test('an unwritable -o is refused before connecting', () => {
  // /proc accepts no new files even for root; the server would take 20 s to time out.
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [
      bin,
      'capture',
      '--stdio',
      node('setInterval(() => {}, 1000)'),
      '--timeout',
      '20000',
      '-o',
      '/proc/mcpdesc-out.yaml',
    ],
    { encoding: 'utf8' },
  );
  assert.equal(run.status, 2, run.stderr);
  assert.match(run.stderr, /cannot write \/proc\/mcpdesc-out\.yaml/);
  assert.ok(Date.now() - started < 5000);
});

test('capture keeps the server order (no re-sort)', async () => {
  const mock = await startMock(description(), { transport: 'http', port: 0 });
  try {
    const result = await capture({ kind: 'http', url: mock.url! }, { protocol: '2025-11-25', timeout: 10000 });
    assert.deepEqual(
      (result.value!.tools as JsonObject[]).map((t) => t.name),
      ['zeta', 'alpha', 'mid'],
    );
  } finally {
    await mock.close();
  }
});

test('capture bounds items and bytes across pages, with a finding', async () => {
  const mock = await startMock(description(), { transport: 'http', port: 0, pageSize: 1 });
  try {
    const target = { kind: 'http' as const, url: mock.url! };
    const pinned = { protocol: '2025-11-25', timeout: 10000 };
    const items = await capture(target, { ...pinned, maxItems: 2 });
    assert.ok(
      items.diagnostics.some((d) => d.rule === 'capture.list.max-items' && /more than 2 items/.test(d.message)),
    );
    assert.equal((items.value!.tools as JsonObject[]).length, 2);
    const bytes = await capture(target, { ...pinned, maxBytes: 300 });
    assert.ok(bytes.diagnostics.some((d) => d.rule === 'capture.list.max-bytes' && /passed 300 bytes/.test(d.message)));
    const all = await capture(target, pinned);
    assert.ok(!all.diagnostics.some((d) => /max-(items|bytes)/.test(d.rule)));
  } finally {
    await mock.close();
  }
});

test('supplied secrets the server echoes are redacted in the document and the messages, with a diagnostic', async () => {
  const secret = 'sk-live-4242-echoed';
  const password = 'pw-in-the-url';
  const doc = description({
    instructions: `Call with token ${secret}.`,
    tools: [tool('echo', { description: `Uses ${secret} and ${password}` })],
  });
  const mock = await startMock(doc, { transport: 'http', port: 0 });
  try {
    const url = mock.url!.replace('http://', `http://user:${password}@`);
    const { code, stdout, stderr } = await runCli(
      [
        'capture',
        '--url',
        url,
        '--protocol',
        '2025-11-25',
        '--header',
        `Authorization: Bearer ${secret}`,
        '--to',
        'json',
      ],
      {
        ...process.env,
      },
    );
    assert.equal(code, 0, stderr);
    assert.ok(!stdout.includes(secret) && !stderr.includes(secret), 'the header secret is not written');
    assert.ok(!stdout.includes(password) && !stderr.includes(password), 'the URL password is not written');
    const captured = JSON.parse(stdout) as JsonObject;
    assert.equal(captured.instructions, 'Call with token ***.');
    assert.equal((captured.tools as JsonObject[])[0]!.description, 'Uses *** and ***');
    assert.match(stderr, /capture\.secret\/redacted/);
    assert.match(stderr, /at \/instructions/);
  } finally {
    await mock.close();
  }
});

test('malformed --header, --env and --url never echo the secret', async () => {
  const headerless = await runCli([
    'capture',
    '--url',
    'http://127.0.0.1:9/mcp',
    '--header',
    'Authorization Bearer sk-hidden-1',
  ]);
  assert.equal(headerless.code, 2);
  assert.ok(!headerless.stderr.includes('sk-hidden-1'), headerless.stderr);
  assert.match(headerless.stderr, /--header expects "Name: value"/);
  const badName = await runCli(['capture', '--url', 'http://127.0.0.1:9/mcp', '--header', 'Bearer sk-hidden-2 x: y']);
  assert.ok(!badName.stderr.includes('sk-hidden-2'), badName.stderr);
  const env = await runCli(['capture', '--stdio', 'true', '--env', 'sk-hidden-3']);
  assert.equal(env.code, 2);
  assert.ok(!env.stderr.includes('sk-hidden-3'), env.stderr);
  const url = await runCli(['capture', '--url', 'http://user:sk-hidden-4@[bad']);
  assert.equal(url.code, 2);
  assert.ok(!url.stderr.includes('sk-hidden-4'), url.stderr);
});

test('--client-capabilities: capability-gated tools of server-everything are listed', async () => {
  const without = await capture(everythingStdio(), { timeout: 30000 });
  const withCaps = await capture(everythingStdio(), {
    timeout: 30000,
    clientCapabilities: { roots: {}, sampling: {}, elicitation: {} },
  });
  const names = (r: typeof without) => (r.value!.tools as JsonObject[]).map((t) => t.name as string);
  const gated = names(withCaps).filter((n) => !names(without).includes(n));
  assert.ok(gated.length >= 3, `gated tools: ${gated.join(', ')}`);
  assert.ok(
    gated.some((n) => /sampling/.test(n)),
    gated.join(', '),
  );
});

test('--client-capabilities accepts a list, inline JSON or @FILE; anything else is a usage error', async () => {
  const bad = await runCli(['capture', '--stdio', 'true', '--client-capabilities', 'roots,telepathy']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /expects a list of roots, sampling, elicitation.*"telepathy"/);
  const notObject = await runCli(['capture', '--stdio', 'true', '--client-capabilities', '{"roots": true}']);
  assert.equal(notObject.code, 2);
  assert.match(notObject.stderr, /capability "roots" must be an object/);
  const mock = await startMock(description(), { transport: 'http', port: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-world-'));
  try {
    const profile = join(dir, 'client.json');
    writeFileSync(profile, JSON.stringify({ roots: { listChanged: true } }));
    for (const value of ['roots,sampling', '{"sampling": {}}', `@${profile}`]) {
      const run = await runCli([
        'capture',
        '--url',
        mock.url!,
        '--protocol',
        '2025-11-25',
        '--client-capabilities',
        value,
      ]);
      assert.equal(run.code, 0, `${value}: ${run.stderr}`);
    }
  } finally {
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('verify --call read-only calls a tool annotated readOnlyHint: true and destructiveHint: true', async () => {
  const both = tool('inspect', {
    annotations: { readOnlyHint: true, destructiveHint: true },
    examples: { basic: { input: { q: 'x' }, result: { content: [{ type: 'text', text: 'ok' }] } } },
  });
  const writer = tool('write', {
    annotations: { readOnlyHint: false, destructiveHint: true },
    examples: { basic: { input: { q: 'x' }, result: { content: [{ type: 'text', text: 'ok' }] } } },
  });
  const doc = description({ tools: [both, writer] });
  const mock = await startMock(doc, { transport: 'http', port: 0 });
  try {
    const result = await verify(doc, { kind: 'http', url: mock.url! }, { timeout: 10000 });
    assert.ok(result.called.includes('inspect'), `called ${result.called.join(', ')}`);
    assert.ok(!result.called.includes('write'));
    const contract = result.checks.find((c) => c.check === 'contract')!;
    assert.match(contract.detail, /1 example call/);
    assert.match(contract.detail, /1 tool not read-only \(--call read-only\)/);
  } finally {
    await mock.close();
  }
});

test('verify reports what it checked: stylish lines, JSON checks, a JUnit testcase per check', async () => {
  const doc = description();
  const mock = await startMock(doc, { transport: 'http', port: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-world-'));
  try {
    const file = join(dir, 'd.json');
    writeFileSync(file, JSON.stringify(doc));
    const args = ['verify', file, '--url', mock.url!];
    const stylish = await runCli([...args, '--call', 'none']);
    assert.equal(stylish.code, 0, stylish.stdout);
    assert.match(stylish.stdout, /✔ MCP 2025-11-25 drift: tools 3 declared \/ 3 listed/);
    assert.match(stylish.stdout, /- MCP 2025-11-25 contract skipped: --call none/);
    assert.match(stylish.stdout, /✔ MCP 2025-11-25 hygiene: tools\/list invalid cursor, tools\/list order/);
    const json = JSON.parse((await runCli([...args, '--format', 'json'])).stdout);
    assert.deepEqual(
      json.files[0].checks.map((c: { name: string; status: string }) => `${c.name} ${c.status}`),
      ['MCP 2025-11-25 drift passed', 'MCP 2025-11-25 contract passed', 'MCP 2025-11-25 hygiene passed'],
    );
    assert.match(json.files[0].checks[1].detail, /3 tools not read-only \(--call read-only\)/);
    const junit = (await runCli([...args, '--format', 'junit', '--call', 'none'])).stdout;
    assert.equal((junit.match(/<testcase /g) ?? []).length, 3);
    assert.match(junit, /name="MCP 2025-11-25 contract" file="[^"]*">\n\s*<skipped message="--call none/);
    // A drifting description fails its drift check, and only that one.
    writeFileSync(file, JSON.stringify({ ...doc, tools: [tool('zeta'), tool('alpha')] }));
    const drift = await runCli([...args, '--format', 'junit', '--call', 'none']);
    assert.equal(drift.code, 1);
    assert.match(
      drift.stdout,
      /name="MCP 2025-11-25 drift" file="[^"]*">\n\s*<failure message="MCP 2025-11-25 drift: 1 errors"/,
    );
    assert.match(drift.stdout, /failures="1"/);
  } finally {
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("verify's schema drift message names where the schemas differ, with both values", async () => {
  const served = description();
  const mock = await startMock(served, { transport: 'http', port: 0 });
  try {
    const edited = description({
      tools: [
        tool('zeta', { inputSchema: { type: 'object', properties: { q: { type: 'integer' } }, required: ['q'] } }),
        tool('alpha'),
        tool('mid'),
      ],
    });
    const result = await verify(edited, { kind: 'http', url: mock.url! }, { timeout: 10000, call: 'none' });
    const drift = result.findings.filter((f) => f.rule === 'verify.drift.schema');
    assert.equal(drift.length, 1);
    assert.match(drift[0]!.message, /at "\/properties\/q\/type": "integer" in the description, "string" on the server/);
  } finally {
    await mock.close();
  }
});

test('a URL user name alone is a credential and redacted; beside a password it is not', async () => {
  const { secretsOf: secretsWithSources } = await import('mcpdesc-toolkit/internal/live/redaction.js');
  const secretsOf = (target: Parameters<typeof secretsWithSources>[0]) =>
    secretsWithSources(target).map((s) => s.value);
  assert.deepEqual(
    secretsOf({ kind: 'http', url: 'https://ghp_tokenvalue@example.com/mcp' }).includes('ghp_tokenvalue'),
    true,
  );
  const pair = secretsOf({ kind: 'http', url: 'https://alice:s3cret-pw@example.com/mcp' });
  assert.ok(pair.includes('s3cret-pw'));
  assert.ok(!pair.includes('alice'));
});

test('a capture of a server that lists no primitive warns', async () => {
  const empty = { mcpdesc: '0.8.0', info: { name: 'empty', version: '0.1.0' }, protocolVersions: ['2025-11-25'] };
  const mock = await startMock(empty, { transport: 'http', port: 0 });
  try {
    const result = await capture({ kind: 'http', url: mock.url! }, { protocol: '2025-11-25', timeout: 10000 });
    assert.ok(result.diagnostics.some((d) => d.code === 'none-listed' && /listed no tools/.test(d.message)));
  } finally {
    await mock.close();
  }
  const full = await startMock(description(), { transport: 'http', port: 0 });
  try {
    const result = await capture({ kind: 'http', url: full.url! }, { protocol: '2025-11-25', timeout: 10000 });
    assert.ok(!result.diagnostics.some((d) => d.code === 'none-listed'));
  } finally {
    await full.close();
  }
});
