import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCli } from './run-cli.js';
import { compat, type CompatReport } from 'mcpdesc-core/internal/operations/compat.js';

const doc = (protocolVersions: string[], tools: unknown[]) => ({
  mcpdesc: '0.8.0',
  info: { name: 's', version: '1.0.0' },
  protocolVersions,
  tools,
});
const tool = (name: string, clientRequirements?: unknown) => ({
  name,
  inputSchema: { type: 'object' },
  ...(clientRequirements ? { clientRequirements } : {}),
});

function run(document: unknown, profile: unknown, revision: string): CompatReport {
  const result = compat(document, profile, revision);
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  return result.value!;
}

const d2025 = doc(
  ['2025-11-25'],
  [
    tool('ask', { elicitation: { form: {} } }),
    tool('browse', { elicitation: { url: {} }, roots: { listChanged: true } }),
    tool('plain'),
    tool('exp', { experimental: { 'acme.feature': { level: 2 } } }),
  ],
);

test('compat: satisfied, unsatisfied and indeterminate per primitive, with requirement paths (2025-11-25)', () => {
  const report = run(
    d2025,
    { elicitation: { form: {} }, roots: {}, experimental: { 'acme.feature': {} } },
    '2025-11-25',
  );
  assert.equal(report.verdict, 'unsatisfied');
  assert.deepEqual(
    report.primitives.map((p) => [p.name, p.verdict, p.declared]),
    [
      ['ask', 'satisfied', true],
      ['browse', 'unsatisfied', true],
      ['plain', 'satisfied', false],
      ['exp', 'indeterminate', true],
    ],
  );
  assert.deepEqual(
    report.primitives[1]!.requirements.map((r) => [r.path, r.verdict, r.pointer]),
    [
      ['elicitation.url', 'unsatisfied', '/tools/1/clientRequirements/elicitation/url'],
      ['roots.listChanged', 'unsatisfied', '/tools/1/clientRequirements/roots/listChanged'],
    ],
  );
  assert.deepEqual(
    report.primitives[3]!.requirements.map((r) => [r.path, r.verdict]),
    [['experimental.acme.feature', 'indeterminate']],
  );
});

test('compat: an empty client elicitation capability means form mode only (2025-11-25)', () => {
  const report = run(d2025, { elicitation: {} }, '2025-11-25');
  assert.deepEqual(
    report.primitives.slice(0, 2).map((p) => p.verdict),
    ['satisfied', 'unsatisfied'],
  );
});

test('compat: every requirement met gives satisfied', () => {
  const report = run(
    d2025,
    {
      elicitation: { form: {}, url: {} },
      roots: { listChanged: true },
      experimental: { 'acme.feature': { level: 2 } },
    },
    '2025-11-25',
  );
  // the experimental settings are not understood: never claimed satisfied
  assert.deepEqual(
    report.primitives.map((p) => p.verdict),
    ['satisfied', 'satisfied', 'satisfied', 'indeterminate'],
  );
  assert.equal(report.verdict, 'indeterminate');
});

const d2026 = doc(
  ['2026-07-28'],
  [
    tool('empty-ext', { extensions: { 'io.example/tasks': {} } }),
    tool('settings-ext', { extensions: { 'io.example/ui': { mode: 'rich' } } }),
    tool('sampling', { sampling: { tools: {} } }),
  ],
);

test('compat: extensions — empty requirement satisfied by presence, non-empty never satisfied, absent unsatisfied (2026-07-28)', () => {
  const withAll = run(
    d2026,
    { extensions: { 'io.example/tasks': {}, 'io.example/ui': { mode: 'rich' } }, sampling: { tools: {} } },
    '2026-07-28',
  );
  assert.deepEqual(
    withAll.primitives.map((p) => [p.name, p.verdict]),
    [
      ['empty-ext', 'satisfied'],
      ['settings-ext', 'indeterminate'],
      ['sampling', 'satisfied'],
    ],
  );
  assert.deepEqual(
    withAll.primitives[1]!.requirements.map((r) => [r.path, r.pointer]),
    [['extensions.io.example/ui', '/tools/1/clientRequirements/extensions/io.example~1ui']],
  );
  const without = run(d2026, { sampling: {} }, '2026-07-28');
  assert.deepEqual(
    without.primitives.map((p) => p.verdict),
    ['unsatisfied', 'unsatisfied', 'unsatisfied'],
  );
});

test('compat: scoped primitives outside the revision are not listed; uncovered revisions and bad profiles fail', () => {
  const scoped = doc(
    ['2025-06-18', '2025-11-25'],
    [{ ...tool('new', { elicitation: { url: {} } }), protocolVersions: ['2025-11-25'] }, tool('old')],
  );
  assert.deepEqual(
    run(scoped, {}, '2025-06-18').primitives.map((p) => p.name),
    ['old'],
  );
  assert.deepEqual(
    compat(scoped, {}, '2026-07-28').diagnostics.map((d) => [d.rule, d.code]),
    [['operation.compat.revision', 'revision-not-covered']],
  );
  assert.deepEqual(
    compat(scoped, [], '2025-06-18').diagnostics.map((d) => [d.rule, d.code]),
    [['operation.compat.profile', 'invalid-profile']],
  );
});

test('compat CLI: text and JSON verdicts; exit 0 only when every primitive is satisfied', async () => {
  const files = {
    'd.json': JSON.stringify(d2026),
    'all.json': JSON.stringify({
      extensions: { 'io.example/tasks': {}, 'io.example/ui': {} },
      sampling: { tools: {} },
    }),
  };
  const text = await runCli(['compat', 'd.json', '--client', 'all.json', '--protocol', '2026-07-28'], files);
  assert.equal(text.code, 1);
  assert.match(text.stdout, /^MCP 2026-07-28: indeterminate\nsatisfied {5}tools "empty-ext"/);
  const json = await runCli(
    ['compat', 'd.json', '--client', 'all.json', '--protocol', '2026-07-28', '--format', 'json'],
    files,
  );
  assert.equal(JSON.parse(json.stdout).primitives[1].verdict, 'indeterminate');
  const satisfied = await runCli(['compat', 'd.json', '--client', 'p.json', '--protocol', '2026-07-28'], {
    'd.json': JSON.stringify(doc(['2026-07-28'], [tool('a', { extensions: { 'io.example/tasks': {} } })])),
    'p.json': '{"extensions":{"io.example/tasks":{}}}',
  });
  assert.equal(satisfied.code, 0, satisfied.stderr);
  assert.equal(
    (
      await runCli(['compat', 'd.json', '--client', 'bad.json', '--protocol', '2026-07-28'], {
        ...files,
        'bad.json': '{',
      })
    ).code,
    2,
  );
  assert.match((await runCli(['compat', '--help'])).stdout, /Examples:/);
});
