import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { migrate } from 'mcpdesc-core/internal/operations/migrate.js';
import { formatMigrationReportJson, formatMigrationSummary } from 'mcpdesc-core/internal/operations/migrate-report.js';
import { check070Structure } from 'mcpdesc-core/internal/operations/migrate-070-structure.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { assertGolden } from '../helpers/golden.js';
import { sharedRoot } from '../helpers/paths.js';

const corpus = join(sharedRoot, 'conformance', 'mcpdesc-0.7.0');
/** Documents without info.protocolVersion need the authoritative revision (the 0.7.0 spec examples use 2025-06-18). */
const protocolFor: Record<string, string> = { 'examples/minimal.yaml': '2025-06-18' };

function load(path: string): unknown {
  const parsed = parseDescription(readFileSync(path), { filename: path });
  assert.equal(parsed.diagnostics.filter((d) => d.severity === 'error').length, 0);
  return parsed.document;
}

const files = ['examples', 'captured'].flatMap((dir) =>
  readdirSync(join(corpus, dir))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => `${dir}/${f}`),
);

test('migrate: the 0.7.0 corpus has its 9 documents', () => {
  assert.equal(files.length, 9);
});

for (const file of files) {
  test(`migrate: ${file} migrates to a valid 0.8.0 document (golden report)`, () => {
    const document = load(join(corpus, file));
    const before = canonicalJson(document);
    assert.deepEqual(check070Structure(document), []);
    const protocol = protocolFor[file];
    const result = migrate(document, protocol ? { protocol } : {});
    assert.equal(canonicalJson(document), before, 'input not mutated');
    assert.equal(
      result.ok,
      true,
      result.diagnostics.map((d) => `${d.rule} ${d.code} ${d.pointer} ${d.message}`).join('\n'),
    );
    const output = validate(result.value);
    assert.equal(output.valid, true);
    assert.equal(result.value!.mcpdesc, '0.8.0');
    assert.equal(result.value!.$schema, 'https://mcpdesc.org/schema/mcp-description/0.8.0.json');
    assert.equal('protocolVersion' in (result.value!.info as object), false);
    const name = file.replace(/^(examples|captured)\//, '$1-').replace(/\.yaml$/, '');
    assertGolden(`operations/migrate-${name}.json`, formatMigrationReportJson(result.report));
    // deterministic: same input, same report and document
    const again = migrate(document, protocol ? { protocol } : {});
    assert.equal(formatMigrationReportJson(again.report), formatMigrationReportJson(result.report));
    assert.equal(canonicalJson(again.value), canonicalJson(result.value));
  });
}

test('migrate: full-featured wraps capabilities, names the root oauth2 scheme, keeps extensions', () => {
  const result = migrate(load(join(corpus, 'examples/full-featured.yaml')));
  const value = result.value!;
  assert.deepEqual(value.protocolVersions, ['2025-06-18']);
  assert.ok(Array.isArray(value.capabilities) && value.capabilities.length === 1);
  assert.deepEqual(value.security, [{ oauth2: [] }]);
  assert.deepEqual(Object.keys(value.securitySchemes as object), ['oauth2']);
  assert.ok('x-cisco-metadata' in value);
  assertGolden('operations/migrate-examples-full-featured.summary.txt', formatMigrationSummary(result.report));
});

test('migrate: the same inline scheme on two transports becomes one named scheme; [] is kept', () => {
  const result = migrate(load(join(corpus, 'examples/multi-transport.yaml')));
  const transports = result.value!.transports as { security?: unknown }[];
  assert.deepEqual(
    transports.map((t) => t.security),
    [[{ bearer: [] }], [], [{ bearer: [] }]],
  );
  assert.deepEqual(result.report.securitySchemes, [
    {
      name: 'bearer',
      basis: 'http scheme "bearer"',
      occurrences: ['/transports/0/security/0', '/transports/2/security/0'],
    },
  ]);
});

const base = (extra: Record<string, unknown> = {}) => ({
  mcpdesc: '0.7.0',
  info: { name: 's', version: '1.0.0', protocolVersion: '2025-06-18' },
  transports: [{ type: 'streamable-http', url: 'https://example.com/mcp' }],
  tools: [{ name: 'search', inputSchema: { type: 'object' } }, { name: 'ping' }],
  ...extra,
});

test('migrate: a tool without inputSchema is an open question, never filled in silently', () => {
  const result = migrate(base());
  assert.equal(result.ok, false);
  assert.equal(result.value, undefined);
  const d = result.diagnostics.find((x) => x.code === 'missing-input-schema');
  assert.equal(d?.rule, 'operation.migrate.input-schema');
  assert.equal(d?.pointer, '/tools/1');
  assert.deepEqual(
    result.report.openQuestions.map((q) => [q.kind, q.subject, q.blocking]),
    [['missing-input-schema', 'ping', true]],
  );
});

test('migrate: --assume-no-args records the author approval and inserts the closed schema', () => {
  const result = migrate(base(), { assumeNoArgs: ['ping'] });
  assert.equal(result.ok, true);
  assert.deepEqual((result.value!.tools as { inputSchema: unknown }[])[1]!.inputSchema, {
    type: 'object',
    additionalProperties: false,
  });
  assert.deepEqual(
    result.report.approvals.map((a) => [a.kind, a.subject, a.pointer, a.source]),
    [['assume-no-args', 'ping', '/tools/1/inputSchema', '--assume-no-args']],
  );
  assert.deepEqual(result.report.openQuestions, []);
});

test('migrate: --assume-no-args for a tool with a schema, or an unknown tool, is a conflict', () => {
  const result = migrate(base(), { assumeNoArgs: ['ping', 'search', 'nope'] });
  assert.equal(result.ok, false);
  assert.deepEqual(
    result.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.pointer]),
    [
      ['assume-no-args-unknown-tool', '/tools'],
      ['assume-no-args-conflict', '/tools/0/inputSchema'],
    ],
  );
});

