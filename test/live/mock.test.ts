/** mcpdesc mock: selection and synthesis over the corpus (in process), SDK v2 client round trips over stdio and HTTP, verify against the mock, abuse. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { isObject, type JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { native } from 'mcpdesc-core/internal/operations/native.js';
import { connect, type ConnectTarget, type LiveSession } from 'mcpdesc-toolkit/internal/live/connect.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import { buildModel } from 'mcpdesc-toolkit/internal/live/mock/model.js';
import { startMock } from 'mcpdesc-toolkit/internal/live/mock/server.js';
import { argumentProblems } from 'mcpdesc-toolkit/internal/live/mock/tool-arguments.js';
import { namedExamples, selectToolResult, MOCK_META_KEY } from 'mcpdesc-toolkit/internal/live/mock/selection.js';
import { fromPattern, synthesize, PLACEHOLDER } from 'mcpdesc-toolkit/internal/live/mock/synthesize.js';
import { repoRoot } from './helpers.js';
import { binPath as bin } from '../helpers/paths.js';

const corpus = resolve(process.cwd(), '..', 'shared', 'conformance', 'mcpdesc-0.8.0');
const catalogue = `${repoRoot}test/fixtures/mock/catalogue.mcpdesc.json`;

function load(file: string): JsonObject {
  return parseDescription(readFileSync(file), { filename: file }).document as JsonObject;
}
const validFiles = [
  ...readdirSync(join(corpus, 'fixtures/expected-valid')).map((f) => join(corpus, 'fixtures/expected-valid', f)),
  ...readdirSync(join(corpus, 'examples')).map((f) => join(corpus, 'examples', f)),
]
  .filter((f) => /\.(json|ya?ml)$/.test(f))
  .sort();

test('synthesize: formats, patterns, enums, bounds; deterministic', () => {
  const schema = {
    type: 'object',
    properties: {
      when: { type: 'string', format: 'date-time' },
      day: { type: 'string', format: 'date' },
      mail: { type: 'string', format: 'email' },
      link: { type: 'string', format: 'uri' },
      id: { type: 'string', format: 'uuid' },
      code: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' },
      colour: { enum: ['red', 'green'] },
      fixed: { const: 42 },
      n: { type: 'integer', minimum: 10, maximum: 12 },
      x: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
      list: { type: 'array', items: { type: 'string', minLength: 3 }, minItems: 2 },
      name: { type: 'string', minLength: 20, maxLength: 25 },
    },
    required: ['when', 'code'],
  };
  const a = synthesize(schema, { seed: 's' });
  assert.equal(a.valid, true, JSON.stringify(a));
  assert.deepEqual(a.placeholders, []);
  assert.deepEqual(synthesize(schema, { seed: 's' }), a);
  assert.match((a.value as JsonObject).code as string, /^[A-Z]{3}-\d{4}$/);
  assert.equal(fromPattern('^(?=x)a$'), undefined);
  const hard = synthesize({
    type: 'object',
    properties: { v: { type: 'string', pattern: '^(?!a)\\1$' } },
    required: ['v'],
  });
  assert.equal((hard.value as JsonObject).v, PLACEHOLDER);
  assert.deepEqual(hard.placeholders, ['/v']);
});

test('corpus: every valid document builds; every tool example is selected by its input and its input validates; outputSchemas synthesize', () => {
  let examples = 0;
  for (const file of validFiles) {
    const document = load(file);
    const built = buildModel(document);
    assert.ok(built.model, `${file}: ${JSON.stringify(built.diagnostics.slice(0, 3))}`);
    for (const [revision, rm] of built.model.byRevision) {
      for (const tool of rm.declarations.tools.values()) {
        for (const [name, example] of namedExamples(tool)) {
          if (!isObject(example.input)) continue;
          assert.deepEqual(argumentProblems(tool.inputSchema, example.input), [], `${file} ${tool.name} ${name}`);
          const selection = selectToolResult(tool, example.input, { revision: revision as never });
          assert.equal(selection.kind, 'input');
          const same = namedExamples(tool).find(([, e]) => JSON.stringify(e.input) === JSON.stringify(example.input))!;
          assert.equal(selection.example, same[0]);
          assert.ok(isObject(selection.result._meta) && isObject(selection.result._meta[MOCK_META_KEY]));
          examples++;
        }
        if (tool.outputSchema !== undefined) {
          const s = synthesize(tool.outputSchema, { seed: String(tool.name) });
          assert.ok(s.valid || s.placeholders.length > 0, `${file} ${tool.name}`);
        }
      }
    }
  }
  assert.ok(examples > 5);
});

test('selection policy: input match, named (meta and option), synthesized, none', () => {
  const rm = buildModel(load(catalogue)).model!.byRevision.get('2026-07-28')!;
  const lookup = rm.declarations.tools.get('lookup')!;
  assert.equal(selectToolResult(lookup, { word: 'hello' }, { revision: '2026-07-28' }).kind, 'input');
  const named = selectToolResult(lookup, { word: 'x' }, { revision: '2026-07-28', requested: 'hello' });
  assert.equal(named.kind, 'named');
  assert.equal(named.via, 'meta');
  assert.equal(selectToolResult(lookup, { word: 'x' }, { revision: '2026-07-28', configured: 'hello' }).via, 'option');
  const synthesized = selectToolResult(lookup, { word: 'x' }, { revision: '2026-07-28' });
  assert.equal(synthesized.kind, 'synthesized');
  assert.equal(synthesized.valid, true);
  assert.deepEqual(
    JSON.parse((synthesized.result.content as JsonObject[])[0]!.text as string),
    synthesized.result.structuredContent,
  );
  assert.equal(selectToolResult(rm.declarations.tools.get('alpha')!, {}, { revision: '2026-07-28' }).kind, 'none');
  assert.match(argumentProblems(lookup.inputSchema, { word: 7 })[0]!, /property "word" fails "type".*value 7/);
});

async function roundTrip(
  target: ConnectTarget,
  revision: string,
  document: JsonObject,
  pageSize: number,
  more?: (session: LiveSession) => Promise<void>,
): Promise<void> {
  const session: LiveSession = await connect(target, revision, { timeout: 15000 });
  try {
    const payloads = native(document, revision).value!;
    for (const [method, member] of [
      ['tools/list', 'tools'],
      ['resources/list', 'resources'],
      ['resources/templates/list', 'resourceTemplates'],
      ['prompts/list', 'prompts'],
    ] as const) {
      if (!payloads[method]) continue;
      const items: unknown[] = [];
      let cursor: unknown;
      let pages = 0;
      do {
        const outcome = await session.request(method, cursor === undefined ? {} : { cursor });
        assert.ok(outcome.ok, JSON.stringify(outcome));
        items.push(...(outcome.result[member] as unknown[]));
        cursor = outcome.result.nextCursor;
        if (revision === '2026-07-28') assert.equal(typeof outcome.result.ttlMs, 'number');
        pages++;
      } while (cursor !== undefined && pages < 100);
      assert.deepEqual(items, payloads[method]![member], `${method} ${revision}`);
      const bad = await session.request(method, { cursor: 'not-a-cursor' });
      assert.ok(!bad.ok && bad.error.code === -32602);
    }
    const rm = buildModel(document).model!.byRevision.get(revision)!;
    for (const tool of rm.declarations.tools.values()) {
      for (const [, example] of namedExamples(tool)) {
        const outcome = await session.request('tools/call', {
          name: tool.name as string,
          arguments: example.input as JsonObject,
        });
        assert.ok(outcome.ok);
        assert.deepEqual(outcome.result.content, (example.result as JsonObject).content);
      }
    }
    const unknown = await session.request('tools/call', { name: 'no-such-tool', arguments: {} });
    assert.ok(!unknown.ok && unknown.error.code === -32602);
    if (more) await more(session);
    void pageSize;
  } finally {
    await session.close();
  }
}

test('SDK v2 client over stdio (CLI): legacy and 2026-07-28, pagination, examples, errors', async () => {
  const document = load(catalogue);
  const target: ConnectTarget = {
    kind: 'stdio',
    command: process.execPath,
    args: [bin, 'mock', catalogue, '--quiet', '--page-size', '1'],
  };
  // One process per revision: the invalid-arguments check reuses the 2025-11-25 connection.
  await roundTrip(target, '2025-11-25', document, 1, async (session) => {
    const invalid = await session.request('tools/call', { name: 'lookup', arguments: { word: 7 } });
    assert.ok(invalid.ok && invalid.result.isError === true);
    assert.match(JSON.stringify(invalid.result.content), /word.*type.*7/);
  });
  await roundTrip(target, '2026-07-28', document, 1);
});

test('SDK v2 client over HTTP: corpus documents, pagination, examples', async () => {
  for (const file of [
    catalogue,
    join(corpus, 'examples/multi-version.yaml'),
    join(corpus, 'fixtures/expected-valid/named-tool-examples.json'),
    join(corpus, 'examples/full-featured.yaml'),
  ]) {
    const document = load(file);
    const handle = await startMock(document, { transport: 'http', port: 0, pageSize: 1 });
    try {
      for (const revision of handle.revisions)
        await roundTrip({ kind: 'http', url: handle.url! }, revision, document, 1);
    } finally {
      await handle.close();
    }
  }
});

/** verify resolves components, compares native forms and reads omitted capabilities as no claim: the raw documents verify clean. */
test('verify against the mock reports no findings for every valid corpus document', async () => {
  for (const file of validFiles) {
    const document = load(file);
    const handle = await startMock(document, { transport: 'http', port: 0 });
    try {
      const result = await verify(document, { kind: 'http', url: handle.url! }, { timeout: 15000 });
      assert.deepEqual(
        result.findings.map((f) => `${f.severity} ${f.rule} ${f.code} ${f.pointer} ${f.message}`),
        [],
        file,
      );
    } finally {
      await handle.close();
    }
  }
});

