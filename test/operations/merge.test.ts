import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compareDocuments, equivalent } from 'mcpdesc-core/internal/operations/equivalent.js';
import { merge } from 'mcpdesc-core/internal/operations/merge.js';
import { project } from 'mcpdesc-core/internal/operations/project.js';
import { serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { assertGolden } from '../helpers/golden.js';
import { validCorpus, validation, weather } from './documents.js';

const options = { validation };

function view(document: unknown, revision: string): Record<string, any> {
  const result = project(document, revision, options);
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  return result.value as Record<string, any>;
}

function merged(documents: unknown[], extra = {}): Record<string, any> {
  const result = merge(documents, { ...options, ...extra });
  assert.ok(
    result.ok,
    JSON.stringify(
      result.diagnostics.filter((d) => d.severity === 'error'),
      null,
      1,
    ),
  );
  return result.value as Record<string, any>;
}

function conflicts(documents: unknown[], extra = {}) {
  const result = merge(documents, { ...options, ...extra });
  assert.equal(result.ok, false);
  assert.equal(result.value, undefined);
  return result.diagnostics.filter((d) => d.severity === 'error');
}

/** The round-trip invariant: P_V(merge(D_1..D_n)) is equivalent to every input view D_V. */
function assertRoundTrip(name: string, views: Record<string, any>[], result: Record<string, any>): void {
  for (const v of views) {
    const revision = v.protocolVersions[0];
    const back = view(result, revision);
    assert.ok(equivalent(back, v), `${name} ${revision}: ${JSON.stringify(compareDocuments(back, v).differences)}`);
  }
}

/** A minimal valid single-revision document. */
function single(revision: string, extra: Record<string, any> = {}): Record<string, any> {
  return { mcpdesc: '0.8.0', info: { name: 'svc', version: '1.0.0' }, protocolVersions: [revision], ...extra };
}

const tool = (name: string, extra: Record<string, any> = {}) => ({
  name,
  inputSchema: { type: 'object', additionalProperties: false },
  ...extra,
});

describe('merge: round trip over the conformance corpus (4.13)', () => {
  for (const { name, document } of [{ name: 'weather', document: weather() }, ...validCorpus()]) {
    test(name, () => {
      const views = document.protocolVersions.map((v: string) => view(document, v));
      const result = merged(views);
      assertRoundTrip(name, views, result);
      assert.ok(equivalent(result, document), JSON.stringify(compareDocuments(result, document).differences));
      // Reversed input order, and the original merged with its own views, keep the invariant.
      assertRoundTrip(`${name} reversed`, views, merged([...views].reverse()));
      assertRoundTrip(`${name} with the source`, views, merged([document, ...views]));
      // A document merged alone is equivalent to itself.
      assert.ok(equivalent(merged([document]), document));
    });
  }
});

describe('merge: collapsing and variants', () => {
  test('equal declarations collapse into one unscoped declaration; different ones become disjoint variants', () => {
    const a = single('2025-06-18', { tools: [tool('same'), tool('changed', { description: 'old' })] });
    const b = single('2025-11-25', { tools: [tool('changed', { description: 'new' }), tool('same')] });
    const result = merged([a, b]);
    assert.deepEqual(result.protocolVersions, ['2025-06-18', '2025-11-25']);
    assert.deepEqual(result.tools, [
      tool('same'),
      {
        name: 'changed',
        protocolVersions: ['2025-06-18'],
        inputSchema: { type: 'object', additionalProperties: false },
        description: 'old',
      },
      {
        name: 'changed',
        protocolVersions: ['2025-11-25'],
        inputSchema: { type: 'object', additionalProperties: false },
        description: 'new',
      },
    ]);
    assertRoundTrip('variants', [a, b], result);
  });

  test('omitted security, [] and [{}] are kept apart as variants', () => {
    const a = single('2025-06-18', { tools: [tool('t', { security: [] })] });
    const b = single('2025-11-25', { tools: [tool('t', { security: [{}] })] });
    const c = single('2026-07-28', { tools: [tool('t')] });
    const result = merged([a, b, c]);
    assert.deepEqual(
      result.tools.map((t: any) => [t.protocolVersions, t.security]),
      [
        [['2025-06-18'], []],
        [['2025-11-25'], [{}]],
        [['2026-07-28'], undefined],
      ],
    );
    assertRoundTrip('security', [a, b, c], result);
  });

  test('an elicitation present in one view only keeps a nested scope inside the collapsed primitive (12.5)', () => {
    const login = { name: 'login', mode: 'url', message: 'Sign in.' };
    const a = single('2025-11-25', { tools: [tool('t', { elicitations: [login] })] });
    const b = single('2026-07-28', { tools: [tool('t')] });
    const result = merged([a, b]);
    assert.deepEqual(result.tools, [tool('t', { elicitations: [{ ...login, protocolVersions: ['2025-11-25'] }] })]);
    assertRoundTrip('elicitation', [a, b], result);
  });

  test('an elicitation that differs between views splits the primitive', () => {
    const a = single('2025-11-25', {
      tools: [tool('t', { elicitations: [{ name: 'login', mode: 'url', message: 'Sign in.' }] })],
    });
    const b = single('2026-07-28', {
      tools: [tool('t', { elicitations: [{ name: 'login', mode: 'url', message: 'Log in.' }] })],
    });
    const result = merged([a, b]);
    assert.deepEqual(
      result.tools.map((t: any) => t.protocolVersions),
      [['2025-11-25'], ['2026-07-28']],
    );
    assertRoundTrip('elicitation split', [a, b], result);
  });

  test('transport security travels with its transport; equal transports collapse', () => {
    const http = { type: 'streamable-http', url: 'https://svc.example.com/mcp' };
    const schemes = { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } };
    const a = single('2025-06-18', { ...schemes, transports: [{ ...http, security: [{ bearer: [] }] }] });
    const b = single('2025-11-25', { ...schemes, transports: [{ ...http, security: [{ bearer: [] }] }] });
    const c = single('2026-07-28', { ...schemes, transports: [{ ...http, security: [] }] });
    const result = merged([a, b, c]);
    assert.deepEqual(result.transports, [
      {
        type: 'streamable-http',
        protocolVersions: ['2025-06-18', '2025-11-25'],
        url: http.url,
        security: [{ bearer: [] }],
      },
      { type: 'streamable-http', protocolVersions: ['2026-07-28'], url: http.url, security: [] },
    ]);
  });

  test('inputs covering the same revision with equivalent views merge (declaration order and scope spelling differ)', () => {
    const a = single('2025-11-25', { tools: [tool('x'), tool('y')] });
    const b = single('2025-11-25', { tools: [tool('y', { protocolVersions: ['2025-11-25'] }), tool('x')] });
    assert.deepEqual(merged([a, b]).tools, [tool('x'), tool('y')]);
  });

  test('equal components are deduplicated; the inputs are not modified', () => {
    const schemas = { Empty: { type: 'object', additionalProperties: false } };
    const a = single('2025-06-18', {
      components: { schemas },
      tools: [tool('t', { inputSchema: { $componentRef: '#/components/schemas/Empty' } })],
    });
    const b = single('2025-11-25', {
      components: { schemas },
      tools: [tool('t', { inputSchema: { $componentRef: '#/components/schemas/Empty' } })],
    });
    const copies = [structuredClone(a), structuredClone(b)];
    const result = merged([a, b]);
    assert.deepEqual(result.components, { schemas });
    assert.equal(result.tools.length, 1);
    assert.deepEqual([a, b], copies);
  });
});

