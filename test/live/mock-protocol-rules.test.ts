/**
 * The mock keeps the protocol's rules on the wire (issue 12, issue 15 finding 17): revision
 * negotiation for descriptions with and without 2026-07-28, the Streamable HTTP transport's
 * Origin, MCP-Protocol-Version and batch rules, `Mcp-Param-*` headers, `clientRequirements`,
 * subscriptions, bounded nesting, short invalid-params errors, pipelined stdio load, usage errors,
 * and nothing on standard error but our own lines.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { test } from 'node:test';
import { connect } from 'mcpdesc-toolkit/internal/live/connect.js';
import { startMock, type MockHandle } from 'mcpdesc-toolkit/internal/live/mock/server.js';
import { maxNestingDepth, nestsDeeperThan } from 'mcpdesc-toolkit/internal/live/mock/request-checks.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { repoRoot } from './helpers.js';
import { binPath as bin } from '../helpers/paths.js';

const fullFeatured = `${repoRoot}../shared/conformance/mcpdesc-0.8.0/examples/full-featured.yaml`;
const rulesFile = `${repoRoot}test/fixtures/mock/stateless-rules.mcpdesc.json`;
const promptsResources = `${repoRoot}test/fixtures/mock/prompts-resources.mcpdesc.json`;
const load = (file: string) => parseDescription(readFileSync(file), { filename: file }).document as JsonObject;
const rules = load(rulesFile);
const only2026: JsonObject = {
  mcpdesc: '0.8.0',
  info: { name: 'only-2026', version: '1.0.0' },
  protocolVersions: ['2026-07-28'],
  tools: [{ name: 't', inputSchema: { type: 'object' } }],
};

const initialize = (id: number, protocolVersion: string, capabilities: JsonObject = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities, clientInfo: { name: 'raw', version: '1' } },
});
const envelope = (capabilities: JsonObject = {}) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': capabilities,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
});
/** A 2026-07-28 request with the standard headers the transport requires. */
function modern(id: number, method: string, params: JsonObject, capabilities: JsonObject = {}) {
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  return {
    headers: {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name !== undefined ? { 'mcp-name': name } : {}),
    } as Record<string, string>,
    body: { jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope(capabilities) } },
  };
}

async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: JsonObject & { error?: JsonObject } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as JsonObject };
}

async function withHttp<T>(document: unknown, run: (url: string) => Promise<T>, options = {}): Promise<T> {
  const handle: MockHandle = await startMock(document, { transport: 'http', port: 0, ...options });
  try {
    return await run(handle.url!);
  } finally {
    await handle.close();
  }
}

/** Spawns `mcpdesc mock ARGS` on stdio, writes `lines`, and collects the responses until `count` arrived. */
async function stdioExchange(
  args: string[],
  lines: string[],
  count: number,
  options: { pauseReadingMs?: number } = {},
): Promise<{ responses: JsonObject[]; stderr: string }> {
  const child = spawn(process.execPath, [bin, 'mock', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const collect = () => child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  if (options.pauseReadingMs) {
    child.stdout.pause();
    setTimeout(() => {
      collect();
      child.stdout.resume(); // an explicitly paused stream does not flow again on a new 'data' listener
    }, options.pauseReadingMs);
  } else collect();
  child.stdin.write(lines.map((l) => `${l}\n`).join(''));
  const deadline = Date.now() + 20000;
  while (out.split('\n').filter(Boolean).length < count && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  child.stdin.end();
  await stop(child);
  return {
    responses: out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as JsonObject),
    stderr,
  };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const byId = (responses: JsonObject[], id: number) => responses.find((r) => r.id === id)!;
const errorOf = (response: JsonObject) => response.error as JsonObject;

test('a description without 2026-07-28 answers server/discover as a 2025-era server does (-32601); the SDK v2 client negotiates 2025-11-25 and lists its tools', async () => {
  const discover = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope() } });
  const { responses } = await stdioExchange([fullFeatured, '--quiet'], [discover], 1);
  assert.equal(errorOf(byId(responses, 1)).code, -32601);
  const document = load(fullFeatured);
  const expected = (document.tools as JsonObject[]).map((t) => t.name);
  for (const target of [
    { kind: 'stdio' as const, command: process.execPath, args: [bin, 'mock', fullFeatured, '--quiet'] },
  ]) {
    const session = await connect(target, 'auto', { timeout: 15000 });
    try {
      assert.equal(session.revision, '2025-11-25');
      const tools = await session.request('tools/list', {});
      assert.ok(tools.ok, JSON.stringify(tools));
      assert.deepEqual(
        (tools.result.tools as JsonObject[]).map((t) => t.name),
        expected,
      );
    } finally {
      await session.close();
    }
  }
  await withHttp(document, async (url) => {
    const session = await connect({ kind: 'http', url }, 'auto', { timeout: 15000 });
    try {
      assert.equal(session.revision, '2025-11-25');
      const tools = await session.request('tools/list', {});
      assert.ok(tools.ok, JSON.stringify(tools));
      assert.deepEqual(
        (tools.result.tools as JsonObject[]).map((t) => t.name),
        expected,
      );
    } finally {
      await session.close();
    }
    // A 2026-07-28 probe gets the transport's unsupported-version answer, naming what is served.
    const probe = await post(
      url,
      { jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: envelope() } },
      {
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'server/discover',
      },
    );
    assert.equal(probe.status, 400);
    assert.equal(probe.json.error!.code, -32022);
    assert.deepEqual((probe.json.error!.data as JsonObject).supported, ['2025-11-25']);
  });
});

