/**
 * Every change kind of the classification table fires, with the exact pointers it reports in
 * both documents and its default class; close variants stay quiet. The last test checks that
 * every id of the table was exercised here.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classificationTable } from 'mcpdesc-core/internal/diff/classification.js';
import { doc, expectChanges, run, testedIds, tool } from './helpers.js';

const T = '/tools/0';

test('protocol revisions removed and added', () => {
  const report = run(doc({}, ['2025-06-18', '2025-11-25']), doc({}, ['2025-11-25', '2026-07-28']));
  expectChanges(report, [
    {
      id: 'diff.protocol.revision-removed',
      old: '/protocolVersions/0',
      new: '/protocolVersions',
      revisions: ['2025-06-18'],
    },
    {
      id: 'diff.protocol.revision-added',
      old: '/protocolVersions',
      new: '/protocolVersions/1',
      revisions: ['2026-07-28'],
    },
  ]);
  assert.equal(report.changes[0]!.class, 'breaking');
  assert.equal(report.changes[1]!.class, 'non-breaking');
  assert.deepEqual(report.revisions.compared, ['2025-11-25']);
});

test('identical documents and info.version alone: no change', () => {
  expectChanges(run(doc({ tools: [tool('a')] }), doc({ tools: [tool('a')] })), []);
  const b = doc({ tools: [tool('a')] });
  (b.info as Record<string, unknown>).version = '2.0.0';
  expectChanges(run(doc({ tools: [tool('a')] }), b), []);
});

test('document metadata: info, instructions, tags, format, extensions', () => {
  const a = doc({ instructions: 'Use it.', tags: [{ name: 'x' }], 'x-team': 'a' });
  const b = doc({
    $schema: 'https://mcpdesc.org/schema/mcp-description/0.8.0.json',
    instructions: 'Use it well.',
    tags: [{ name: 'y' }],
    'x-team': 'b',
  });
  (b.info as Record<string, unknown>).title = 'Test';
  const changes = expectChanges(run(a, b), [
    { id: 'diff.document.format-changed', old: '', new: '/$schema' },
    { id: 'diff.info.changed', old: '/info', new: '/info/title' },
    { id: 'diff.instructions.changed', old: '/instructions', new: '/instructions' },
    { id: 'diff.tags.changed', old: '/tags', new: '/tags' },
    { id: 'diff.extension.changed', old: '/x-team', new: '/x-team' },
  ]);
  assert.ok(changes.every((c) => c.class === 'informational'));
});

test('security schemes: added, removed, changed, description changed', () => {
  const a = doc({
    securitySchemes: {
      old: { type: 'http', scheme: 'basic' },
      key: { type: 'apiKey', in: 'header', name: 'X-Key' },
      b: { type: 'http', scheme: 'bearer' },
    },
  });
  const b = doc({
    securitySchemes: {
      fresh: { type: 'http', scheme: 'basic' },
      key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      b: { type: 'http', scheme: 'bearer', description: 'Bearer token' },
    },
  });
  expectChanges(run(a, b), [
    { id: 'diff.security.scheme-removed', old: '/securitySchemes/old', new: '/securitySchemes' },
    { id: 'diff.security.scheme-added', old: '/securitySchemes', new: '/securitySchemes/fresh' },
    { id: 'diff.security.scheme-changed', old: '/securitySchemes/key', new: '/securitySchemes/key' },
    {
      id: 'diff.security.scheme-description-changed',
      old: '/securitySchemes/b',
      new: '/securitySchemes/b/description',
    },
  ]);
});

test('transports: removed, added, changed (args), matched by type and endpoint', () => {
  const a = doc({
    transports: [
      { type: 'stdio', command: 'srv', args: ['a'] },
      { type: 'streamable-http', url: 'https://a.example.com/mcp' },
    ],
  });
  const b = doc({
    transports: [
      { type: 'streamable-http', url: 'https://b.example.com/mcp' },
      { type: 'stdio', command: 'srv', args: ['b'] },
    ],
  });
  expectChanges(run(a, b), [
    { id: 'diff.transport.removed', old: '/transports/1', new: '/transports' },
    { id: 'diff.transport.added', old: '/transports', new: '/transports/0' },
    { id: 'diff.transport.changed', old: '/transports/0/args', new: '/transports/1/args' },
  ]);
  // Reordering alone is not a change.
  expectChanges(run(a, doc({ transports: [(a.transports as unknown[])[1], (a.transports as unknown[])[0]] })), []);
});

test('capabilities: added, removed, changed, restated; true -> false is a removal', () => {
  const a = doc({
    capabilities: [{ logging: {}, tools: { listChanged: true }, prompts: {}, experimental: { 'x.y': { level: 1 } } }],
  });
  const b = doc({
    capabilities: [
      {
        completions: {},
        tools: { listChanged: false },
        prompts: { listChanged: false },
        experimental: { 'x.y': { level: 2 } },
      },
    ],
  });
  expectChanges(run(a, b), [
    { id: 'diff.capability.removed', old: '/capabilities/0/logging', new: '/capabilities/0' },
    {
      id: 'diff.capability.removed',
      old: '/capabilities/0/tools/listChanged',
      new: '/capabilities/0/tools/listChanged',
    },
    { id: 'diff.capability.added', old: '/capabilities/0', new: '/capabilities/0/completions' },
    { id: 'diff.capability.restated', old: '/capabilities/0/prompts', new: '/capabilities/0/prompts/listChanged' },
    {
      id: 'diff.capability.changed',
      old: '/capabilities/0/experimental/x.y/level',
      new: '/capabilities/0/experimental/x.y/level',
    },
  ]);
});

test('primitives added and removed, matched by identity', () => {
  const a = doc({
    tools: [tool('gone')],
    resources: [{ uri: 'file:///a', name: 'a' }],
    resourceTemplates: [{ uriTemplate: 'file:///{x}', name: 'x' }],
    prompts: [{ name: 'p' }],
  });
  const b = doc({
    tools: [tool('new')],
    resources: [{ uri: 'file:///b', name: 'a' }],
    resourceTemplates: [{ uriTemplate: 'file:///{y}', name: 'x' }],
    prompts: [{ name: 'q' }],
  });
  const changes = expectChanges(run(a, b), [
    { id: 'diff.tool.removed', old: '/tools/0', new: '/tools' },
    { id: 'diff.tool.added', old: '/tools', new: '/tools/0' },
    { id: 'diff.resource.removed', old: '/resources/0', new: '/resources' },
    { id: 'diff.resource.added', old: '/resources', new: '/resources/0' },
    { id: 'diff.resource-template.removed', old: '/resourceTemplates/0', new: '/resourceTemplates' },
    { id: 'diff.resource-template.added', old: '/resourceTemplates', new: '/resourceTemplates/0' },
    { id: 'diff.prompt.removed', old: '/prompts/0', new: '/prompts' },
    { id: 'diff.prompt.added', old: '/prompts', new: '/prompts/0' },
  ]);
  assert.equal(changes.filter((c) => c.class === 'breaking').length, 4);
});

test('primitive fields: deprecation, title, description, metadata, extensions', () => {
  const a = doc({
    tools: [
      tool('t', { title: 'T', description: 'd', _meta: { note: 'a' }, 'x-owner': 'a' }),
      tool('u', { deprecated: true }),
    ],
  });
  const b = doc({
    tools: [
      tool('t', { title: 'T2', description: 'd2', deprecated: true, _meta: { note: 'b' }, 'x-owner': 'b' }),
      tool('u'),
    ],
  });
  const changes = expectChanges(run(a, b), [
    { id: 'diff.primitive.title-changed', old: `${T}/title`, new: `${T}/title` },
    { id: 'diff.primitive.description-changed', old: `${T}/description`, new: `${T}/description` },
    { id: 'diff.primitive.metadata-changed', old: `${T}/_meta`, new: `${T}/_meta` },
    { id: 'diff.extension.changed', old: `${T}/x-owner`, new: `${T}/x-owner` },
    { id: 'diff.primitive.deprecated', old: T, new: `${T}/deprecated` },
    { id: 'diff.primitive.undeprecated', old: '/tools/1/deprecated', new: '/tools/1' },
  ]);
  assert.ok(changes.every((c) => c.class === 'informational'));
  // deprecated: false and an absent flag mean the same.
  expectChanges(run(doc({ tools: [tool('t', { deprecated: false })] }), doc({ tools: [tool('t')] })), []);
});

test('named examples are compared by resolved value', () => {
  const example = { input: {}, result: { content: [{ type: 'text', text: 'ok' }] } };
  const a = doc({ tools: [tool('t', { examples: { basic: example } })] });
  const moved = doc({
    tools: [tool('t', { examples: { basic: { $componentRef: '#/components/toolExamples/basic' } } })],
    components: { toolExamples: { basic: example } },
  });
  expectChanges(run(a, moved), []);
  const changed = doc({
    tools: [tool('t', { examples: { basic: { input: {}, result: { content: [{ type: 'text', text: 'other' }] } } } })],
  });
  expectChanges(run(a, changed), [
    { id: 'diff.primitive.metadata-changed', old: `${T}/examples/basic`, new: `${T}/examples/basic` },
  ]);
});

test('resources: mimeType, size, name, annotations', () => {
  const a = doc({
    resources: [{ uri: 'file:///a', name: 'a', mimeType: 'text/plain', size: 1, annotations: { priority: 0.5 } }],
  });
  const b = doc({
    resources: [{ uri: 'file:///a', name: 'b', mimeType: 'application/json', size: 2, annotations: { priority: 1 } }],
  });
  expectChanges(run(a, b), [
    { id: 'diff.resource.mime-type-changed', old: '/resources/0/mimeType', new: '/resources/0/mimeType' },
    { id: 'diff.resource.size-changed', old: '/resources/0/size', new: '/resources/0/size' },
    { id: 'diff.resource.name-changed', old: '/resources/0/name', new: '/resources/0/name' },
    { id: 'diff.resource.annotations-changed', old: '/resources/0/annotations', new: '/resources/0/annotations' },
  ]);
});

test('prompt arguments', () => {
  const a = doc({
    prompts: [
      {
        name: 'p',
        arguments: [{ name: 'a' }, { name: 'b', required: true }, { name: 'c' }, { name: 'd', description: 'x' }],
      },
    ],
  });
  const b = doc({
    prompts: [
      {
        name: 'p',
        arguments: [
          { name: 'a', required: true },
          { name: 'b' },
          { name: 'd', description: 'y' },
          { name: 'e' },
          { name: 'f', required: true },
        ],
      },
    ],
  });
  const P = '/prompts/0/arguments';
  expectChanges(run(a, b), [
    { id: 'diff.prompt.argument-required-added', old: `${P}/0`, new: `${P}/0/required` },
    { id: 'diff.prompt.argument-required-removed', old: `${P}/1/required`, new: `${P}/1` },
    { id: 'diff.prompt.argument-removed', old: `${P}/2`, new: P },
    { id: 'diff.prompt.argument-documentation-changed', old: `${P}/3/description`, new: `${P}/2/description` },
    { id: 'diff.prompt.argument-added', old: P, new: `${P}/3` },
    { id: 'diff.prompt.argument-required-added', old: P, new: `${P}/4` },
  ]);
});

test('tool execution taskSupport', () => {
  const at = (v: string): Record<string, unknown> => doc({ tools: [tool('t', { execution: { taskSupport: v } })] });
  expectChanges(run(at('optional'), at('required')), [
    { id: 'diff.tool.task-support-required', old: `${T}/execution/taskSupport`, new: `${T}/execution/taskSupport` },
  ]);
  expectChanges(run(at('required'), at('optional')), [
    { id: 'diff.tool.task-support-changed', old: `${T}/execution/taskSupport`, new: `${T}/execution/taskSupport` },
  ]);
  // forbidden is the default.
  expectChanges(run(doc({ tools: [tool('t')] }), at('forbidden')), []);
});

test('tool annotations: effective hints with their defaults', () => {
  const at = (annotations: Record<string, unknown> | undefined): Record<string, unknown> =>
    doc({ tools: [tool('t', annotations ? { annotations } : {})] });
  const A = `${T}/annotations`;
  const cases: [Record<string, unknown> | undefined, Record<string, unknown> | undefined, string, string, string][] = [
    [
      { readOnlyHint: true },
      { readOnlyHint: false },
      'diff.annotation.read-only-removed',
      `${A}/readOnlyHint`,
      `${A}/readOnlyHint`,
    ],
    [{ readOnlyHint: true }, undefined, 'diff.annotation.read-only-removed', `${A}/readOnlyHint`, T],
    [undefined, { readOnlyHint: true }, 'diff.annotation.read-only-added', T, `${A}/readOnlyHint`],
    [{ destructiveHint: false }, {}, 'diff.annotation.destructive-added', `${A}/destructiveHint`, A],
    [{}, { destructiveHint: false }, 'diff.annotation.destructive-removed', A, `${A}/destructiveHint`],
    [
      { idempotentHint: true },
      { idempotentHint: false },
      'diff.annotation.idempotent-removed',
      `${A}/idempotentHint`,
      `${A}/idempotentHint`,
    ],
    [
      { idempotentHint: false },
      { idempotentHint: true },
      'diff.annotation.idempotent-added',
      `${A}/idempotentHint`,
      `${A}/idempotentHint`,
    ],
    [
      { openWorldHint: false },
      { openWorldHint: true },
      'diff.annotation.open-world-added',
      `${A}/openWorldHint`,
      `${A}/openWorldHint`,
    ],
    [
      { openWorldHint: true },
      { openWorldHint: false },
      'diff.annotation.open-world-removed',
      `${A}/openWorldHint`,
      `${A}/openWorldHint`,
    ],
    // A default made explicit, and the title: informational.
    [{}, { readOnlyHint: false }, 'diff.annotation.changed', A, `${A}/readOnlyHint`],
    [{ title: 'a' }, { title: 'b' }, 'diff.annotation.changed', `${A}/title`, `${A}/title`],
  ];
  for (const [a, b, id, oldPointer, newPointer] of cases) {
    const [change] = expectChanges(run(at(a), at(b)), [{ id, old: oldPointer, new: newPointer }]);
    assert.equal(change!.class, classificationTable.find((e) => e.id === id)!.class);
  }
});

test('security: effective requirement per primitive (tightened, relaxed, restated; root inheritance)', () => {
  const schemes = { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } };
  const at = (sec: unknown, root?: unknown): Record<string, unknown> =>
    doc({
      ...schemes,
      ...(root !== undefined ? { security: root } : {}),
      tools: [tool('t', sec !== undefined ? { security: sec } : {})],
    });
  expectChanges(run(at(undefined), at([{ bearer: [] }])), [
    { id: 'diff.security.tightened', old: T, new: `${T}/security` },
  ]);
  expectChanges(run(at([{ bearer: [] }]), at([{ bearer: [] }, {}])), [
    { id: 'diff.security.relaxed', old: `${T}/security`, new: `${T}/security` },
  ]);
  expectChanges(run(at([]), at(undefined)), [{ id: 'diff.security.restated', old: `${T}/security`, new: T }]);
  // Root security applies to a tool without its own.
  expectChanges(run(at(undefined), at(undefined, [{ bearer: [] }])), [
    { id: 'diff.security.tightened', old: T, new: '/security' },
  ]);
  // Moving the same requirement from root to the tool: same value, no change.
  expectChanges(run(at(undefined, [{ bearer: [] }]), at([{ bearer: [] }])), []);
});

test('security through a transport', () => {
  const base = { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, tools: [tool('t')] };
  const a = doc({ ...base, transports: [{ type: 'streamable-http', url: 'https://a.example.com/mcp' }] });
  const b = doc({
    ...base,
    transports: [{ type: 'streamable-http', url: 'https://a.example.com/mcp', security: [{ bearer: [] }] }],
  });
  expectChanges(run(a, b), [
    { id: 'diff.security.tightened', old: '/transports/0', new: '/transports/0/security' },
    { id: 'diff.security.tightened', old: T, new: '/transports/0/security' },
  ]);
});

test('client requirements: added, removed, changed', () => {
  const at = (req: unknown): Record<string, unknown> =>
    doc({ tools: [tool('t', req !== undefined ? { clientRequirements: req } : {})] });
  const C = `${T}/clientRequirements`;
  expectChanges(run(at(undefined), at({ elicitation: {} })), [
    { id: 'diff.client-requirements.added', old: T, new: `${C}/elicitation` },
  ]);
  expectChanges(run(at({ elicitation: { form: {}, url: {} } }), at({ elicitation: { form: {} } })), [
    { id: 'diff.client-requirements.removed', old: `${C}/elicitation/url`, new: `${C}/elicitation` },
  ]);
  expectChanges(run(at({ experimental: { 'x.y': { level: 1 } } }), at({ experimental: { 'x.y': { level: 2 } } })), [
    { id: 'diff.client-requirements.changed', old: `${C}/experimental/x.y/level`, new: `${C}/experimental/x.y/level` },
  ]);
});

test('elicitation declarations: added, removed, changed', () => {
  const e = (name: string, message = 'Confirm?'): Record<string, unknown> => ({
    name,
    mode: 'form',
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
  });
  const a = doc({ tools: [tool('t', { elicitations: [e('confirm'), e('old')] })] });
  const b = doc({ tools: [tool('t', { elicitations: [e('confirm', 'Really?'), e('fresh')] })] });
  const E = `${T}/elicitations`;
  expectChanges(run(a, b), [
    { id: 'diff.elicitation.changed', old: `${E}/0`, new: `${E}/0` },
    { id: 'diff.elicitation.removed', old: `${E}/1`, new: E },
    { id: 'diff.elicitation.added', old: E, new: `${E}/1` },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Schemas: every kind in both directions, at a nested property (outputSchema keeps an object root).

interface SchemaCase {
  kind: string;
  old: unknown;
  new: unknown;
  /** Pointers relative to the property schema (`/properties/p`). */
  oldAt: string;
  newAt: string;
  versions?: string[];
}