test('verify against `mcpdesc mock` over stdio reports no findings', async () => {
  const file = join(corpus, 'examples/multi-version.yaml');
  const result = await verify(
    load(file),
    { kind: 'stdio', command: process.execPath, args: [bin, 'mock', file, '--quiet'] },
    { timeout: 15000 },
  );
  assert.deepEqual(result.findings, []);
});

test('abuse over HTTP: malformed JSON, oversized body, unknown method, legacy -32002, 1000 concurrent requests', async () => {
  const handle = await startMock(load(catalogue), { transport: 'http', port: 0, maxBody: 10_000 });
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(handle.url!, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
        ...headers,
      },
    });
  try {
    const malformed = await post('{not json');
    assert.equal(((await malformed.json()) as JsonObject & { error: { code: number } }).error.code, -32700);
    const big = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(20_000) } }),
    );
    assert.equal(big.status, 413);
    const unknown = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'no/such', params: {} }));
    assert.equal(((await unknown.json()) as { error: { code: number } }).error.code, -32601);
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'lookup', arguments: { word: 'hello' } },
    });
    const responses = await Promise.all(
      Array.from({ length: 1000 }, () =>
        post(call).then(async (r) => ({ status: r.status, body: (await r.json()) as JsonObject })),
      ),
    );
    for (const r of responses) {
      assert.equal(r.status, 200);
      assert.equal(((r.body.result as JsonObject).content as JsonObject[])[0]!.text, '5');
    }
    const after = await post(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: {} }));
    assert.equal(after.status, 200);
  } finally {
    await handle.close();
  }
});

test('abuse over stdio: malformed JSON gets -32700 and the server keeps serving', async () => {
  const { PassThrough } = await import('node:stream');
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (c: Buffer) => {
    text += c.toString();
  });
  const handle = await startMock(load(catalogue), { stdin, stdout });
  stdin.write('{oops\n');
  stdin.write(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }) + '\n',
  );
  stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'x://none' } }) + '\n');
  const deadline = Date.now() + 5000;
  while (!text.includes('"id":2') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const messages = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as JsonObject);
  assert.equal((messages[0]!.error as JsonObject).code, -32700);
  assert.equal((messages.find((m) => m.id === 1)!.result as JsonObject).protocolVersion, '2025-11-25');
  assert.equal((messages.find((m) => m.id === 2)!.error as JsonObject).code, -32601); // no resources capability in this document
  await handle.close();
});
