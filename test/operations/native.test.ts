import type { Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from './run-cli.js';
import { defines, isRevision } from 'mcpdesc-core/internal/model/revisions.js';
import { isObject } from 'mcpdesc-core/internal/model/values.js';
import { descriptionOnlyFields } from 'mcpdesc-core/internal/model/document.js';
import { native, type NativePayloads } from 'mcpdesc-core/internal/operations/native.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { sharedRoot } from '../helpers/paths.js';
import { canonicalJson } from 'mcpdesc-core/internal/model/json.js';

const corpus = join(sharedRoot, 'conformance', 'mcpdesc-0.8.0');
const files = [
  ...['fixtures/expected-valid', 'fixtures/expected-warning', 'examples'].flatMap((dir) =>
    readdirSync(join(corpus, dir))
      .sort()
      .map((f) => join(dir, f)),
  ),
];

const methods = [
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'prompts/list',
  'server/discover',
] as const;
const members: Record<string, string> = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
};

/** The MCP shape of a payload for the revision: object roots, no MCP Description-only field, gated fields, cache hints. */
function checkPayloads(payloads: NativePayloads, revision: string): void {
  assert.ok(isRevision(revision));
  for (const method of methods) {
    const result = payloads[method];
    if (result === undefined) continue;
    assert.ok(isObject(result), `${method} result is an object`);
    assert.equal('resultType' in result, defines(revision, 'result.resultType'), `${method} resultType`);
    assert.equal(
      'ttlMs' in result && 'cacheScope' in result,
      defines(revision, 'result.cacheable'),
      `${method} cache hints`,
    );
    if (method === 'server/discover') {
      assert.ok(
        isObject(result.capabilities) && isObject(result.serverInfo) && Array.isArray(result.supportedVersions),
      );
      continue;
    }
    const items = result[members[method]!];
    assert.ok(Array.isArray(items) && items.length > 0);
    for (const item of items) {
      assert.ok(isObject(item));
      for (const key of Object.keys(item)) {
        assert.ok(
          !(descriptionOnlyFields as readonly string[]).includes(key) && !key.startsWith('x-'),
          `${method} carries ${key}`,
        );
      }
      assert.ok(!canonicalJson(item).includes('"$componentRef"'), 'components resolved');
      if (!defines(revision, 'primitive.title')) assert.equal('title' in item, false);
      if (!defines(revision, 'primitive.icons')) assert.equal('icons' in item, false);
      if (method === 'tools/list') {
        assert.ok(isObject(item.inputSchema) && item.inputSchema.type === 'object', 'inputSchema object root');
        if (item.outputSchema !== undefined && !defines(revision, 'tool-schema.output-any-root')) {
          assert.ok(isObject(item.outputSchema) && item.outputSchema.type === 'object');
        }
        if (!defines(revision, 'tool.execution')) assert.equal('execution' in item, false);
      }
    }
  }
}

test('native: payloads for every valid corpus document and every root revision', () => {
  let runs = 0;
  for (const file of files) {
    const document = parseDescription(readFileSync(join(corpus, file)), { filename: file }).document as {
      protocolVersions: string[];
    };
    if (!validate(document).valid) continue;
    const before = canonicalJson(document);
    for (const revision of document.protocolVersions) {
      const result = native(document, revision);
      runs++;
      const failures = result.diagnostics.filter((d) => d.severity === 'error');
      // The only acceptable failure is a native-shape restriction (rc.3 9.2), reported per location.
      assert.ok(
        failures.every((d) => d.rule === 'operation.native.shape'),
        `${file} ${revision}: ${failures.map((d) => d.code).join(', ')}`,
      );
      if (result.ok) checkPayloads(result.value!, revision);
    }
    assert.equal(canonicalJson(document), before, `${file}: input not mutated`);
  }
  assert.ok(runs > 40);
});

/** The operation's own findings, without the input's validation warnings (the rc.3 partial-support and native-shape warnings). */
const operationDiagnostics = (result: { diagnostics: Diagnostic[] }): Diagnostic[] =>
  result.diagnostics.filter((d) => d.rule.startsWith('operation.'));