const schemaCases: SchemaCase[] = [
  {
    kind: 'property.added',
    old: { type: 'object', properties: {} },
    new: { type: 'object', properties: { a: { type: 'string' } } },
    oldAt: '/properties',
    newAt: '/properties/a',
  },
  {
    kind: 'property.removed',
    old: { type: 'object', properties: { a: {} } },
    new: { type: 'object' },
    oldAt: '/properties/a',
    newAt: '',
  },
  {
    kind: 'property.required-added',
    old: { type: 'object', properties: { a: {} } },
    new: { type: 'object', properties: { a: {} }, required: ['a'] },
    oldAt: '',
    newAt: '/required/0',
  },
  {
    kind: 'property.required-removed',
    old: { type: 'object', properties: { a: {} }, required: ['a'] },
    new: { type: 'object', properties: { a: {} } },
    oldAt: '/required/0',
    newAt: '',
  },
  { kind: 'type.narrowed', old: { type: ['string', 'null'] }, new: { type: 'string' }, oldAt: '/type', newAt: '/type' },
  { kind: 'type.widened', old: { type: 'integer' }, new: { type: 'number' }, oldAt: '/type', newAt: '/type' },
  { kind: 'type.changed', old: { type: 'string' }, new: { type: 'number' }, oldAt: '/type', newAt: '/type' },
  { kind: 'enum.value-added', old: { enum: ['a'] }, new: { enum: ['a', 'b'] }, oldAt: '/enum', newAt: '/enum/1' },
  { kind: 'enum.value-removed', old: { enum: ['a', 'b'] }, new: { const: 'a' }, oldAt: '/enum/1', newAt: '/const' },
  { kind: 'enum.added', old: { type: 'string' }, new: { type: 'string', enum: ['a'] }, oldAt: '', newAt: '/enum' },
  { kind: 'enum.removed', old: { type: 'string', const: 'a' }, new: { type: 'string' }, oldAt: '/const', newAt: '' },
  {
    kind: 'constraint.tightened',
    old: { type: 'string', maxLength: 10 },
    new: { type: 'string', maxLength: 5 },
    oldAt: '/maxLength',
    newAt: '/maxLength',
  },
  {
    kind: 'constraint.loosened',
    old: { type: 'integer', minimum: 1 },
    new: { type: 'integer' },
    oldAt: '/minimum',
    newAt: '',
  },
  {
    kind: 'constraint.changed',
    old: { type: 'string', pattern: '^a' },
    new: { type: 'string', pattern: '^b' },
    oldAt: '/pattern',
    newAt: '/pattern',
  },
  {
    kind: 'additional-properties.closed',
    old: { type: 'object' },
    new: { type: 'object', additionalProperties: false },
    oldAt: '',
    newAt: '/additionalProperties',
  },
  {
    kind: 'additional-properties.opened',
    old: { type: 'object', additionalProperties: false },
    new: { type: 'object', additionalProperties: { type: 'string' } },
    oldAt: '/additionalProperties',
    newAt: '/additionalProperties',
  },
  {
    kind: 'composition.changed',
    old: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    new: { anyOf: [{ type: 'string' }] },
    oldAt: '/anyOf',
    newAt: '/anyOf',
  },
  {
    kind: 'keyword.changed',
    old: { type: 'object', dependentRequired: { a: ['b'] } },
    new: { type: 'object' },
    oldAt: '/dependentRequired',
    newAt: '',
  },
  {
    kind: 'default.changed',
    old: { type: 'string', default: 'a' },
    new: { type: 'string', default: 'b' },
    oldAt: '/default',
    newAt: '/default',
  },
  {
    kind: 'documentation.changed',
    old: { type: 'string', description: 'a' },
    new: { type: 'string', description: 'b' },
    oldAt: '/description',
    newAt: '/description',
  },
  {
    kind: 'extension.changed',
    old: { type: 'string' },
    new: { type: 'string', 'x-ui': 'wide' },
    oldAt: '',
    newAt: '/x-ui',
  },
];

