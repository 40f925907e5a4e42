import assert from 'node:assert/strict';
import { test } from 'node:test';
import { doc, expectChanges, run, tool } from './helpers.js';

const schema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };

test('--detect-renames: a removed and an added tool with equal schemas and annotations are one rename', () => {
  const a = doc({
    tools: [
      tool('keep'),
      tool('search', { inputSchema: schema, annotations: { readOnlyHint: true }, description: 'old' }),
    ],
  });
  const b = doc({
    tools: [
      tool('find', { inputSchema: schema, annotations: { readOnlyHint: true }, description: 'new' }),
      tool('keep'),
    ],
  });
  const changes = expectChanges(run(a, b, { detectRenames: true }), [
    { id: 'diff.tool.renamed', old: '/tools/1/name', new: '/tools/0/name' },
    // The pair's other fields are still compared.
    { id: 'diff.primitive.description-changed', old: '/tools/1/description', new: '/tools/0/description' },
  ]);
  const renamed = changes.find((c) => c.id === 'diff.tool.renamed')!;
  assert.equal(renamed.class, 'breaking');
  assert.equal(renamed.message, 'tool "search": renamed to "find"');
  assert.equal(renamed.old!.value, 'search');
  assert.equal(renamed.new!.value, 'find');
});

test('without --detect-renames the same pair is a removal and an addition', () => {
  const a = doc({ tools: [tool('search', { inputSchema: schema })] });
  const b = doc({ tools: [tool('find', { inputSchema: schema })] });
  expectChanges(run(a, b), [
    { id: 'diff.tool.removed', old: '/tools/0', new: '/tools' },
    { id: 'diff.tool.added', old: '/tools', new: '/tools/0' },
  ]);
});

test('different schemas or annotations are not a rename', () => {
  const a = doc({ tools: [tool('search', { inputSchema: schema, annotations: { readOnlyHint: true } })] });
  const annotations = doc({ tools: [tool('find', { inputSchema: schema, annotations: { readOnlyHint: false } })] });
  const schemas = doc({
    tools: [tool('find', { inputSchema: { ...schema, required: [] }, annotations: { readOnlyHint: true } })],
  });
  for (const b of [annotations, schemas]) {
    expectChanges(run(a, b, { detectRenames: true }), [
      { id: 'diff.tool.removed', old: '/tools/0', new: '/tools' },
      { id: 'diff.tool.added', old: '/tools', new: '/tools/0' },
    ]);
  }
});

test('a schema moved into components still matches a rename', () => {
  const a = doc({ tools: [tool('search', { inputSchema: schema })] });
  const b = doc({
    components: { schemas: { Search: schema } },
    tools: [tool('find', { inputSchema: { $componentRef: '#/components/schemas/Search' } })],
  });
  expectChanges(run(a, b, { detectRenames: true }), [
    { id: 'diff.tool.renamed', old: '/tools/0/name', new: '/tools/0/name' },
  ]);
});

test('several candidates pair in document order, each used once', () => {
  const a = doc({ tools: [tool('a1'), tool('a2')] });
  const b = doc({ tools: [tool('b1'), tool('b2'), tool('b3')] });
  const changes = expectChanges(run(a, b, { detectRenames: true }), [
    { id: 'diff.tool.renamed', old: '/tools/0/name', new: '/tools/0/name' },
    { id: 'diff.tool.renamed', old: '/tools/1/name', new: '/tools/1/name' },
    { id: 'diff.tool.added', old: '/tools', new: '/tools/2' },
  ]);
  assert.deepEqual(
    changes.filter((c) => c.id === 'diff.tool.renamed').map((c) => c.message),
    ['tool "a1": renamed to "b1"', 'tool "a2": renamed to "b2"'],
  );
});
