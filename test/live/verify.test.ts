import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import {
  everythingHttp,
  everythingStdio,
  runCli,
  startHttp,
  testServer,
  testServerStdio,
  type HttpServer,
} from './helpers.js';

type Tool = Record<string, unknown>;
const codes = (findings: { rule: string; code: string; pointer: string }[]) =>
  findings.map((f) => `${f.rule} ${f.code} ${f.pointer}`);

/**
 * Shared for the whole file (a process start is the dominant cost of these tests): one
 * server-everything and one SDK v2 test server over Streamable HTTP, and the test server's
 * capture. The tests about stdio, the call log and the shuffled order start their own.
 */
let everything: HttpServer;
let http: HttpServer;
let testCapture: JsonObject;
before(async () => {
  [everything, http] = await Promise.all([startHttp(everythingHttp), startHttp(testServer, ['http'])]);
  testCapture = (await capture({ kind: 'http', url: http.url }, { timeout: 15000 })).value!;
});
after(async () => {
  await Promise.all([everything?.stop(), http?.stop()]);
});

/** A deliberately edited description: a removed tool, a changed schema, a changed annotation. */
function edit(
  doc: JsonObject,
  removed: string,
  schemaTool: string,
  annotationTool: string,
): { doc: JsonObject; pointers: { schema: string; annotation: string } } {
  const out = structuredClone(doc);
  let tools = out.tools as Tool[];
  tools = tools.filter((t) => t.name !== removed);
  out.tools = tools;
  const si = tools.findIndex((t) => t.name === schemaTool);
  const schema = tools[si]!.inputSchema as JsonObject;
  schema.properties = { ...(schema.properties as JsonObject), extra: { type: 'number' } };
  const ai = tools.findIndex((t) => t.name === annotationTool);
  const annotations = (tools[ai]!.annotations ?? {}) as JsonObject;
  tools[ai]!.annotations = { ...annotations, readOnlyHint: annotations.readOnlyHint !== true };
  return {
    doc: out,
    pointers: { schema: `/tools/${si}/inputSchema`, annotation: `/tools/${ai}/annotations/readOnlyHint` },
  };
}

test('verify: server-everything over stdio — its capture is clean; an edited description shows each drift', async () => {
  // Captured over HTTP from the shared process (capture over stdio: capture.test.ts), verified over stdio.
  const captured = await capture({ kind: 'http', url: everything.url }, { timeout: 15000 });
  const clean = await verify(captured.value!, everythingStdio(), { timeout: 15000, call: 'none' });
  assert.deepEqual(
    clean.findings.filter((f) => f.severity === 'error'),
    [],
  );
  assert.equal(clean.ok, true);
  // The same server program over HTTP (no second process start): the drift is the description's.
  const { doc, pointers } = edit(captured.value!, 'echo', 'get-sum', 'get-tiny-image');
  const drift = await verify(doc, { kind: 'http', url: everything.url }, { timeout: 15000, call: 'none' });
  assert.equal(drift.ok, false);
  const got = codes(drift.findings);
  assert.ok(got.includes('verify.drift.undeclared primitive-undeclared /tools'), got.join('\n'));
  assert.ok(got.includes(`verify.drift.schema input-schema-differs ${pointers.schema}`), got.join('\n'));
  assert.ok(got.includes(`verify.drift.annotations annotation-differs ${pointers.annotation}`), got.join('\n'));
  const undeclared = drift.findings.find((f) => f.code === 'primitive-undeclared')!;
  assert.equal((undeclared.live as Tool).name, 'echo');
});

test('verify: server-everything over Streamable HTTP — a declared tool missing on the server', async () => {
  const target = { kind: 'http' as const, url: everything.url };
  const captured = await capture(target, { timeout: 15000 });
  const clean = await verify(captured.value!, target, { timeout: 15000, call: 'none' });
  assert.equal(clean.ok, true, JSON.stringify(clean.findings.filter((f) => f.severity === 'error')));
  const doc = structuredClone(captured.value!);
  (doc.tools as Tool[]).push({ name: 'not-on-server', inputSchema: { type: 'object' } });
  const drift = await verify(doc, target, { timeout: 15000, call: 'none' });
  assert.ok(
    codes(drift.findings).includes(`verify.drift.missing primitive-missing /tools/${(doc.tools as Tool[]).length - 1}`),
  );
});