describe('merge: conflicts name both values and both pointers', () => {
  test('info differs', () => {
    const [d] = conflicts([single('2025-06-18'), single('2025-11-25', { info: { name: 'svc', version: '2.0.0' } })]);
    assert.equal(d!.rule, 'operation.merge.conflict');
    assert.equal(d!.code, 'conflicting-info');
    assert.equal(d!.pointer, '/info/version');
    assert.equal(d!.input, 1);
    assert.deepEqual(d!.related, [{ input: 0, pointer: '/info/version' }]);
    assert.match(d!.message, /"1\.0\.0"/);
    assert.match(d!.message, /"2\.0\.0"/);
  });

  test('instructions present in one input only', () => {
    const [d] = conflicts([single('2025-06-18', { instructions: 'Be nice.' }), single('2025-11-25')]);
    assert.equal(d!.code, 'conflicting-instructions');
    assert.equal(d!.pointer, '/instructions');
    assert.match(d!.message, /"Be nice\."/);
    assert.match(d!.message, /\(absent\)/);
  });

  test('root security: omitted versus [] (but not alternative order)', () => {
    const schemes = {
      securitySchemes: { a: { type: 'http', scheme: 'basic' }, b: { type: 'http', scheme: 'bearer' } },
    };
    const [d] = conflicts([single('2025-06-18', { ...schemes }), single('2025-11-25', { ...schemes, security: [] })]);
    assert.equal(d!.code, 'conflicting-security');
    assert.equal(d!.pointer, '/security');
    merged([
      single('2025-06-18', { ...schemes, security: [{ a: [] }, { b: [] }] }),
      single('2025-11-25', { ...schemes, security: [{ b: [] }, { a: [] }] }),
    ]);
  });

  test('tag catalogue order and root extensions', () => {
    const tags = [{ name: 'a' }, { name: 'b' }];
    const [t] = conflicts([single('2025-06-18', { tags }), single('2025-11-25', { tags: [...tags].reverse() })]);
    assert.equal(t!.code, 'conflicting-tags');
    assert.equal(t!.pointer, '/tags/0/name');
    const [x] = conflicts([single('2025-06-18', { 'x-a': { v: 1 } }), single('2025-11-25', { 'x-a': { v: 2 } })]);
    assert.equal(x!.code, 'conflicting-extension');
    assert.equal(x!.pointer, '/x-a/v');
  });

  test('views of one revision that differ: the declaration pointers of both inputs', () => {
    const a = single('2025-11-25', { tools: [tool('x'), tool('t', { description: 'one' })] });
    const b = single('2025-11-25', { tools: [tool('t', { description: 'two' }), tool('x')] });
    const [d] = conflicts([a, b]);
    assert.equal(d!.code, 'conflicting-declaration');
    assert.equal(d!.pointer, '/tools/0/description');
    assert.equal(d!.input, 1);
    assert.deepEqual(d!.related, [{ input: 0, pointer: '/tools/1/description' }]);
    assert.match(d!.message, /"one"/);
    assert.match(d!.message, /"two"/);
    assert.match(d!.message, /\/description/);
  });

  test('a difference inside a set-like member points at the member; an absent property at its owner', () => {
    const a = single('2025-11-25', { tools: [tool('t', { tags: ['a'] })] });
    const b = single('2025-11-25', { tools: [tool('t', { tags: ['b'] })] });
    const [d] = conflicts([a, b]);
    assert.equal(d!.pointer, '/tools/0/tags');
    assert.deepEqual(d!.related, [{ input: 0, pointer: '/tools/0/tags' }]);
    const [e] = conflicts([
      single('2025-11-25', { tools: [tool('t', { title: 'T' })] }),
      single('2025-11-25', { tools: [tool('t')] }),
    ]);
    assert.equal(e!.pointer, '/tools/0');
    assert.deepEqual(e!.related, [{ input: 0, pointer: '/tools/0/title' }]);
  });

  test('a declaration missing from another view of the same revision', () => {
    const [d] = conflicts([single('2025-11-25', { tools: [tool('x')] }), single('2025-11-25')]);
    assert.equal(d!.code, 'missing-declaration');
    assert.equal(d!.pointer, '/tools/0');
    assert.equal(d!.input, 0);
    assert.deepEqual(d!.related, [{ input: 1, pointer: '/tools' }]);
  });

  test('component collision: a conflict, or with rename a deterministic new name and rewritten references', () => {
    const a = single('2025-06-18', {
      components: { schemas: { In: { type: 'object' } } },
      tools: [tool('t', { inputSchema: { $componentRef: '#/components/schemas/In' } })],
    });
    const b = single('2025-11-25', {
      components: { schemas: { In: { type: 'object', additionalProperties: false } } },
      tools: [tool('t', { inputSchema: { $componentRef: '#/components/schemas/In' } })],
    });
    const [d] = conflicts([a, b]);
    assert.equal(d!.code, 'conflicting-component');
    assert.equal(d!.pointer, '/components/schemas/In');
    assert.deepEqual(d!.related, [{ input: 0, pointer: '/components/schemas/In' }]);
    const result = merge([a, b], { ...options, rename: true });
    assert.ok(result.ok, JSON.stringify(result.diagnostics));
    assert.deepEqual(result.renamed, [{ input: 1, from: '#/components/schemas/In', to: '#/components/schemas/In-2' }]);
    const value = result.value as Record<string, any>;
    assert.deepEqual(Object.keys(value.components.schemas), ['In', 'In-2']);
    assert.deepEqual(
      value.tools.map((t: any) => t.inputSchema.$componentRef),
      ['#/components/schemas/In', '#/components/schemas/In-2'],
    );
    assertRoundTrip('rename', [a, b], value);
  });

  test('transports in one input cannot cover a revision described without them (6.5)', () => {
    const [d] = conflicts([
      single('2025-06-18', { transports: [{ type: 'stdio', command: 'svc' }] }),
      single('2025-11-25'),
    ]);
    assert.equal(d!.code, 'uncovered-transport');
    assert.equal(d!.input, 1);
    assert.deepEqual(d!.related, [{ input: 0, pointer: '/transports' }]);
  });

  test('an invalid input stops the merge', () => {
    const result = merge([single('2025-06-18'), single('1999-01-01')], options);
    assert.equal(result.ok, false);
    assert.ok(
      result.diagnostics.some((d) => d.rule === 'operation.merge.input' && d.code === 'invalid-input' && d.input === 1),
    );
  });

  test('different mcpdesc versions', () => {
    const ds = conflicts([single('2025-06-18'), { ...single('2025-11-25'), mcpdesc: '0.9.0-rc.3' }]);
    assert.ok(ds.some((d) => d.code === 'conflicting-version' || d.rule === 'operation.merge.input'));
  });
});

test('golden: the weather description split into its views and merged back', () => {
  const d = weather();
  const result = merged([view(d, '2025-11-25'), view(d, '2025-06-18')]);
  assertGolden('operations/merge-weather.yaml', serializeDescription(result, { format: 'yaml' }));
});
