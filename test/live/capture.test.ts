import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import {
  connect,
  splitCommandLine,
  expandVariables,
  parseEnvAssignments,
  parseHeaders,
} from 'mcpdesc-toolkit/internal/live/connect.js';
import { listAll, checkInvalidCursor } from 'mcpdesc-toolkit/internal/live/raw-list.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import {
  everythingHttp,
  everythingStdio,
  runCli,
  startHttp,
  testServer,
  testServerStdio,
  type HttpServer,
} from './helpers.js';

const names = (list: unknown) => (list as { name: string }[]).map((t) => t.name);

/** One SDK v2 test server over Streamable HTTP for the tests that are not about stdio (no process per connection). */
let http: HttpServer;
const httpTarget = () => ({ kind: 'http' as const, url: http.url });
before(async () => {
  http = await startHttp(testServer, ['http']);
});
after(async () => {
  await http?.stop();
});

test('capture: SDK v2 test server over stdio speaks 2026-07-28, pages of 2 are followed, raw fields survive', async () => {
  const result = await capture(testServerStdio(), { timeout: 10000 });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  const doc = result.value!;
  assert.deepEqual(doc.protocolVersions, ['2026-07-28']);
  assert.deepEqual(names(doc.tools), ['lookup', 'wipe', 'echo'], "the server's order, not re-sorted");
  assert.equal((doc.resources as unknown[]).length, 3);
  const lookup = (doc.tools as Record<string, unknown>[]).find((t) => t.name === 'lookup')!;
  assert.equal(lookup['x-test'], 'kept');
  const echo = (doc.tools as Record<string, unknown>[]).find((t) => t.name === 'echo')!;
  assert.deepEqual(echo._meta, { 'example.com/owner': 'tests' });
  assert.deepEqual(doc.info, {
    name: 'mcpdesc-test-server',
    title: 'mcpdesc test server',
    version: '1.2.3',
    description: 'Fixture for live tests',
    websiteUrl: 'https://example.com/test-server',
  });
  assert.equal(doc.instructions, 'Use lookup for words.');
  assert.equal(validate(doc).valid, true);
});

test('capture: a pinned 2025-era revision uses initialize', async () => {
  const result = await capture(testServerStdio(), { protocol: '2025-06-18', timeout: 10000 });
  assert.deepEqual(result.value?.protocolVersions, ['2025-06-18']);
});

test('capture: --protocol all merges the views of every supported revision', async () => {
  // Over HTTP: one connection per revision without a process each (stdio pinning: the test above).
  const result = await capture(httpTarget(), { protocol: 'all', timeout: 10000 });
  assert.deepEqual(result.revisions, ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']);
  assert.deepEqual(result.value?.protocolVersions, result.revisions);
  // Streamable HTTP is not a 2024-11-05 transport: no view declares transports (they must cover every revision).
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics.filter((d) => d.severity === 'error')));
  assert.ok(result.diagnostics.some((d) => d.code === 'transports-omitted' && /2024-11-05/.test(d.message)));
  assert.equal(result.value?.transports, undefined);
});

test('raw lists: ttlMs/cacheScope on every 2026-07-28 page; invalid cursor gives -32602', async () => {
  const session = await connect(httpTarget(), 'auto', { timeout: 10000 });
  try {
    assert.equal(session.revision, '2026-07-28');
    assert.equal(session.negotiation, 'server/discover');
    const list = await listAll(session, 'tools');
    assert.equal(list.pages.length, 2);
    for (const page of list.pages) assert.equal(typeof page.ttlMs, 'number');
    assert.equal(await checkInvalidCursor(session, 'tools'), undefined);
  } finally {
    await session.close();
  }
});

test('capture: server-everything over stdio (v1 SDK server: falls back to initialize); the capture is valid', async () => {
  const result = await capture(everythingStdio(), { timeout: 15000 });
  assert.deepEqual(result.value?.protocolVersions, ['2025-11-25']);
  assert.ok(names(result.value?.tools).includes('echo'));
  assert.equal(validate(result.value).valid, true);
});

