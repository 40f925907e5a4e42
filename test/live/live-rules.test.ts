/**
 * Every finding of the live commands is a catalogued rule: the findings of a capture and of a
 * verify against an edited description (drift, contract, hygiene) name a catalogued rule and one
 * of its declared codes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import { liveRules } from 'mcpdesc-toolkit/internal/live/rules/index.js';
import { catalogueEntries } from 'mcpdesc-toolkit/internal/cli/rule-catalogue.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { ruleHelpUri } from 'mcpdesc-core/internal/report/sarif.js';
import { runCli, startHttp, testServer, type HttpServer } from './helpers.js';

let http: HttpServer;
before(async () => {
  http = await startHttp(testServer, ['http']);
});
after(async () => {
  await http?.stop();
});

/** The (rule, code) pairs of `findings` that no catalogued rule (live, or validation for capture's output) declares. */
function uncatalogued(findings: { rule: string; code: string }[]): string[] {
  const byId = new Map(catalogueEntries().map((e) => [e.id, new Set(e.codes.map((c) => c.code))]));
  return findings.filter((f) => !byId.get(f.rule)?.has(f.code)).map((f) => `${f.rule}/${f.code}`);
}

test('the check fails on a finding whose rule or code is not catalogued', () => {
  assert.deepEqual(
    uncatalogued([
      { rule: 'verify.drift.missing', code: 'primitive-missing' },
      { rule: 'verify.drift.missing', code: 'no-such-code' },
      { rule: 'verify.no-such-rule', code: 'primitive-missing' },
    ]),
    ['verify.drift.missing/no-such-code', 'verify.no-such-rule/primitive-missing'],
  );
});

test('capture and verify findings on the test server are catalogued rules and codes', async () => {
  const captured = await capture({ kind: 'http', url: http.url }, { timeout: 15000 });
  assert.ok(captured.value);
  const doc = structuredClone(captured.value) as JsonObject;
  const tools = doc.tools as JsonObject[];
  tools.shift();
  tools[0]!.description = 'edited';
  doc.tools = tools;
  const result = await verify(doc, { kind: 'http', url: http.url }, { call: 'read-only', timeout: 15000 });
  const findings = [...captured.diagnostics, ...result.findings];
  assert.ok(
    result.findings.some((f) => f.rule === 'verify.drift.field'),
    'the edit drifts',
  );
  assert.deepEqual(uncatalogued(findings), []);
});

test('live rules have unique ids, appear in the catalogue as kind live, and do not shadow other rules', () => {
  const ids = liveRules.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length);
  const entries = catalogueEntries();
  for (const id of ids)
    assert.deepEqual(
      entries.filter((e) => e.id === id).map((e) => e.kind),
      ['live'],
      id,
    );
  for (const rule of liveRules) assert.ok(Object.keys(rule.codes).length > 0, rule.id);
});

test('verify --format sarif describes a live rule and links its reference page', async () => {
  const captured = await capture({ kind: 'http', url: http.url }, { timeout: 15000 });
  const doc = structuredClone(captured.value) as JsonObject;
  (doc.tools as JsonObject[]).shift();
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-live-rules-'));
  try {
    const file = join(dir, 'd.json');
    writeFileSync(file, JSON.stringify(doc));
    const run = await runCli(['verify', file, '--url', http.url, '--call', 'none', '--format', 'sarif']);
    assert.equal(run.code, 1, run.stderr);
    const rules = JSON.parse(run.stdout).runs[0].tool.driver.rules as { id: string; helpUri?: string }[];
    const undeclared = rules.find((r) => r.id === 'verify.drift.undeclared');
    assert.ok(undeclared, run.stdout);
    assert.equal(undeclared.helpUri, ruleHelpUri('verify.drift.undeclared'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
