import assert from 'node:assert/strict';
import { test } from 'node:test';
import { schemaFacts } from 'mcpdesc-core/internal/schema/schema-facts.js';

// The facts let rules skip their own traversals: a false fact must be false for every subschema they visit.

test('a $ref or $dynamicRef anywhere below a subschema keyword is found', () => {
  const deep = {
    type: 'object',
    properties: { list: { type: 'array', items: { allOf: [{ not: { $ref: '#/$defs/x' } }] } } },
    $defs: { x: { type: 'string' } },
  };
  assert.equal(schemaFacts(deep).references, true);
  assert.equal(schemaFacts({ anyOf: [{ $dynamicRef: '#meta' }] }).references, true);
  assert.equal(schemaFacts({ items: [{ $ref: '#' }] }).references, true, 'draft-07 array items');
  assert.equal(schemaFacts({ dependencies: { a: { $ref: '#' } } }).references, true);
});

test('no reference: data keywords and unknown keywords are not schemas', () => {
  const schema = {
    type: 'object',
    properties: { a: { type: 'string', default: { $ref: '#' }, examples: [{ $ref: '#' }] } },
    const: { $ref: '#' },
    'x-note': { $ref: '#' },
  };
  const facts = schemaFacts(schema);
  assert.equal(facts.references, false);
  assert.equal(facts.embeddedDialect, false);
  assert.equal(facts.xMcpHeader, false);
  assert.equal(schemaFacts({ $ref: 42 }).references, false, 'a non-string $ref is no reference');
  assert.equal(schemaFacts(true).references, false);
});

test('an embedded resource declaring $schema counts, the root does not', () => {
  const root = { $id: 'https://example.com/s', $schema: 'https://json-schema.org/draft/2020-12/schema' };
  assert.equal(schemaFacts(root).embeddedDialect, false);
  assert.equal(
    schemaFacts({ $defs: { inner: { $id: 'inner', $schema: 'http://json-schema.org/draft-07/schema#' } } })
      .embeddedDialect,
    true,
  );
  assert.equal(schemaFacts({ $defs: { inner: { $id: 'inner' } } }).embeddedDialect, false);
});

test('x-mcp-header at the root or on a property is found', () => {
  assert.equal(schemaFacts({ 'x-mcp-header': 'X-A' }).xMcpHeader, true);
  assert.equal(
    schemaFacts({ properties: { region: { type: 'string', 'x-mcp-header': 'X-Region' } } }).xMcpHeader,
    true,
  );
  assert.equal(schemaFacts({ properties: { region: { type: 'string' } } }).xMcpHeader, false);
});

test('a cyclic value is bounded and reports every fact as possible', () => {
  const cyclic: Record<string, unknown> = { type: 'object' };
  cyclic.properties = { self: cyclic };
  assert.deepEqual({ ...schemaFacts(cyclic) }, { references: true, embeddedDialect: true, xMcpHeader: true });
});
