import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { capture } from '../../src/live/capture.js';
import { verify } from '../../src/live/verify.js';
import type { JsonObject } from '../../src/model/values.js';
import { everythingHttp, everythingStdio, runCli, startHttp, testServerStdio } from './helpers.js';

type Tool = Record<string, unknown>;
const codes = (findings: { rule: string; code: string; pointer: string }[]) => findings.map((f) => `${f.rule} ${f.code} ${f.pointer}`);

/** A deliberately edited description: a removed tool, a changed schema, a changed annotation. */
function edit(doc: JsonObject, removed: string, schemaTool: string, annotationTool: string): { doc: JsonObject; pointers: { schema: string; annotation: string } } {
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
  return { doc: out, pointers: { schema: `/tools/${si}/inputSchema`, annotation: `/tools/${ai}/annotations/readOnlyHint` } };
}

test('verify: server-everything over stdio — its capture is clean; an edited description shows each drift', async () => {
  const captured = await capture(everythingStdio(), { timeout: 15000 });
  const clean = await verify(captured.value!, everythingStdio(), { timeout: 15000, call: 'none' });
  assert.deepEqual(clean.findings.filter((f) => f.severity === 'error'), []);
  assert.equal(clean.ok, true);
  const { doc, pointers } = edit(captured.value!, 'echo', 'get-sum', 'get-tiny-image');
  const drift = await verify(doc, everythingStdio(), { timeout: 15000, call: 'none' });
  assert.equal(drift.ok, false);
  const got = codes(drift.findings);
  assert.ok(got.includes('verify.drift.undeclared primitive-undeclared /tools'), got.join('\n'));
  assert.ok(got.includes(`verify.drift.schema input-schema-differs ${pointers.schema}`), got.join('\n'));
  assert.ok(got.includes(`verify.drift.annotations annotation-differs ${pointers.annotation}`), got.join('\n'));
  const undeclared = drift.findings.find((f) => f.code === 'primitive-undeclared')!;
  assert.equal((undeclared.live as Tool).name, 'echo');
});

test('verify: server-everything over Streamable HTTP — a declared tool missing on the server', async () => {
  const server = await startHttp(everythingHttp);
  try {
    const target = { kind: 'http' as const, url: server.url };
    const captured = await capture(target, { timeout: 15000 });
    const clean = await verify(captured.value!, target, { timeout: 15000, call: 'none' });
    assert.equal(clean.ok, true, JSON.stringify(clean.findings.filter((f) => f.severity === 'error')));
    const doc = structuredClone(captured.value!);
    (doc.tools as Tool[]).push({ name: 'not-on-server', inputSchema: { type: 'object' } });
    const drift = await verify(doc, target, { timeout: 15000, call: 'none' });
    assert.ok(codes(drift.findings).includes(`verify.drift.missing primitive-missing /tools/${(doc.tools as Tool[]).length - 1}`));
  } finally {
    await server.stop();
  }
});

function withExamples(doc: JsonObject): JsonObject {
  const out = structuredClone(doc);
  for (const t of out.tools as Tool[]) {
    if (t.name === 'lookup') t.examples = { short: { input: { word: 'abc' }, result: { resultType: 'complete', content: [{ type: 'text', text: '3' }], structuredContent: { length: 3 } } } };
    if (t.name === 'wipe') t.examples = { all: { input: { confirm: true }, result: { resultType: 'complete', content: [{ type: 'text', text: 'wiped' }] } } };
  }
  return out;
}

test('verify: SDK v2 test server — read-only examples are called, the destructive tool never (unless --call all); hygiene is clean', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-live-'));
  const log = join(dir, 'calls.log');
  try {
    const target = testServerStdio({ MCPDESC_TEST_CALL_LOG: log });
    const captured = await capture(target, { timeout: 10000 });
    const doc = withExamples(captured.value!);
    const result = await verify(doc, target, { timeout: 10000 });
    assert.deepEqual(result.findings, []);
    assert.ok(result.called.includes('lookup'));
    assert.ok(!result.called.includes('wipe'));
    const calls = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { name: string });
    assert.ok(calls.some((c) => c.name === 'lookup'));
    assert.ok(!calls.some((c) => c.name === 'wipe'), 'the destructive tool was called');
    const all = await verify(doc, target, { timeout: 10000, call: 'all' });
    assert.ok(all.called.includes('wipe'));
    rmSync(log, { force: true });
    const none = await verify(doc, target, { timeout: 10000, call: 'none' });
    assert.deepEqual(none.called, []);
    assert.throws(() => readFileSync(log));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('verify: a changed example result and an unstable tool order are findings', async () => {
  const captured = await capture(testServerStdio(), { timeout: 10000 });
  const doc = withExamples(captured.value!);
  const lookup = (doc.tools as Tool[]).find((t) => t.name === 'lookup')!;
  (lookup.examples as Record<string, JsonObject>).short!.result = { resultType: 'complete', content: [{ type: 'text', text: 'no' }], isError: true };
  const result = await verify(doc, testServerStdio({ MCPDESC_TEST_SHUFFLE: '1' }), { timeout: 10000 });
  const got = codes(result.findings);
  const i = (doc.tools as Tool[]).indexOf(lookup);
  assert.ok(got.includes(`verify.contract.tool-result expected-error /tools/${i}/examples/short/result`), got.join('\n'));
  assert.ok(got.includes('verify.hygiene.order non-deterministic-order /tools'), got.join('\n'));
});

test('verify CLI: json and junit reports, exit codes', async () => {
  const captured = await capture(testServerStdio(), { timeout: 10000 });
  const doc = structuredClone(captured.value!);
  (doc.tools as Tool[]).splice(0, 1);
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
    const junit = await runCli(['verify', file, ...args, '--format', 'junit']);
    assert.match(junit.stdout, /<testsuite/);
    writeFileSync(file, JSON.stringify(captured.value));
    const ok = await runCli(['verify', file, ...args]);
    assert.equal(ok.code, 0, ok.stdout + ok.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