function schemaDoc(direction: 'input' | 'output', p: unknown, versions = ['2025-11-25']): Record<string, unknown> {
  const schema = { type: 'object', properties: { p } };
  return doc(
    { tools: [tool('t', direction === 'input' ? { inputSchema: schema } : { outputSchema: schema })] },
    versions,
  );
}

for (const direction of ['input', 'output'] as const) {
  test(`${direction}Schema change kinds`, async (t) => {
    const base = `${T}/${direction}Schema/properties/p`;
    for (const c of schemaCases) {
      await t.test(c.kind, () => {
        const id = `diff.${direction}.${c.kind}`;
        const [change] = expectChanges(run(schemaDoc(direction, c.old), schemaDoc(direction, c.new)), [
          { id, old: base + c.oldAt, new: base + c.newAt },
        ]);
        assert.equal(change!.class, classificationTable.find((e) => e.id === id)!.class);
        assert.ok(change!.message.startsWith(`tool "t": ${direction}Schema property "p`), change!.message);
      });
    }
  });
}

test('outputSchema added and removed', () => {
  const none = doc({ tools: [tool('t')] });
  const some = doc({ tools: [tool('t', { outputSchema: { type: 'object' } })] });
  const [added] = expectChanges(run(none, some), [
    { id: 'diff.output.schema.added', old: T, new: `${T}/outputSchema` },
  ]);
  assert.equal(added!.class, 'non-breaking');
  const [removed] = expectChanges(run(some, none), [
    { id: 'diff.output.schema.removed', old: `${T}/outputSchema`, new: T },
  ]);
  assert.equal(removed!.class, 'breaking');
});

