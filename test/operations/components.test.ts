import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bundle, resolve } from 'mcpdesc-core/internal/operations/components.js';
import { compareDocuments, equivalent } from 'mcpdesc-core/internal/operations/equivalent.js';
import { validCorpus, validation, weather } from './documents.js';

const options = { validation };

function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === '$componentRef' ? [String(v)] : refs(v)));
}

/** A document whose examples and schemas repeat. */
function repetitive(): Record<string, any> {
  const schema = {
    type: 'object',
    properties: { q: { type: 'string' } },
    required: ['q'],
    additionalProperties: false,
  };
  const example = { input: { q: 'x' }, result: { content: [{ type: 'text', text: 'ok' }] } };
  return {
    mcpdesc: '0.8.0',
    info: { name: 'search', version: '1.0.0' },
    protocolVersions: ['2025-11-25'],
    components: { schemas: { Query: structuredClone(schema) } },
    tools: [
      { name: 'search', inputSchema: structuredClone(schema), examples: { basic: structuredClone(example) } },
      {
        name: 'find',
        inputSchema: { $componentRef: '#/components/schemas/Query' },
        examples: { basic: structuredClone(example), other: { ...structuredClone(example), input: { q: 'y' } } },
      },
      {
        name: 'list',
        inputSchema: { type: 'object', additionalProperties: false },
        outputSchema: { type: 'object', additionalProperties: false },
      },
    ],
  };
}

describe('resolve (17.4)', () => {
  test('inlines every reference transitively, with provenance, and drops the namespaces', () => {
    const result = resolve(weather(), options);
    assert.ok(result.ok, JSON.stringify(result.diagnostics));
    const value = result.value as Record<string, any>;
    assert.deepEqual(refs(value), []);
    assert.deepEqual(value.tools[1].inputSchema, { type: 'object', additionalProperties: false });
    assert.deepEqual(value.components, { 'x-components-owner': 'forecasting' });
    assert.deepEqual(result.provenance, [
      {
        pointer: '/tools/1/inputSchema',
        ref: '#/components/schemas/Alias',
        target: '/components/schemas/Empty',
        chain: ['/components/schemas/Alias', '/components/schemas/Empty'],
      },
      {
        pointer: '/tools/2/inputSchema',
        ref: '#/components/schemas/Alias',
        target: '/components/schemas/Empty',
        chain: ['/components/schemas/Alias', '/components/schemas/Empty'],
      },
    ]);
    assert.ok(equivalent(value, weather()));
  });

  test('keepComponents keeps the components with their own references inlined', () => {
    const result = resolve(weather(), { ...options, keepComponents: true });
    assert.ok(result.ok);
    const value = result.value as Record<string, any>;
    assert.deepEqual(refs(value), []);
    assert.deepEqual(Object.keys(value.components.schemas), ['Empty', 'Alias', 'Unused']);
    assert.deepEqual(value.components.schemas.Alias, { type: 'object', additionalProperties: false });
  });

  test('a cycle is rejected', () => {
    const d = weather();
    d.components.schemas.Empty = { $componentRef: '#/components/schemas/Alias' };
    const result = resolve(d, options);
    assert.equal(result.ok, false);
    const cycle = result.diagnostics.find((x) => x.rule === 'operation.resolve.reference');
    assert.ok(cycle);
    assert.equal(cycle.code, 'cycle');
    assert.equal(cycle.pointer, '/tools/1/inputSchema/$componentRef');
  });

  test('a missing target is rejected', () => {
    const d = weather();
    d.tools[1].inputSchema = { $componentRef: '#/components/schemas/Nope' };
    const result = resolve(d, options);
    assert.equal(result.ok, false);
    assert.ok(
      result.diagnostics.some(
        (x) =>
          x.rule === 'operation.resolve.reference' &&
          x.code === 'missing' &&
          x.pointer === '/tools/1/inputSchema/$componentRef',
      ),
    );
  });

  test('the input is not modified', () => {
    const d = weather();
    resolve(d, options);
    assert.deepEqual(d, weather());
  });
});

describe('bundle', () => {
  test('moves repeated schemas and examples into components under stable names and references them', () => {
    const result = bundle(repetitive(), options);
    assert.ok(result.ok, JSON.stringify(result.diagnostics));
    const value = result.value as Record<string, any>;
    // The repeated input schema equals the existing component Query: reused, not duplicated.
    assert.deepEqual(value.tools[0].inputSchema, { $componentRef: '#/components/schemas/Query' });
    assert.deepEqual(value.tools[1].inputSchema, { $componentRef: '#/components/schemas/Query' });
    // inputSchema and outputSchema of `list` are equal: one new component named after the first use.
    assert.deepEqual(value.tools[2].inputSchema, { $componentRef: '#/components/schemas/list.inputSchema' });
    assert.deepEqual(value.tools[2].outputSchema, { $componentRef: '#/components/schemas/list.inputSchema' });
    assert.deepEqual(value.tools[0].examples.basic, { $componentRef: '#/components/toolExamples/search.basic' });
    assert.deepEqual(value.tools[1].examples.basic, { $componentRef: '#/components/toolExamples/search.basic' });
    // Single uses stay inline.
    assert.deepEqual(value.tools[1].examples.other.input, { q: 'y' });
    assert.deepEqual(Object.keys(value.components), ['schemas', 'toolExamples']);
    assert.deepEqual(
      result.moved.map((m) => [m.component, m.uses.length]),
      [
        ['#/components/schemas/Query', 1],
        ['#/components/toolExamples/search.basic', 2],
        ['#/components/schemas/list.inputSchema', 2],
      ],
    );
  });

  test('bundling is deterministic and does not modify its input', () => {
    const d = repetitive();
    const first = bundle(d, options);
    assert.deepEqual(d, repetitive());
    assert.deepEqual(bundle(repetitive(), options).value, first.value);
  });

  test('resolve(bundle(D)) is equivalent to D, over the corpus too', () => {
    for (const { name, document } of [
      { name: 'repetitive', document: repetitive() },
      { name: 'weather', document: weather() },
      ...validCorpus(),
    ]) {
      const bundled = bundle(document, options);
      assert.ok(bundled.ok, `${name}: ${JSON.stringify(bundled.diagnostics)}`);
      assert.ok(equivalent(bundled.value, document), name);
      const resolved = resolve(bundled.value, options);
      assert.ok(resolved.ok, `${name}: ${JSON.stringify(resolved.diagnostics)}`);
      assert.deepEqual(refs(resolved.value), [], name);
      assert.ok(
        equivalent(resolved.value, document),
        `${name}: ${JSON.stringify(compareDocuments(resolved.value, document).differences)}`,
      );
    }
  });
});