test('migrate: no info.protocolVersion needs --protocol; a disagreeing --protocol is a conflict', () => {
  const noVersion = base({
    info: { name: 's', version: '1' },
    tools: [{ name: 'a', inputSchema: { type: 'object' } }],
  });
  const missing = migrate(noVersion);
  assert.equal(missing.ok, false);
  assert.deepEqual(
    missing.diagnostics.map((d) => [d.rule, d.code, d.pointer]),
    [['operation.migrate.protocol', 'protocol-required', '/info']],
  );
  const given = migrate(noVersion, { protocol: '2025-11-25' });
  assert.equal(given.ok, true);
  assert.deepEqual(given.value!.protocolVersions, ['2025-11-25']);
  assert.deepEqual(
    given.report.defaults.map((d) => [d.kind, d.source]),
    [['protocol-versions', '--protocol']],
  );
  const conflict = migrate(base({ tools: [{ name: 'a', inputSchema: { type: 'object' } }] }), {
    protocol: '2025-11-25',
  });
  assert.equal(conflict.ok, false);
  assert.equal(conflict.diagnostics[0]!.code, 'protocol-conflict');
  const unsupported = migrate(noVersion, { protocol: '2025-01-01' });
  assert.equal(unsupported.diagnostics[0]!.code, 'unsupported-protocol');
});