test('a 2026-only mock answers initialize of 2025-11-25 with -32022 naming the supported versions over HTTP (as the stdio entry does)', async () => {
  await withHttp(only2026, async (url) => {
    const { status, json } = await post(url, initialize(1, '2025-11-25'));
    assert.equal(status, 400);
    assert.equal(json.error!.code, -32022);
    assert.match(String(json.error!.message), /2025-11-25/);
    assert.doesNotMatch(String(json.error!.message), /undefined/);
    assert.deepEqual(json.error!.data, { supported: ['2026-07-28'], requested: '2025-11-25' });
  });
});

test('a bogus MCP-Protocol-Version header is answered 400 / -32022 (the transport rule), not with a _meta envelope error', async () => {
  await withHttp(rules, async (url) => {
    const { status, json } = await post(
      url,
      { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} },
      { 'mcp-protocol-version': 'banana' },
    );
    assert.equal(status, 400);
    assert.equal(json.error!.code, -32022);
    assert.doesNotMatch(String(json.error!.message), /_meta|envelope/);
    assert.deepEqual(json.error!.data, { supported: ['2026-07-28', '2025-11-25', '2025-03-26'], requested: 'banana' });
  });
});

test('Origin: a foreign Origin is 403; localhost origins and no Origin are served; --allow-origin admits one more', async () => {
  await withHttp(
    rules,
    async (url) => {
      const request = initialize(1, '2025-11-25');
      const foreign = await post(url, request, { origin: 'http://evil.example' });
      assert.equal(foreign.status, 403);
      assert.match(String(foreign.json.error!.message), /evil\.example/);
      for (const origin of [undefined, 'http://localhost:5173', 'http://127.0.0.1:8080', 'https://app.example.com']) {
        const { status, json } = await post(url, request, origin ? { origin } : {});
        assert.equal(status, 200, `${origin}: ${JSON.stringify(json)}`);
        assert.equal((json.result as JsonObject).protocolVersion, '2025-11-25');
      }
    },
    { allowOrigins: ['app.example.com'] },
  );
});

test('JSON-RPC batches: served on 2025-03-26 (the revision table), 400 / -32600 on 2025-11-25 and 2026-07-28', async () => {
  await withHttp(rules, async (url) => {
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ];
    const legacy = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-03-26',
      },
      body: JSON.stringify(batch),
    });
    assert.equal(legacy.status, 200);
    const answers = (await legacy.json()) as JsonObject[];
    assert.deepEqual(
      ((answers.find((a) => a.id === 1)!.result as JsonObject).tools as JsonObject[]).map((t) => t.name),
      ['ping'],
    );
    for (const revision of ['2025-11-25', '2026-07-28']) {
      const { status, json } = await post(url, batch, { 'mcp-protocol-version': revision });
      assert.equal(status, 400, revision);
      assert.equal(json.error!.code, -32600);
      assert.match(String(json.error!.message), new RegExp(`batches are not part of MCP ${revision}.*2025-03-26`));
    }
  });
});