function withExamples(doc: JsonObject): JsonObject {
  const out = structuredClone(doc);
  for (const t of out.tools as Tool[]) {
    if (t.name === 'lookup')
      t.examples = {
        short: {
          input: { word: 'abc' },
          result: { resultType: 'complete', content: [{ type: 'text', text: '3' }], structuredContent: { length: 3 } },
        },
      };
    if (t.name === 'wipe')
      t.examples = {
        all: {
          input: { confirm: true },
          result: { resultType: 'complete', content: [{ type: 'text', text: 'wiped' }] },
        },
      };
  }
  return out;
}

test('verify: SDK v2 test server — read-only examples are called, the destructive tool never (unless --call all); hygiene is clean', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-live-'));
  const log = join(dir, 'calls.log');
  try {
    const target = testServerStdio({ MCPDESC_TEST_CALL_LOG: log });
    const doc = withExamples(testCapture);
    const result = await verify(doc, target, { timeout: 10000 });
    assert.deepEqual(result.findings, []);
    assert.ok(result.called.includes('lookup'));
    assert.ok(!result.called.includes('wipe'));
    const calls = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { name: string });
    assert.ok(calls.some((c) => c.name === 'lookup'));
    assert.ok(!calls.some((c) => c.name === 'wipe'), 'the destructive tool was called');
    // --call all and none over HTTP: one more server process for both.
    const httpLog = join(dir, 'http-calls.log');
    const logged = await startHttp(testServer, ['http'], { MCPDESC_TEST_CALL_LOG: httpLog });
    try {
      const httpTarget = { kind: 'http' as const, url: logged.url };
      const all = await verify(doc, httpTarget, { timeout: 10000, call: 'all' });
      assert.ok(all.called.includes('wipe'));
      assert.ok(readFileSync(httpLog, 'utf8').includes('"wipe"'));
      rmSync(httpLog, { force: true });
      const none = await verify(doc, httpTarget, { timeout: 10000, call: 'none' });
      assert.deepEqual(none.called, []);
      assert.throws(() => readFileSync(httpLog));
    } finally {
      await logged.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('verify: a changed example result and an unstable tool order are findings', async () => {
  const doc = withExamples(testCapture);
  const lookup = (doc.tools as Tool[]).find((t) => t.name === 'lookup')!;
  (lookup.examples as Record<string, JsonObject>).short!.result = {
    resultType: 'complete',
    content: [{ type: 'text', text: 'no' }],
    isError: true,
  };
  const result = await verify(doc, testServerStdio({ MCPDESC_TEST_SHUFFLE: '1' }), { timeout: 10000 });
  const got = codes(result.findings);
  const i = (doc.tools as Tool[]).indexOf(lookup);
  assert.ok(
    got.includes(`verify.contract.tool-result expected-error /tools/${i}/examples/short/result`),
    got.join('\n'),
  );
  assert.ok(got.includes('verify.hygiene.order non-deterministic-order /tools'), got.join('\n'));
});

test('verify CLI: json and junit reports, exit codes', async () => {
  const doc = structuredClone(testCapture);
  (doc.tools as Tool[]).splice(
    (doc.tools as Tool[]).findIndex((t) => t.name === 'echo'),
    1,
  );
  const { files } = await runCli(['convert', '--help']).then(() => ({ files: new Map<string, string>() }));
  void files;
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-live-'));
  try {
    const file = join(dir, 'd.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, JSON.stringify(doc));
    const args = ['--stdio', `"${process.execPath}" test/fixtures/live/test-server.mjs stdio`, '--call', 'none'];
    const json = await runCli(['verify', file, ...args, '--format', 'json']);
    assert.equal(json.code, 1, json.stderr);
    const report = JSON.parse(json.stdout);
    const f = report.files[0].diagnostics.find((d: { code: string }) => d.code === 'primitive-undeclared');
    assert.ok(f, json.stdout + json.stderr);
    assert.equal(f.rule, 'verify.drift.undeclared');
    assert.match(f.message, /"echo"/);
    // --url: the shared HTTP test server (no process start per run).
    const url = ['--url', http.url, '--call', 'none'];
    const junit = await runCli(['verify', file, ...url, '--format', 'junit']);
    assert.equal(junit.code, 1, junit.stderr);
    assert.match(junit.stdout, /<testsuite/);
    writeFileSync(file, JSON.stringify(testCapture));
    const ok = await runCli(['verify', file, ...url]);
    assert.equal(ok.code, 0, ok.stdout + ok.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