test('migrate: distinct schemes with one base name get suffixes in order of first occurrence, reported for review', () => {
  const doc = base({
    tools: [{ name: 'a', inputSchema: { type: 'object' } }],
    security: [{ type: 'http', scheme: 'bearer' }],
    transports: [
      {
        type: 'streamable-http',
        url: 'https://example.com/mcp',
        security: [{ type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' }],
      },
      { type: 'stdio', command: 'x', security: [{ type: 'apiKey', name: 'X API Key', in: 'header' }] },
    ],
  });
  const result = migrate(doc);
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  assert.deepEqual(Object.keys(result.value!.securitySchemes as object), ['bearer', 'bearer-2', 'X-API-Key']);
  assert.deepEqual(result.value!.security, [{ bearer: [] }]);
  assert.deepEqual(
    (result.value!.transports as { security: unknown }[]).map((t) => t.security),
    [[{ 'bearer-2': [] }], [{ 'X-API-Key': [] }]],
  );
  const collision = result.diagnostics.find((d) => d.code === 'scheme-name-collision');
  assert.equal(collision?.severity, 'warning');
  assert.equal(collision?.pointer, '/transports/0/security/0');
  assert.equal(result.report.openQuestions[0]!.kind, 'scheme-name-collision');
});

test('migrate: incomplete OAuth flows need the author', () => {
  const result = migrate(
    base({
      tools: [{ name: 'a', inputSchema: { type: 'object' } }],
      security: [{ type: 'oauth2', flows: { authorizationCode: { tokenUrl: 'https://a.example/token', scopes: {} } } }],
    }),
  );
  assert.equal(result.ok, false);
  assert.deepEqual(
    result.diagnostics.map((d) => [d.code, d.pointer]),
    [['oauth-flow-incomplete', '/security/0/flows/authorizationCode']],
  );
});

test('migrate: empty collections are removed and reported; an empty capabilities object too', () => {
  const result = migrate(
    base({
      tools: [{ name: 'a', inputSchema: { type: 'object' }, tags: [], icons: [] }],
      prompts: [],
      tags: [],
      capabilities: {},
    }),
  );
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  const value = result.value!;
  assert.equal('prompts' in value || 'tags' in value || 'capabilities' in value, false);
  assert.deepEqual(Object.keys((value.tools as object[])[0]!), ['name', 'inputSchema']);
  assert.deepEqual(
    result.report.changes
      .filter((c) => c.kind === 'remove-empty-collection')
      .map((c) => c.from)
      .sort(),
    ['/capabilities', '/prompts', '/tags', '/tools/0/icons', '/tools/0/tags'],
  );
});

test('migrate: the 0.7.0 source is checked first', () => {
  const result = migrate({ mcpdesc: '0.8.0', info: { name: 's' }, transports: [], foo: 1 });
  assert.equal(result.ok, false);
  assert.deepEqual(
    result.diagnostics.map((d) => [d.code, d.pointer]),
    [
      ['unknown-root-property', '/foo'],
      ['mcpdesc-version', '/mcpdesc'],
      ['info-member', '/info/version'],
      ['transports-required', '/transports'],
      ['no-primitives', ''],
      ['invalid-input', ''],
    ],
  );
});

test('migrate 0.7.0 checks: transports, security schemes, tags', () => {
  const diagnostics = check070Structure(
    base({
      transports: [{ type: 'stdio', command: 'x', url: 'u' }, { type: 'websocket' }],
      security: [{ type: 'apiKey', name: 'k' }],
      tags: [{ name: 't' }, { name: 't' }],
      tools: [{ name: 'a', tags: ['u', 'u'] }],
    }),
  );
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.pointer]),
    [
      ['transport-property', '/transports/0/url'],
      ['transport-type', '/transports/1/type'],
      ['scheme-member', '/security/0/in'],
      ['duplicate-tag', '/tags/1/name'],
      ['undeclared-tag', '/tools/0/tags/0'],
      ['undeclared-tag', '/tools/0/tags/1'],
      ['duplicate-tag-reference', '/tools/0/tags/1'],
    ],
  );
});

// ---- CLI ----
import { runCli } from './run-cli.js';
import { canonicalJson } from 'mcpdesc-core/internal/model/json.js';

test('migrate CLI: writes the document, the JSON report and a summary; exit codes', async () => {
  const minimal = join(corpus, 'examples/minimal.yaml');
  const missing = await runCli(['migrate', minimal]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /protocol-required/);
  const ok = await runCli(['migrate', minimal, '--protocol', '2025-06-18', '--to', 'json', '--report', 'r.json']);
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(JSON.parse(ok.stdout).mcpdesc, '0.8.0');
  assert.equal(JSON.parse(ok.written['r.json']!).ok, true);
  assert.match(ok.stderr, /0\.7\.0 -> 0\.8\.0: migrated/);
  const noArgs = await runCli(
    ['migrate', 'in.json', '--assume-no-args', 'ping', '--report', 'r.txt', '--report-format', 'text', '-q'],
    { 'in.json': JSON.stringify(base()) },
  );
  assert.equal(noArgs.code, 0, noArgs.stderr);
  assert.match(noArgs.written['r.txt']!, /Author approvals:\n {2}- \/tools\/1\/inputSchema/);
  const help = await runCli(['migrate', '--help']);
  assert.match(help.stdout, /Examples:/);
});