test('Mcp-Param-* headers of x-mcp-header properties (2026-07-28): missing, malformed or disagreeing → 400 / -32020; mirrored → the example', async () => {
  await withHttp(rules, async (url) => {
    const call = (args: JsonObject, extra: Record<string, string>) => {
      const request = modern(7, 'tools/call', { name: 'route', arguments: args });
      return post(url, request.body, { ...request.headers, ...extra });
    };
    const missing = await call({ region: 'eu-west' }, {});
    assert.equal(missing.status, 400);
    assert.equal(missing.json.error!.code, -32020);
    assert.match(String(missing.json.error!.message), /Mcp-Param-Region header is absent/);
    const malformed = await call({ region: 'eu-west' }, { 'mcp-param-region': '=?base64?***?=' });
    assert.equal(malformed.status, 400);
    assert.match(String(malformed.json.error!.message), /invalid Base64/);
    const other = await call(
      { region: 'eu-west', limit: 5 },
      { 'mcp-param-region': 'eu-west', 'mcp-param-limit': '6' },
    );
    assert.equal(other.status, 400);
    assert.match(String(other.json.error!.message), /Mcp-Param-Limit header decodes to "6".*limit=5/);
    const mirrored = await call({ region: 'eu-west' }, { 'mcp-param-region': '=?base64?ZXUtd2VzdA==?=' });
    assert.equal(mirrored.status, 200, JSON.stringify(mirrored.json));
    assert.deepEqual((mirrored.json.result as JsonObject).content, [{ type: 'text', text: 'routed to eu-west' }]);
  });
});

test('clientRequirements: a tool the client cannot use is refused (-32021) for that client and served to one that declares the capability; listing is not gated (8.5)', async () => {
  await withHttp(rules, async (url) => {
    const call = (capabilities: JsonObject) => {
      const request = modern(8, 'tools/call', { name: 'confirm', arguments: {} }, capabilities);
      return post(url, request.body, request.headers);
    };
    const refused = await call({});
    assert.equal(refused.json.error?.code, -32021, JSON.stringify(refused.json));
    assert.match(String(refused.json.error!.message), /elicitation/);
    const served = await call({ elicitation: {} });
    assert.deepEqual((served.json.result as JsonObject).content, [{ type: 'text', text: 'confirmed' }]);
    const list = modern(9, 'tools/list', {});
    const listed = await post(url, list.body, list.headers);
    assert.deepEqual(
      ((listed.json.result as JsonObject).tools as JsonObject[]).map((t) => t.name),
      ['route', 'confirm'],
    );
  });
  // stdio, 2025-11-25: the capabilities of initialize.
  const callConfirm = JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'confirm', arguments: {} },
  });
  const without = await stdioExchange(
    [rulesFile, '--quiet'],
    [JSON.stringify(initialize(1, '2025-11-25')), callConfirm],
    2,
  );
  assert.equal(errorOf(byId(without.responses, 2)).code, -32021);
  const withElicitation = await stdioExchange(
    [rulesFile, '--quiet'],
    [JSON.stringify(initialize(1, '2025-11-25', { elicitation: {} })), callConfirm],
    2,
  );
  assert.deepEqual((byId(withElicitation.responses, 2).result as JsonObject).content, [
    { type: 'text', text: 'confirmed' },
  ]);
});

test('resources/subscribe answers -32601 where resources.subscribe is not advertised', async () => {
  const subscribe = JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    method: 'resources/subscribe',
    params: { uri: 'notes://items/7' },
  });
  const { responses } = await stdioExchange(
    [promptsResources, '--quiet'],
    [JSON.stringify(initialize(1, '2025-11-25')), subscribe],
    2,
  );
  assert.equal(((byId(responses, 1).result as JsonObject).capabilities as JsonObject).resources !== undefined, true);
  assert.equal(errorOf(byId(responses, 2)).code, -32601);
});

test('a body nested 100,000 deep is answered -32700 (bounded depth), over HTTP and stdio; the depth scan skips strings', async () => {
  const deep = '['.repeat(100000) + ']'.repeat(100000);
  await withHttp(rules, async (url) => {
    const { status, json } = await post(url, deep, { 'mcp-protocol-version': '2025-11-25' });
    assert.equal(status, 400);
    assert.equal(json.error!.code, -32700);
    assert.match(String(json.error!.message), new RegExp(`deeper than ${maxNestingDepth}`));
    // Still serving.
    assert.equal((await post(url, initialize(2, '2025-11-25'))).status, 200);
  });
  const { responses } = await stdioExchange(
    [rulesFile, '--quiet'],
    [deep, JSON.stringify(initialize(1, '2025-11-25'))],
    2,
  );
  assert.equal(errorOf(responses[0]!).code, -32700);
  assert.equal((byId(responses, 1).result as JsonObject).protocolVersion, '2025-11-25');
  assert.equal(nestsDeeperThan(`{"a":"${'['.repeat(1000)}"}`, 2), false);
  assert.equal(nestsDeeperThan('[[[]]]', 2), true);
  assert.equal(nestsDeeperThan('[[]]', 2), false);
});