test('a new required input property is one change (required-added), a removed required one is property.removed', () => {
  const a = schemaDoc('input', { type: 'object', properties: { a: {} }, required: ['a'] });
  const b = schemaDoc('input', { type: 'object', properties: { b: {} }, required: ['b'] });
  const P = `${T}/inputSchema/properties/p`;
  expectChanges(run(a, b), [
    { id: 'diff.input.property.removed', old: `${P}/properties/a`, new: `${P}/properties` },
    { id: 'diff.input.property.required-added', old: `${P}/required`, new: `${P}/required/0` },
  ]);
});

test('x-mcp-header added, removed, changed (2026-07-28)', () => {
  const at = (header?: string): Record<string, unknown> =>
    schemaDoc('input', header === undefined ? { type: 'string' } : { type: 'string', 'x-mcp-header': header }, [
      '2026-07-28',
    ]);
  const P = `${T}/inputSchema/properties/p`;
  expectChanges(run(at(), at('X-Region')), [{ id: 'diff.input.x-mcp-header.added', old: P, new: `${P}/x-mcp-header` }]);
  expectChanges(run(at('X-Region'), at()), [
    { id: 'diff.input.x-mcp-header.removed', old: `${P}/x-mcp-header`, new: P },
  ]);
  expectChanges(run(at('X-Region'), at('X-Zone')), [
    { id: 'diff.input.x-mcp-header.changed', old: `${P}/x-mcp-header`, new: `${P}/x-mcp-header` },
  ]);
});