test('capture: server-everything over Streamable HTTP on loopback', async () => {
  const server = await startHttp(everythingHttp);
  try {
    const { code, files, stderr } = await runCli(
      ['capture', '--url', server.url, '--header', 'X-Api-Key: ${MCPDESC_TEST_KEY}', '--to', 'json', '-o', 'out.json'],
      { MCPDESC_TEST_KEY: 'sekrit-value-123' },
    );
    assert.equal(code, 0, stderr);
    const text = files.get('out.json')!;
    assert.ok(!text.includes('sekrit-value-123'));
    const doc = JSON.parse(text);
    assert.deepEqual(doc.transports, [{ type: 'streamable-http', url: server.url }]);
    assert.ok(names(doc.tools).includes('echo'));
  } finally {
    await server.stop();
  }
});

test('capture: stdio env values never appear in the output', async () => {
  const { code, stdout } = await runCli([
    'capture',
    '--stdio',
    `"${process.execPath}" ${testServer} stdio`,
    '--env',
    'API_TOKEN=very-secret-token',
    '--to',
    'json',
  ]);
  assert.equal(code, 0);
  assert.ok(!stdout.includes('very-secret-token'));
  assert.deepEqual(JSON.parse(stdout).transports[0].env, { API_TOKEN: '${API_TOKEN}' });
});

test('capture: SDK v2 test server over Streamable HTTP', async () => {
  const result = await capture(httpTarget(), { timeout: 10000 });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  assert.deepEqual(result.value?.protocolVersions, ['2026-07-28']);
  assert.deepEqual(names(result.value?.tools), ['lookup', 'wipe', 'echo']);
  assert.deepEqual(result.value?.transports, [{ type: 'streamable-http', url: http.url }]);
});

test('capture --merge-into keeps curated fields and lists changes', async () => {
  const first = await capture(httpTarget(), { timeout: 10000 });
  const existing = structuredClone(first.value!) as Record<string, unknown>;
  const tools = existing.tools as Record<string, unknown>[];
  const echo = tools.find((t) => t.name === 'echo')!;
  echo.description = 'Curated description.';
  echo.tags = ['io'];
  existing.tags = [{ name: 'io' }];
  tools.splice(
    tools.findIndex((t) => t.name === 'wipe'),
    1,
  ); // wipe is new to the existing description
  tools.push({ name: 'gone', inputSchema: { type: 'object' } });
  const result = await capture(httpTarget(), { timeout: 10000, mergeInto: existing });
  const out = result.value!.tools as Record<string, unknown>[];
  const merged = out.find((t) => t.name === 'echo')!;
  assert.equal(merged.description, 'Curated description.');
  assert.deepEqual(merged.tags, ['io']);
  assert.deepEqual(names(out), ['lookup', 'wipe', 'echo']);
  assert.ok(result.changes.some((c) => c.kind === 'added' && c.message.includes('"wipe"')));
  assert.ok(result.changes.some((c) => c.kind === 'removed' && c.message.includes('"gone"')));
  assert.ok(result.changes.some((c) => c.kind === 'kept' && c.pointer === `/tools/${tools.indexOf(echo)}/description`));
});

test('command lines, headers and ${VAR}', () => {
  assert.deepEqual(splitCommandLine(`node "my server.js" --flag 'a b' c\\ d`), [
    'node',
    'my server.js',
    '--flag',
    'a b',
    'c d',
  ]);
  assert.equal(expandVariables('Bearer ${T}', { T: 'x' }), 'Bearer x');
  assert.throws(() => expandVariables('${NOPE}', {}), /NOPE is not set/);
  assert.deepEqual(parseHeaders(['Authorization: Bearer ${T}'], { T: 'abc' }), { Authorization: 'Bearer abc' });
});

test('header and env names that are Object.prototype members stay ordinary own entries', () => {
  const headers = parseHeaders(['__proto__: a', 'constructor: b', 'toString: c'], {});
  assert.deepEqual(Object.keys(headers), ['__proto__', 'constructor', 'toString']);
  assert.equal(Object.getPrototypeOf(headers), Object.prototype);
  assert.equal(headers['__proto__' as string], 'a');
  const env = parseEnvAssignments(['__proto__=x', 'valueOf=y']);
  assert.deepEqual(Object.keys(env), ['__proto__', 'valueOf']);
  assert.equal(Object.getPrototypeOf(env), Object.prototype);
});

