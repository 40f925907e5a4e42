/**
 * 2026-07-28 change notifications: a reload (what --watch calls) that changes the tools list
 * reaches a `subscriptions/listen` stream as notifications/tools/list_changed, over stdio and
 * over Streamable HTTP; a reload that changes nothing sends nothing.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { startMock } from 'mcpdesc-toolkit/internal/live/mock/server.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';

const document = (tools: string[]): JsonObject => ({
  mcpdesc: '0.8.0',
  info: { name: 'listen-2026', version: '1.0.0' },
  protocolVersions: ['2026-07-28'],
  capabilities: [{ tools: { listChanged: true } }],
  tools: tools.map((name) => ({ name, inputSchema: { type: 'object' } })),
});
const listen = {
  jsonrpc: '2.0',
  id: 1,
  method: 'subscriptions/listen',
  params: {
    notifications: { toolsListChanged: true },
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
    },
  },
};

async function until(read: () => string, needle: string, what: string): Promise<void> {
  const deadline = Date.now() + 15000;
  while (!read().includes(needle)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${read()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('2026-07-28 over stdio: a reload adding a tool sends tools/list_changed to the listen stream; an unchanged reload sends nothing', async () => {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  const handle = await startMock(document(['a']), { stdin, stdout });
  try {
    stdin.write(`${JSON.stringify(listen)}\n`);
    await until(() => out, 'notifications/subscriptions/acknowledged', 'the acknowledgement');
    assert.equal(handle.reload(document(['a'])).ok, true);
    await new Promise((r) => setTimeout(r, 200));
    assert.doesNotMatch(out, /list_changed/);
    assert.equal(handle.reload(document(['a', 'b'])).ok, true);
    await until(() => out, 'notifications/tools/list_changed', 'list_changed');
    const notification = out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as JsonObject)
      .find((m) => m.method === 'notifications/tools/list_changed')!;
    assert.deepEqual(notification.params, { _meta: { 'io.modelcontextprotocol/subscriptionId': 1 } });
  } finally {
    stdin.end();
    await handle.close();
  }
});

test('2026-07-28 over Streamable HTTP: a reload adding a tool sends tools/list_changed on the listen SSE stream', async () => {
  const handle = await startMock(document(['a']), { transport: 'http', port: 0 });
  const abort = new AbortController();
  try {
    const response = await fetch(handle.url!, {
      method: 'POST',
      signal: abort.signal,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'subscriptions/listen',
      },
      body: JSON.stringify(listen),
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/event-stream/);
    let text = '';
    const reader = response.body!.getReader();
    const pump = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        text += Buffer.from(value!).toString();
      }
    })();
    await until(() => text, 'notifications/subscriptions/acknowledged', 'the acknowledgement');
    assert.equal(handle.reload(document(['a', 'b'])).ok, true);
    await until(() => text, 'notifications/tools/list_changed', 'list_changed');
    abort.abort();
    await pump;
  } finally {
    abort.abort();
    await handle.close();
  }
});