test('invalid params to resources/read, prompts/get and completion/complete are -32602 with a short message (no zod dump)', async () => {
  const requests = [
    { id: 2, method: 'resources/read', params: { uri: 5 }, says: /params\.uri: .*expected string/ },
    { id: 3, method: 'prompts/get', params: { name: [1] }, says: /params\.name: .*expected string/ },
    { id: 4, method: 'completion/complete', params: { ref: 7 }, says: /params\.ref/ },
  ];
  const { responses } = await stdioExchange(
    [promptsResources, '--quiet'],
    [
      JSON.stringify(initialize(1, '2025-11-25')),
      ...requests.map(({ id, method, params }) => JSON.stringify({ jsonrpc: '2.0', id, method, params })),
    ],
    4,
  );
  for (const { id, method, says } of requests) {
    const error = errorOf(byId(responses, id));
    assert.equal(error.code, -32602, method);
    assert.match(String(error.message), says, method);
    assert.ok(!String(error.message).includes('\n') && String(error.message).length < 300, String(error.message));
  }
});

test('1,000 pipelined stdio requests to a client that reads late: every one answered, no MaxListenersExceededWarning', async () => {
  const lines = [JSON.stringify(initialize(0, '2025-11-25'))];
  for (let id = 1; id <= 1000; id++)
    lines.push(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: {} }));
  const { responses, stderr } = await stdioExchange([fullFeatured, '--quiet'], lines, 1001, { pauseReadingMs: 1500 });
  assert.equal(responses.length, 1001);
  assert.equal(new Set(responses.map((r) => r.id)).size, 1001);
  assert.ok(responses.every((r) => r.result !== undefined));
  assert.doesNotMatch(stderr, /MaxListenersExceededWarning/);
  assert.equal(stderr, '');
});

test('--example naming a tool or an example the description lacks is a usage error (exit 2) naming what exists', () => {
  const tool = spawnSync(process.execPath, [bin, 'mock', rulesFile, '--example', 'nosuchtool=x'], { encoding: 'utf8' });
  assert.equal(tool.status, 2);
  assert.match(tool.stderr, /no tool "nosuchtool" \(its tools: "ping", "confirm", "route"\)/);
  const example = spawnSync(process.execPath, [bin, 'mock', rulesFile, '--example', 'route=nosuchexample'], {
    encoding: 'utf8',
  });
  assert.equal(example.status, 2);
  assert.match(example.stderr, /tool "route" has no example "nosuchexample" \(its examples: "eu"\)/);
  const origin = spawnSync(
    process.execPath,
    [bin, 'mock', rulesFile, '--http', '0', '--allow-origin', 'not an origin'],
    { encoding: 'utf8' },
  );
  assert.equal(origin.status, 2);
  assert.match(origin.stderr, /--allow-origin expects/);
});

test('--http --quiet with a 2026-07-28 description: standard error carries our own line only (no SDK warning)', async () => {
  const child = spawn(process.execPath, [bin, 'mock', rulesFile, '--http', '127.0.0.1:0', '--quiet'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  try {
    const deadline = Date.now() + 10000;
    while (!/on http:\/\/127\.0\.0\.1:\d+\/mcp\n/.test(stderr) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    const url = /on (http:\S+)\n/.exec(stderr)![1]!;
    const list = modern(1, 'tools/list', {});
    assert.equal((await post(url, list.body, list.headers)).status, 200);
    assert.deepEqual(stderr.trim().split('\n'), [
      `mcpdesc mock: serving ${rulesFile} (MCP 2026-07-28, 2025-11-25, 2025-03-26) on ${url}`,
    ]);
  } finally {
    await stop(child);
  }
});

test('the log of a -32022 answer names the requested and the declared revisions with a hint (HTTP and stdio), not a bare code', async () => {
  const lines: string[] = [];
  await withHttp(
    only2026,
    async (url) => {
      await post(url, initialize(1, '2025-11-25'));
    },
    { log: (line: string) => lines.push(line) },
  );
  const http = lines.find((l) => l.includes('-32022'));
  assert.ok(http, lines.join('\n'));
  assert.match(http, /asked for "2025-11-25"; the document declares 2026-07-28 \(hint: add/);

  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-32022-'));
  try {
    const file = join(dir, 'only-2026.mcpdesc.json');
    writeFileSync(file, JSON.stringify(only2026));
    const { responses, stderr } = await stdioExchange([file], [JSON.stringify(initialize(1, '2025-11-25'))], 1);
    assert.equal(responses[0]!.error && (responses[0]!.error as JsonObject).code, -32022);
    assert.match(
      stderr,
      /-32022 unsupported protocol version: the client asked for "2025-11-25"; the document declares 2026-07-28/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