test('deep nesting: arrays, $defs through local $ref, composition by index', () => {
  const a = schemaDoc('input', {
    type: 'array',
    items: { allOf: [{ $ref: '#/$defs/item' }] },
  });
  const b = schemaDoc('input', {
    type: 'array',
    items: { allOf: [{ $ref: '#/$defs/item' }] },
  });
  const defs = (kind: string): Record<string, unknown> => ({
    item: { type: 'object', properties: { kind: { enum: ['a', kind] } } },
  });
  ((a.tools as Record<string, Record<string, unknown>>[])[0]!.inputSchema as Record<string, unknown>).$defs = defs('b');
  ((b.tools as Record<string, Record<string, unknown>>[])[0]!.inputSchema as Record<string, unknown>).$defs = defs('c');
  const I = `${T}/inputSchema/$defs/item/properties/kind/enum`;
  const changes = expectChanges(run(a, b), [
    { id: 'diff.input.enum.value-added', old: I, new: `${I}/1` },
    { id: 'diff.input.enum.value-removed', old: `${I}/1`, new: I },
  ]);
  assert.equal(changes.find((c) => c.id === 'diff.input.enum.value-removed')!.path, 'p[](allOf 0).kind');
});

/** A document of one tool `t` with this inputSchema. */
const withInputSchema = (inputSchema: unknown): Record<string, unknown> => doc({ tools: [tool('t', { inputSchema })] });

