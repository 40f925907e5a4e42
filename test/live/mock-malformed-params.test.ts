/**
 * Every request with malformed params gets a JSON-RPC error reply from the mock (issue 39, item 6):
 * params that are no object, a `_meta` that is no object, and params of the wrong shape, on every
 * method the mock serves, over stdio and HTTP. Raw JSON-RPC lines and bodies, not an SDK client
 * (a client validates before it sends). Before the fix the SDK dropped the first two kinds
 * without a reply on stdio (-32700 with no id over HTTP), and answered logging/setLevel's wrong
 * shape -32603 and tools/call's -32602 with a multi-line zod dump.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { startMock } from 'mcpdesc-toolkit/internal/live/mock/server.js';
import { binPath as bin } from '../helpers/paths.js';
import { repoRoot } from './helpers.js';

const fullFeatured = `${repoRoot}../shared/conformance/mcpdesc-0.8.0/examples/full-featured.yaml`;
const batchesServed = `${repoRoot}test/fixtures/mock/prompts-resources.mcpdesc.json`;
const load = (file: string) => parseDescription(readFileSync(file), { filename: file }).document as JsonObject;

/** The methods full-featured.yaml serves that take params, with params of the wrong shape for each. */
const wrongShapes: [method: string, params: JsonObject][] = [
  ['tools/call', {}],
  ['tools/call', { name: 5 }],
  ['tools/call', { name: 'analyze_game', arguments: 'y' }],
  ['resources/read', { uri: 5 }],
  ['prompts/get', {}],
  ['prompts/get', { name: 'analyze_position', arguments: 'y' }],
  ['completion/complete', { ref: 'x' }],
  ['resources/subscribe', {}],
  ['resources/unsubscribe', { uri: 5 }],
  ['logging/setLevel', {}],
  ['logging/setLevel', { level: 'loudest' }],
  ['tools/list', { cursor: 5 }],
];
const methods = [...new Set([...wrongShapes.map(([method]) => method), 'ping', 'prompts/list', 'initialize'])];
const notObjects: unknown[] = ['x', 5, null, [], true, { _meta: 'x' }, { _meta: [] }];

/** One request per (method, malformed params), ids from 1, and what each one is. */
function malformedRequests(): { lines: string[]; what: Map<number, string> } {
  const what = new Map<number, string>();
  const lines: string[] = [];
  let id = 1;
  const add = (method: string, params: unknown) => {
    what.set(id, `${method} ${JSON.stringify(params)}`);
    lines.push(JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }));
  };
  for (const method of methods) for (const params of notObjects) add(method, params);
  for (const [method, params] of wrongShapes) add(method, params);
  return { lines, what };
}

function assertAllAnswered(responses: JsonObject[], what: Map<number, string>): void {
  for (const [id, request] of what) {
    const replies = responses.filter((r) => r.id === id);
    assert.equal(replies.length, 1, `one reply to ${request}`);
    const error = replies[0]!.error as JsonObject | undefined;
    assert.ok(error, `an error reply to ${request}: ${JSON.stringify(replies[0])}`);
    assert.equal(error.code, -32602, `${request}: ${String(error.message)}`);
    const method = request.slice(0, request.indexOf(' '));
    assert.ok(
      String(error.message).startsWith(`Invalid params for ${method}: `),
      `${request}: ${String(error.message)}`,
    );
    assert.doesNotMatch(String(error.message), /\n/, `${request}: one line, no zod dump`);
    assert.ok(String(error.message).length < 400, `${request}: short`);
  }
}

test('stdio: every request with malformed params is answered -32602 naming the method; the connection goes on', async () => {
  const child = spawn(process.execPath, [bin, 'mock', fullFeatured, '--quiet'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const initialize = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const { lines, what } = malformedRequests();
  const after = what.size + 1; // a well-formed request after them all: still served
  child.stdin.write(
    [
      JSON.stringify(initialize),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized', params: 'x' }), // a notification: no reply
      ...lines,
      JSON.stringify({ jsonrpc: '2.0', id: after, method: 'ping' }),
    ]
      .map((line) => `${line}\n`)
      .join(''),
  );
  const parsed = () =>
    out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as JsonObject);
  const deadline = Date.now() + 20_000;
  while (!parsed().some((r) => r.id === after) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  child.stdin.end();
  await new Promise((r) => child.once('exit', r));
  const responses = parsed();
  assert.deepEqual(responses.find((r) => r.id === after)?.result, {}, 'the ping after them is answered');
  assertAllAnswered(responses, what);
  assert.equal(responses.length, what.size + 2, 'initialize, one reply per malformed request, the ping');
  assert.equal(stderr, '');
});

test('HTTP: every request with malformed params is answered -32602 with its id (not -32700 with none)', async () => {
  const handle = await startMock(load(fullFeatured), { transport: 'http', port: 0 });
  try {
    const { lines, what } = malformedRequests();
    const responses: JsonObject[] = [];
    for (const line of lines) {
      const response = await fetch(handle.url!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        body: line,
      });
      assert.equal(response.status, 200, line);
      responses.push((await response.json()) as JsonObject);
    }
    assertAllAnswered(responses, what);
  } finally {
    await handle.close();
  }
});

test('a batch (MCP 2025-03-26) with a malformed request: every request answered, none run', async () => {
  const batch = [
    { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: 'x' },
    { jsonrpc: '2.0', method: 'notifications/progress', params: 'x' },
  ];
  const expected = [
    {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32600, message: 'Invalid Request: not run, element 1 of the batch has malformed params' },
    },
    {
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32602, message: 'Invalid params for tools/call: params must be an object, got a string ("x")' },
    },
  ];
  const handle = await startMock(load(batchesServed), { transport: 'http', port: 0 });
  try {
    const response = await fetch(handle.url!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-03-26',
      },
      body: JSON.stringify(batch),
    });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), expected);
  } finally {
    await handle.close();
  }

  const child = spawn(process.execPath, [bin, 'mock', batchesServed, '--quiet'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const initialize = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const lines = () => out.split('\n').filter(Boolean).length;
  const waitFor = async (count: number) => {
    const deadline = Date.now() + 20_000;
    while (lines() < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  };
  // The batch after initialize's answer: batching is a property of the negotiated revision.
  child.stdin.write(`${JSON.stringify(initialize)}\n`);
  await waitFor(1);
  child.stdin.write(`${JSON.stringify(batch)}\n`);
  await waitFor(2);
  child.stdin.end();
  await new Promise((r) => child.once('exit', r));
  const replies = out
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as unknown);
  assert.deepEqual(
    replies.find((r) => Array.isArray(r)),
    expected,
  );
});