test('capture --merge-into a multi-revision description: each scoped variant keeps its own curated fields', async () => {
  const target = httpTarget();
  const first = await capture(target, { protocol: 'all', timeout: 10000 });
  assert.equal(first.ok, true);
  const existing = structuredClone(first.value!) as Record<string, unknown>;
  type Decl = Record<string, unknown>;
  const tools = existing.tools as Decl[];
  const variants = (name: string) => tools.filter((t) => t.name === name);
  // lookup has scoped variants (title, annotations and outputSchema are not in every revision).
  const lookups = variants('lookup');
  assert.ok(lookups.length >= 2, JSON.stringify(lookups.map((t) => t.protocolVersions)));
  lookups.forEach((t, i) => {
    t.description = `Curated lookup ${i}.`;
    t['x-variant'] = i;
  });
  const modern = lookups.find((t) => (t.protocolVersions as string[]).includes('2026-07-28'))!;
  modern.tags = ['words'];
  existing.tags = [{ name: 'words' }];
  // A variant whose scope matches no captured revision's variant exactly still feeds the variant sharing most revisions.
  const result = await capture(target, { protocol: 'all', timeout: 10000, mergeInto: existing });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics.filter((d) => d.severity === 'error')));
  const out = (result.value!.tools as Decl[]).filter((t) => t.name === 'lookup');
  assert.deepEqual(
    out.map((t) => t.protocolVersions),
    lookups.map((t) => t.protocolVersions),
  );
  out.forEach((t, i) => {
    assert.equal(t.description, `Curated lookup ${i}.`, JSON.stringify(t));
    assert.equal(t['x-variant'], i);
  });
  const outModern = out.find((t) => (t.protocolVersions as string[]).includes('2026-07-28'))!;
  assert.deepEqual(outModern.tags, ['words']);
  assert.ok(
    out.filter((t) => t !== outModern).every((t) => t.tags === undefined),
    'tags stay on their variant',
  );
  // No variant is reported removed; the curated descriptions are reported kept, one per variant.
  assert.deepEqual(
    result.changes.filter((c) => c.kind === 'removed'),
    [],
  );
  const kept = result.changes
    .filter((c) => c.kind === 'kept' && c.message.startsWith('"lookup" description'))
    .map((c) => c.pointer);
  assert.deepEqual(
    kept,
    lookups.map((t) => `/tools/${tools.indexOf(t)}/description`),
  );
});

test('capture --merge-into: a single-revision capture into a multi-revision description', async () => {
  const target = httpTarget();
  const existing = structuredClone((await capture(target, { protocol: 'all', timeout: 10000 })).value!) as Record<
    string,
    unknown
  >;
  const tools = existing.tools as Record<string, unknown>[];
  const legacyEcho = tools.find((t) => t.name === 'echo' && (t.protocolVersions as string[]).includes('2024-11-05'))!;
  const modernEcho = tools.find((t) => t.name === 'echo' && (t.protocolVersions as string[]).includes('2026-07-28'))!;
  legacyEcho['x-note'] = 'legacy';
  modernEcho['x-note'] = 'modern';
  const result = await capture(target, { timeout: 10000, mergeInto: existing });
  // The capture is what the server says now (2026-07-28 only): the echo declaration takes the variant covering 2026-07-28.
  assert.deepEqual(result.value!.protocolVersions, ['2026-07-28']);
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics.filter((d) => d.severity === 'error')));
  const echo = (result.value!.tools as Record<string, unknown>[]).filter((t) => t.name === 'echo');
  assert.equal(echo.length, 1);
  assert.equal(echo[0]!['x-note'], 'modern');
  assert.ok(
    result.changes.some(
      (c) =>
        c.kind === 'removed' && c.pointer === `/tools/${tools.indexOf(legacyEcho)}` && /2024-11-05/.test(c.message),
    ),
  );
});