test('recursive schemas terminate (cycles through $ref)', () => {
  const at = (t: string): Record<string, unknown> =>
    withInputSchema({
      type: 'object',
      properties: { root: { $ref: '#/$defs/node' } },
      $defs: { node: { type: 'object', properties: { v: { type: t }, child: { $ref: '#/$defs/node' } } } },
    });
  const V = `${T}/inputSchema/$defs/node/properties/v/type`;
  expectChanges(run(at('string'), at('integer')), [{ id: 'diff.input.type.changed', old: V, new: V }]);
});

test('depth bound: nesting deeper than 64 levels is reported once', () => {
  const nest = (depth: number, leaf: unknown): unknown =>
    depth === 0 ? leaf : { type: 'object', properties: { n: nest(depth - 1, leaf) } };
  const a = schemaDoc('input', nest(70, { type: 'string' }));
  const b = schemaDoc('input', nest(70, { type: 'number' }));
  const changes = run(a, b).changes;
  assert.deepEqual(
    changes.map((c) => c.id),
    ['diff.input.schema.depth-limit'],
  );
  testedIds.add('diff.input.schema.depth-limit');
  const c = schemaDoc('output', nest(70, { type: 'string' }));
  const d = schemaDoc('output', nest(70, { type: 'number' }));
  assert.deepEqual(
    run(c, d).changes.map((x) => x.id),
    ['diff.output.schema.depth-limit'],
  );
  testedIds.add('diff.output.schema.depth-limit');
});