// 0.9.0-rc.3: the `legacy` Tool's boolean property is a native-shape warning there (an error under 0.8.0, 9.2).
const doc = {
  mcpdesc: '0.9.0-rc.3',
  info: { name: 's', version: '1.0.0', title: 'S', contact: { name: 'team' }, 'x-i': 1 },
  protocolVersions: ['2025-06-18', '2025-11-25', '2026-07-28'],
  instructions: 'Search first.',
  capabilities: [{ protocolVersions: ['2026-07-28'], tools: { listChanged: true, 'x-a': 1 }, 'x-b': 2 }],
  components: { schemas: { In: { type: 'object', properties: { q: { type: 'string' } } } } },
  tags: [{ name: 'search' }],
  tools: [
    {
      name: 'search',
      title: 'Search',
      inputSchema: { $componentRef: '#/components/schemas/In' },
      tags: ['search'],
      deprecated: true,
      'x-owner': 'team',
      security: [],
      clientRequirements: { elicitation: {} },
      protocolVersions: ['2025-11-25', '2026-07-28'],
    },
    { name: 'legacy', inputSchema: { type: 'object', properties: { a: true } }, protocolVersions: ['2025-11-25'] },
    {
      name: 'old',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
      protocolVersions: ['2025-06-18'],
    },
  ],
  prompts: [{ name: 'p', arguments: [{ name: 'a', 'x-z': 1 }] }],
};

test('native: MCP Description-only fields removed, components resolved, 2026 cache hints from options', () => {
  assert.equal(validate(doc).valid, true, JSON.stringify(validate(doc).diagnostics));
  const result = native(doc, '2026-07-28', { ttlMs: 60000, cacheScope: 'public' });
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  assert.deepEqual(result.value, {
    protocolVersion: '2026-07-28',
    'server/discover': {
      supportedVersions: ['2025-06-18', '2025-11-25', '2026-07-28'],
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 's', title: 'S', version: '1.0.0' },
      instructions: 'Search first.',
      resultType: 'complete',
      ttlMs: 60000,
      cacheScope: 'public',
    },
    'tools/list': {
      tools: [
        { name: 'search', title: 'Search', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
      ],
      resultType: 'complete',
      ttlMs: 60000,
      cacheScope: 'public',
    },
    'prompts/list': {
      prompts: [{ name: 'p', arguments: [{ name: 'a' }] }],
      resultType: 'complete',
      ttlMs: 60000,
      cacheScope: 'public',
    },
  });
  const defaults = native(doc, '2026-07-28');
  assert.equal(defaults.value!['tools/list']!.ttlMs, 0);
  assert.equal(defaults.value!['tools/list']!.cacheScope, 'private');
});

test('native: earlier revisions carry no resultType/ttlMs/cacheScope and no server/discover', () => {
  const result = native(doc, '2025-06-18');
  assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
  assert.deepEqual(result.value, {
    protocolVersion: '2025-06-18',
    'tools/list': { tools: [{ name: 'old', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }] },
    'prompts/list': { prompts: [{ name: 'p', arguments: [{ name: 'a' }] }] },
  });
});

test('native: 2025-11-25 native-shape restriction fails the projection, with the location', () => {
  const result = native(doc, '2025-11-25');
  assert.equal(result.ok, false);
  assert.deepEqual(
    operationDiagnostics(result).map((d) => [d.rule, d.code, d.pointer]),
    [['operation.native.shape', 'non-object-property', '/tools/1/inputSchema/properties/a']],
  );
});

test('native: no server/discover without a Capabilities Object for 2026-07-28 (info)', () => {
  const result = native({ ...doc, capabilities: undefined }, '2026-07-28');
  assert.equal(result.ok, true);
  assert.equal(result.value!['server/discover'], undefined);
  assert.deepEqual(
    operationDiagnostics(result).map((d) => [d.severity, d.code]),
    [['info', 'no-capabilities']],
  );
});

test('native: a revision outside root protocolVersions, or an invalid input, fails', () => {
  assert.deepEqual(
    operationDiagnostics(native(doc, '2024-11-05')).map((d) => d.code),
    ['revision-not-covered'],
  );
  const invalid = native({ mcpdesc: '0.8.0' }, '2025-06-18');
  assert.equal(invalid.ok, false);
  assert.ok(invalid.diagnostics.some((d) => d.rule === 'operation.native.input'));
});

test('native CLI: JSON payloads on stdout, --ttl-ms/--cache-scope, exit 1 on a native-shape failure', async () => {
  const files = { 'd.json': JSON.stringify(doc) };
  const ok = await runCli(
    ['native', 'd.json', '--protocol', '2026-07-28', '--ttl-ms', '5', '--cache-scope', 'public'],
    files,
  );
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(JSON.parse(ok.stdout)['tools/list'].ttlMs, 5);
  const shape = await runCli(['native', 'd.json', '--protocol', '2025-11-25'], files);
  assert.equal(shape.code, 1);
  assert.match(shape.stderr, /non-object-property/);
  assert.equal((await runCli(['native', 'd.json', '--protocol', '2026-07-28', '--ttl-ms', '-1'], files)).code, 2);
  assert.match((await runCli(['native', '--help'])).stdout, /Examples:/);
});
