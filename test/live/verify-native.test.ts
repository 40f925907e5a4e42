/**
 * verify compares the description in its native form (components resolved, 17.4; x-* and
 * MCP Description-only fields removed, 14 / native projection) and treats an omitted capability
 * as no declaration (3.3). One SDK v2 test server over Streamable HTTP serves every test.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { startHttp, testServer, type HttpServer } from './helpers.js';

type Tool = Record<string, unknown>;
const summary = (findings: { severity: string; rule: string; code: string; pointer: string }[]) =>
  findings.map((f) => `${f.severity} ${f.rule} ${f.code} ${f.pointer}`);

let server: HttpServer;
let captured: JsonObject;
const target = () => ({ kind: 'http' as const, url: server.url });

before(async () => {
  server = await startHttp(testServer, ['http']);
  captured = (await capture(target(), { timeout: 15000 })).value!;
});
after(async () => {
  await server?.stop();
});

test('verify: the capture of the HTTP test server is clean (baseline)', async () => {
  const result = await verify(captured, target(), { timeout: 15000, call: 'none' });
  assert.deepEqual(summary(result.findings), []);
});

test('verify: $componentRef schemas and examples are resolved before comparing (17.4)', async () => {
  const doc = structuredClone(captured);
  const tools = doc.tools as Tool[];
  const lookup = tools.find((t) => t.name === 'lookup')!;
  doc.components = {
    schemas: { LookupInput: lookup.inputSchema as JsonObject, LookupOutput: lookup.outputSchema as JsonObject },
    toolExamples: {
      short: {
        input: { word: 'abc' },
        result: { resultType: 'complete', content: [{ type: 'text', text: '3' }], structuredContent: { length: 3 } },
      },
    },
  };
  lookup.inputSchema = { $componentRef: '#/components/schemas/LookupInput' };
  lookup.outputSchema = { $componentRef: '#/components/schemas/LookupOutput' };
  lookup.examples = { short: { $componentRef: '#/components/toolExamples/short' } };
  const result = await verify(doc, target(), { timeout: 15000 });
  assert.deepEqual(summary(result.findings), []);
  assert.ok(result.called.includes('lookup'), 'the referenced example was called');
});

test('verify: x-* members and MCP Description-only fields never go over the wire, so they are not compared (14, native projection)', async () => {
  const doc = structuredClone(captured);
  const tools = doc.tools as Tool[];
  const echo = tools.find((t) => t.name === 'echo')!;
  echo['x-acme-owner'] = 'team-a';
  echo.tags = ['io'];
  doc.tags = [{ name: 'io' }];
  const prompts = doc.prompts as Tool[];
  (prompts[0]!.arguments as JsonObject[])[0]!['x-acme-hint'] = 'a name';
  prompts[0]!['x-acme-owner'] = 'team-b';
  const caps = (doc.capabilities as JsonObject[])[0]!;
  caps['x-acme-tier'] = 'gold';
  caps.tools = { ...(caps.tools as JsonObject), 'x-acme-note': 'listed' };
  const result = await verify(doc, target(), { timeout: 15000, call: 'none' });
  assert.deepEqual(summary(result.findings), []);
});

test('verify: an omitted capability is no declaration (3.3): never an error; informational unless a declared collection implies it', async () => {
  const doc = structuredClone(captured);
  const caps = (doc.capabilities as JsonObject[])[0]!;
  delete caps.tools; // tools are declared: the advertised capability is implied, no finding
  delete caps.prompts; // prompts are declared too
  delete doc.resources;
  delete doc.resourceTemplates;
  delete caps.resources; // no resource declaration: informational
  const result = await verify(doc, target(), { timeout: 15000, call: 'none' });
  assert.equal(result.ok, true, summary(result.findings).join('\n'));
  // (the listed resources are primitive-undeclared warnings: the description has no resources collection, 3.4)
  assert.deepEqual(summary(result.findings.filter((f) => f.rule === 'verify.drift.capabilities')), [
    'info verify.drift.capabilities capability-undeclared /capabilities/0',
  ]);
  // A declared member that differs is still an error; a declared capability the server lacks too.
  const changed = structuredClone(captured);
  const c = (changed.capabilities as JsonObject[])[0]!;
  c.tools = { listChanged: true };
  c.logging = {};
  const drift = await verify(changed, target(), { timeout: 15000, call: 'none' });
  assert.deepEqual(summary(drift.findings), [
    'error verify.drift.capabilities capability-missing /capabilities/0/logging',
    'error verify.drift.capabilities capability-differs /capabilities/0/tools/listChanged',
  ]);
});

test('verify: a description without a native form (it has errors) is still compared, with a warning', async () => {
  const doc = structuredClone(captured);
  const tools = doc.tools as Tool[];
  tools[0]!.bogus = 1; // not a Tool member: the document is invalid
  tools[0]!['x-acme-owner'] = 'team-a';
  const result = await verify(doc, target(), { timeout: 15000, call: 'none' });
  assert.deepEqual(
    result.findings.map((f) => `${f.severity} ${f.rule} ${f.code}`),
    ['warning verify.description no-native-form'],
  );
  // Drift is still found on the best-effort projection.
  (doc.tools as Tool[])[0]!.description = 'changed';
  const drift = await verify(doc, target(), { timeout: 15000, call: 'none' });
  assert.ok(
    summary(drift.findings).includes('error verify.drift.field description-differs /tools/0/description'),
    summary(drift.findings).join('\n'),
  );
});