/** $defs d0…dN where d(k) is a oneOf of two references to d(k-1): 2^N paths to d0. */
function doublingSchema(levels: number, extra: Record<string, unknown>): Record<string, unknown> {
  const defs: Record<string, unknown> = { d0: { type: 'string' } };
  for (let i = 1; i <= levels; i++)
    defs[`d${i}`] = { oneOf: [{ $ref: `#/$defs/d${i - 1}` }, { $ref: `#/$defs/d${i - 1}` }] };
  return { type: 'object', $defs: defs, properties: { a: { $ref: `#/$defs/d${levels}` }, ...extra } };
}

test('a schema equal to its old self has no change, however many paths its references make', () => {
  expectChanges(run(withInputSchema(doublingSchema(40, {})), withInputSchema(doublingSchema(40, {}))), []);
});

test('a shared $ref target found unchanged once is not walked again on its other paths', () => {
  // 2^30 paths reach d0: without the memo of unchanged pairs the walk stops at its bound and
  // reports schema.depth-limit instead of the one real change.
  const at = (t: string): Record<string, unknown> => withInputSchema(doublingSchema(30, { b: { type: t } }));
  const B = `${T}/inputSchema/properties/b/type`;
  expectChanges(run(at('string'), at('integer')), [{ id: 'diff.input.type.changed', old: B, new: B }]);
});

test('a change under a shared $ref target is reported on every path that reaches it, within the bound', () => {
  const at = (t: string): Record<string, unknown> =>
    withInputSchema({
      type: 'object',
      $defs: { leaf: { type: t } },
      properties: { a: { $ref: '#/$defs/leaf' }, b: { $ref: '#/$defs/leaf' } },
    });
  const L = `${T}/inputSchema/$defs/leaf/type`;
  const changes = expectChanges(run(at('string'), at('integer')), [
    { id: 'diff.input.type.changed', old: L, new: L },
    { id: 'diff.input.type.changed', old: L, new: L },
  ]);
  assert.deepEqual(
    changes.map((c) => c.path),
    ['a', 'b'],
  );
});

test('component-resolved schemas report the component location', () => {
  const at = (max: number): Record<string, unknown> =>
    doc({
      components: { schemas: { Q: { type: 'object', properties: { q: { type: 'string', maxLength: max } } } } },
      tools: [tool('t', { inputSchema: { $componentRef: '#/components/schemas/Q' } })],
    });
  const M = '/components/schemas/Q/properties/q/maxLength';
  expectChanges(run(at(10), at(20)), [{ id: 'diff.input.constraint.loosened', old: M, new: M }]);
  // Inlining a component is not a change.
  const inline = doc({
    tools: [tool('t', { inputSchema: { type: 'object', properties: { q: { type: 'string', maxLength: 10 } } } })],
  });
  expectChanges(run(at(10), inline), []);
});

test('schema equivalences are not changes; boolean schemas, multipleOf, tuples', () => {
  const P = `${T}/inputSchema/properties/p`;
  const pair = (a: unknown, b: unknown) => run(schemaDoc('input', a), schemaDoc('input', b));
  // A boolean top-level property is an error for MCP 2025-11-25 under 0.8.0 (its Tool type, 9.2): 2026-07-28 accepts it.
  const booleanPair = (a: unknown, b: unknown) =>
    run(schemaDoc('input', a, ['2026-07-28']), schemaDoc('input', b, ['2026-07-28']));
  expectChanges(pair({ type: 'string' }, { type: ['string'] }), []);
  expectChanges(pair({ const: 'a' }, { enum: ['a'] }), []);
  expectChanges(pair({ enum: ['a', 'b'] }, { type: 'string', enum: ['a', 'b'] }), []);
  expectChanges(pair({ type: 'number' }, { type: ['integer', 'number'] }), []);
  expectChanges(booleanPair(true, {}), []);
  expectChanges(pair({ type: 'object' }, { type: 'object', additionalProperties: true }), []);
  expectChanges(booleanPair({ type: 'string' }, false), [{ id: 'diff.input.type.narrowed', old: P, new: P }]);
  expectChanges(pair({ type: 'number', multipleOf: 2 }, { type: 'number', multipleOf: 4 }), [
    { id: 'diff.input.constraint.tightened', old: `${P}/multipleOf`, new: `${P}/multipleOf` },
  ]);
  expectChanges(pair({ type: 'number', multipleOf: 4 }, { type: 'number', multipleOf: 2 }), [
    { id: 'diff.input.constraint.loosened', old: `${P}/multipleOf`, new: `${P}/multipleOf` },
  ]);
  expectChanges(pair({ type: 'number', multipleOf: 2 }, { type: 'number', multipleOf: 3 }), [
    { id: 'diff.input.constraint.changed', old: `${P}/multipleOf`, new: `${P}/multipleOf` },
  ]);
  expectChanges(
    pair(
      { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
      { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] },
    ),
    [{ id: 'diff.input.type.narrowed', old: `${P}/prefixItems/1/type`, new: `${P}/prefixItems/1/type` }],
  );
  expectChanges(
    pair(
      { type: 'array', prefixItems: [{ type: 'string' }] },
      { type: 'array', prefixItems: [{ type: 'string' }, {}] },
    ),
    [{ id: 'diff.input.keyword.changed', old: `${P}/prefixItems`, new: `${P}/prefixItems` }],
  );
  expectChanges(
    pair(
      { type: 'array', items: { type: 'string' }, uniqueItems: false },
      { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true },
    ),
    [
      { id: 'diff.input.constraint.tightened', old: `${P}/items`, new: `${P}/items/minLength` },
      { id: 'diff.input.constraint.tightened', old: `${P}/uniqueItems`, new: `${P}/uniqueItems` },
    ],
  );
});

