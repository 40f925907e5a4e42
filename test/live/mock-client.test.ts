/**
 * mcpdesc mock through the SDK v2 client (src/live/connect.ts) over Streamable HTTP on loopback:
 * prompts/get argument matching, completion/complete, resources/read of a template example and of
 * an unknown URI per revision, and the legacy revisions 2024-11-05 and 2025-03-26.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { connect, type LiveSession } from 'mcpdesc-toolkit/internal/live/connect.js';
import { MOCK_META_KEY } from 'mcpdesc-toolkit/internal/live/mock/selection.js';
import { startMock, type MockHandle } from 'mcpdesc-toolkit/internal/live/mock/server.js';
import { native } from 'mcpdesc-core/internal/operations/native.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { repoRoot } from './helpers.js';

const file = `${repoRoot}test/fixtures/mock/prompts-resources.mcpdesc.json`;
const document = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
const all = ['2024-11-05', '2025-03-26', '2025-11-25', '2026-07-28'];

let handle: MockHandle;
before(async () => {
  handle = await startMock(document, { transport: 'http', port: 0 });
});
after(async () => {
  await handle?.close();
});

async function withSession<T>(revision: string, run: (s: LiveSession) => Promise<T>): Promise<T> {
  const session = await connect({ kind: 'http', url: handle.url! }, revision, { timeout: 10000 });
  try {
    assert.equal(session.revision, revision);
    return await run(session);
  } finally {
    await session.close();
  }
}

const text = (result: JsonObject) => ((result.messages as JsonObject[])[0]!.content as JsonObject).text;
const meta = (result: JsonObject) => (result._meta as JsonObject)[MOCK_META_KEY] as JsonObject;

test('mock serves every revision of the fixture', () => {
  assert.deepEqual([...handle.revisions].sort(), all);
});

for (const revision of ['2025-11-25', '2026-07-28']) {
  test(`mock prompts/get (MCP ${revision}): the example whose arguments equal the request; missing required argument and unknown prompt are -32602`, async () => {
    await withSession(revision, async (s) => {
      const bob = await s.request('prompts/get', { name: 'greet', arguments: { who: 'Bob', tone: 'formal' } });
      assert.ok(bob.ok, JSON.stringify(bob));
      assert.equal(text(bob.result), 'Good day, Bob.');
      assert.equal(meta(bob.result).example, 'bob-formal');
      const ada = await s.request('prompts/get', { name: 'greet', arguments: { who: 'Ada' } });
      assert.ok(ada.ok);
      assert.equal(text(ada.result), 'Hello, Ada!');
      // Same who, another tone: no example's arguments equal the request (no synthesis for prompts).
      const other = await s.request('prompts/get', { name: 'greet', arguments: { who: 'Ada', tone: 'formal' } });
      assert.ok(other.ok);
      assert.match(String(text(other.result)), /no example of prompt "greet" matches/);
      assert.equal(meta(other.result).selection, 'none');
      const missing = await s.request('prompts/get', { name: 'greet', arguments: { tone: 'formal' } });
      assert.ok(!missing.ok && missing.error.code === -32602, JSON.stringify(missing));
      const unknown = await s.request('prompts/get', { name: 'nope', arguments: {} });
      assert.ok(!unknown.ok && unknown.error.code === -32602, JSON.stringify(unknown));
      if (revision === '2026-07-28') assert.equal(bob.result.resultType, 'complete');
    });
  });

  test(`mock completion/complete (MCP ${revision}): the example's values for the same argument; no values otherwise`, async () => {
    await withSession(revision, async (s) => {
      const hit = await s.request('completion/complete', {
        ref: { type: 'ref/prompt', name: 'greet' },
        argument: { name: 'who', value: 'Ad' },
      });
      assert.ok(hit.ok, JSON.stringify(hit));
      assert.deepEqual((hit.result.completion as JsonObject).values, ['Ada', 'Adele']);
      const miss = await s.request('completion/complete', {
        ref: { type: 'ref/prompt', name: 'greet' },
        argument: { name: 'who', value: 'Zz' },
      });
      assert.ok(miss.ok, JSON.stringify(miss));
      assert.deepEqual((miss.result.completion as JsonObject).values, []);
    });
  });
}

for (const [revision, notFound] of [
  ['2024-11-05', -32002],
  ['2025-03-26', -32002],
  ['2025-11-25', -32002],
  ['2026-07-28', -32602],
] as const) {
  test(`mock resources/read (MCP ${revision}): a template example's URI gives its result; an unknown URI is ${notFound}`, async () => {
    await withSession(revision, async (s) => {
      const seven = await s.request('resources/read', { uri: 'notes://items/7' });
      assert.ok(seven.ok, JSON.stringify(seven));
      assert.deepEqual(seven.result.contents, [{ uri: 'notes://items/7', mimeType: 'text/plain', text: 'note 7' }]);
      // Matches the template but no example has this URI: not found, as for any unknown URI.
      for (const uri of ['notes://items/8', 'other://x']) {
        const unknown = await s.request('resources/read', { uri });
        assert.ok(!unknown.ok, JSON.stringify(unknown));
        assert.equal(unknown.error.code, notFound, `${uri}: ${JSON.stringify(unknown.error)}`);
      }
    });
  });
}

for (const revision of ['2024-11-05', '2025-03-26']) {
  test(`mock legacy MCP ${revision}: initialize pinned; lists equal the native payloads; a tool call answers from the example`, async () => {
    await withSession(revision, async (s) => {
      assert.equal(s.negotiation, 'initialize');
      assert.equal(s.serverInfo.name, 'mock-prompts-resources');
      assert.equal('completions' in s.capabilities, revision !== '2024-11-05');
      const payloads = native(document, revision).value!;
      for (const [method, member] of [
        ['tools/list', 'tools'],
        ['resources/templates/list', 'resourceTemplates'],
        ['prompts/list', 'prompts'],
      ] as const) {
        const outcome = await s.request(method, {});
        assert.ok(outcome.ok, JSON.stringify(outcome));
        assert.deepEqual(outcome.result[member], payloads[method]![member], `${method} ${revision}`);
        assert.equal(outcome.result.ttlMs, undefined); // a 2026-07-28 field
      }
      const call = await s.request('tools/call', { name: 'ping-tool', arguments: { n: 1 } });
      assert.ok(call.ok, JSON.stringify(call));
      assert.deepEqual(call.result.content, [{ type: 'text', text: 'pong' }]);
      assert.equal(call.result.resultType, undefined);
      assert.equal(meta(call.result).example, 'one');
      const prompt = await s.request('prompts/get', { name: 'greet', arguments: { who: 'Ada' } });
      assert.ok(prompt.ok);
      assert.equal(text(prompt.result), 'Hello, Ada!');
    });
  });
}
