/**
 * verify's contract checks for resource, resource template and prompt examples, and the
 * x-mcp-header hygiene check, against the SDK v2 test server over Streamable HTTP (one process
 * for the file, started with the x-mcp-header tools: MCPDESC_TEST_HEADERS=1).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { startHttp, testServer, type HttpServer } from './helpers.js';

type Entry = Record<string, unknown>;
const codes = (findings: { rule: string; code: string; pointer: string }[]) =>
  findings.map((f) => `${f.rule} ${f.code} ${f.pointer}`);

let server: HttpServer;
let captured: JsonObject;
const target = () => ({ kind: 'http' as const, url: server.url });
before(async () => {
  server = await startHttp(testServer, ['http'], { MCPDESC_TEST_HEADERS: '1' });
  captured = (await capture(target(), { timeout: 10000 })).value!;
});
after(async () => {
  await server?.stop();
});

const find = (doc: JsonObject, kind: string, key: string, id: string) => {
  const list = doc[kind] as Entry[];
  const index = list.findIndex((e) => e[key] === id);
  return { entry: list[index]!, index };
};

/** Resource, template and prompt examples that match what the test server answers (2026-07-28 results). */
function withExamples(doc: JsonObject): JsonObject {
  const out = structuredClone(doc);
  // Without the x-mcp-header tools (route-dup makes the description invalid, so it has no native form).
  out.tools = (out.tools as Entry[]).filter((t) => !String(t.name).startsWith('route'));
  find(out, 'resources', 'uri', 'test://a').entry.examples = {
    plain: {
      result: {
        resultType: 'complete',
        ttlMs: 60000,
        cacheScope: 'public',
        contents: [{ uri: 'test://a', mimeType: 'text/plain', text: 'resource a' }],
      },
    },
  };
  find(out, 'resources', 'uri', 'test://c').entry.examples = {
    json: {
      result: {
        resultType: 'complete',
        ttlMs: 60000,
        cacheScope: 'public',
        contents: [{ uri: 'test://c', mimeType: 'application/json', text: '{"ok":true}' }],
      },
    },
  };
  find(out, 'resourceTemplates', 'uriTemplate', 'test://items/{id}').entry.examples = {
    seven: {
      uri: 'test://items/7',
      result: {
        resultType: 'complete',
        ttlMs: 60000,
        cacheScope: 'public',
        contents: [{ uri: 'test://items/7', mimeType: 'application/json', text: '{"id":"7"}' }],
      },
    },
  };
  find(out, 'prompts', 'name', 'greet').entry.examples = {
    'to-ada': {
      arguments: { who: 'Ada' },
      result: { resultType: 'complete', messages: [{ role: 'user', content: { type: 'text', text: 'Hello, Ada!' } }] },
    },
  };
  return out;
}

const contract = <F extends { rule: string }>(findings: F[]) =>
  findings.filter((f) => f.rule.startsWith('verify.contract.'));

test('verify contract: resource, template and prompt examples that match the server are clean', async () => {
  const result = await verify(withExamples(captured), target(), { timeout: 10000 });
  assert.deepEqual(codes(contract(result.findings)), []);
  // Nothing else but the x-mcp-header tools the description leaves out (their hygiene: the tests below).
  const others = result.findings.filter(
    (f) =>
      !(f.code === 'primitive-undeclared' && /tools "route/.test(f.message)) &&
      f.rule !== 'verify.hygiene.x-mcp-header',
  );
  assert.deepEqual(
    others.map((f) => f.message),
    [],
  );
});

test('verify contract: a differing resource shape, an unreadable template example and a differing prompt are findings by rule, code and pointer', async () => {
  const doc = withExamples(captured);
  const c = find(doc, 'resources', 'uri', 'test://c');
  // The example says blob; the server answers text.
  (c.entry.examples as Record<string, JsonObject>).json!.result = {
    resultType: 'complete',
    contents: [{ uri: 'test://c', mimeType: 'application/json', blob: 'e30=' }],
  };
  const t = find(doc, 'resourceTemplates', 'uriTemplate', 'test://items/{id}');
  (t.entry.examples as Record<string, JsonObject>).seven!.uri = 'test://elsewhere/7'; // resource-not-found on the server
  const p = find(doc, 'prompts', 'name', 'greet');
  (p.entry.examples as Record<string, JsonObject>)['to-ada']!.result = {
    resultType: 'complete',
    messages: [{ role: 'assistant', content: { type: 'text', text: 'Hello, Ada!' } }],
  };
  const result = await verify(doc, target(), { timeout: 10000 });
  const got = contract(result.findings);
  assert.deepEqual(codes(got).sort(), [
    `verify.contract.prompt-get messages-shape /prompts/${p.index}/examples/to-ada/result/messages`,
    `verify.contract.resource-read contents-shape /resources/${c.index}/examples/json/result/contents`,
    `verify.contract.resource-read read-failed /resourceTemplates/${t.index}/examples/seven`,
  ]);
  for (const f of got) assert.equal(f.severity, 'error');
  const shape = got.find((f) => f.code === 'contents-shape')!;
  assert.deepEqual(shape.live, ['text:application/json']);
  assert.deepEqual(shape.expected, ['blob:application/json']);
  const prompt = got.find((f) => f.code === 'messages-shape')!;
  assert.deepEqual(prompt.live, ['user:text']);
  assert.deepEqual(prompt.expected, ['assistant:text']);
  assert.match(got.find((f) => f.code === 'read-failed')!.message, /"test:\/\/elsewhere\/7"/);
  // --call none reads and gets nothing.
  const none = await verify(doc, target(), { timeout: 10000, call: 'none' });
  assert.deepEqual(contract(none.findings), []);
});

test('verify hygiene x-mcp-header (2026-07-28): a duplicate header name and an unstable mapping fire; unique stable headers stay quiet', async () => {
  const result = await verify(captured, target(), { timeout: 10000, call: 'none' });
  const headers = result.findings.filter((f) => f.rule === 'verify.hygiene.x-mcp-header');
  const dup = find(captured, 'tools', 'name', 'route-dup');
  const flip = find(captured, 'tools', 'name', 'route-flip');
  assert.deepEqual(codes(headers).sort(), [
    `verify.hygiene.x-mcp-header header-duplicate /tools/${dup.index}/inputSchema/properties/area/x-mcp-header`,
    `verify.hygiene.x-mcp-header headers-unstable /tools/${flip.index}`,
  ]);
  const duplicate = headers.find((f) => f.code === 'header-duplicate')!;
  assert.equal(duplicate.severity, 'error'); // a MUST of MCP 2026-07-28 (and of 0.8.0 section 9)
  assert.equal(duplicate.live, 'region');
  const unstable = headers.find((f) => f.code === 'headers-unstable')!;
  assert.equal(unstable.severity, 'warning');
  assert.notDeepEqual(unstable.live, unstable.expected);
  // `route` (Region and a nested Zone, unique and stable) has no finding.
  assert.ok(!headers.some((f) => f.message.includes('"route"')));
});

test('verify hygiene x-mcp-header: quiet before 2026-07-28 (the annotation has no meaning there)', async () => {
  const legacy = (await capture(target(), { protocol: '2025-11-25', timeout: 10000 })).value!;
  const result = await verify(legacy, target(), { timeout: 10000, call: 'none' });
  assert.deepEqual(
    result.findings.filter((f) => f.rule === 'verify.hygiene.x-mcp-header'),
    [],
  );
});