test('draft-07 schemas: keywords beside $ref are ignored, the reference is followed', () => {
  const at = (t: string): Record<string, unknown> =>
    doc({
      tools: [
        tool('t', {
          inputSchema: {
            $schema: 'http://json-schema.org/draft-07/schema#',
            type: 'object',
            properties: { p: { $ref: '#/definitions/P', type: 'string' } },
            definitions: { P: { type: t } },
          },
        }),
      ],
    });
  const D = `${T}/inputSchema/definitions/P/type`;
  expectChanges(run(at('string'), at('number')), [{ id: 'diff.input.type.changed', old: D, new: D }]);
});

test('strictOutputEnums: false makes an output enum value added non-breaking', () => {
  const a = schemaDoc('output', { enum: ['a'] });
  const b = schemaDoc('output', { enum: ['a', 'b'] });
  assert.equal(run(a, b).changes[0]!.class, 'breaking');
  assert.equal(run(a, b, { config: { strictOutputEnums: false } }).changes[0]!.class, 'non-breaking');
});

// ---------------------------------------------------------------------------------------------
// Per-revision comparison

test('moving a declaration into scoped variants is not a change', () => {
  const a = doc({ tools: [tool('t', { description: 'd' })] }, ['2025-06-18', '2025-11-25']);
  const b = doc(
    {
      tools: [
        tool('t', { description: 'd', protocolVersions: ['2025-06-18'] }),
        tool('t', { description: 'd', protocolVersions: ['2025-11-25'] }),
      ],
    },
    ['2025-06-18', '2025-11-25'],
  );
  expectChanges(run(a, b), []);
});

test('a change in one variant applies to its revisions; identical changes are grouped', () => {
  const versions = ['2025-06-18', '2025-11-25'];
  const a = doc({ tools: [tool('t', { description: 'd' })] }, versions);
  const b = doc(
    {
      tools: [
        tool('t', { description: 'd', protocolVersions: ['2025-06-18'] }),
        tool('t', { description: 'e', protocolVersions: ['2025-11-25'] }),
      ],
    },
    versions,
  );
  expectChanges(run(a, b), [
    {
      id: 'diff.primitive.description-changed',
      old: `${T}/description`,
      new: '/tools/1/description',
      revisions: ['2025-11-25'],
    },
  ]);
  const c = doc({ tools: [tool('t', { description: 'e' })] }, versions);
  expectChanges(run(a, c), [
    { id: 'diff.primitive.description-changed', old: `${T}/description`, new: `${T}/description`, revisions: versions },
  ]);
});

test('a primitive removed from one revision only', () => {
  const versions = ['2025-06-18', '2025-11-25'];
  const a = doc({ tools: [tool('t')] }, versions);
  const b = doc({ tools: [tool('t', { protocolVersions: ['2025-11-25'] })] }, versions);
  expectChanges(run(a, b), [{ id: 'diff.tool.removed', old: T, new: '/tools', revisions: ['2025-06-18'] }]);
});

test('every change kind of the classification table is tested here', () => {
  // renamed is covered in renames.test.ts; mark it after checking it exists.
  assert.ok(classificationTable.some((e) => e.id === 'diff.tool.renamed'));
  testedIds.add('diff.tool.renamed');
  const missing = classificationTable.map((e) => e.id).filter((id) => !testedIds.has(id));
  assert.deepEqual(missing, []);
});
