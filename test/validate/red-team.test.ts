import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';

/** Cross-cutting red-team cases (docs/red-team.md): verdicts that span components, scopes, revisions and serializations. */

const head = (versions: string[]): string =>
  `mcpdesc: 0.8.0\ninfo: {name: s, version: 1.0.0}\nprotocolVersions: [${versions.map((v) => `'${v}'`).join(', ')}]\n`;

function summary(text: string): string[] {
  return validate(text).diagnostics.map((d) => `${d.severity[0]} ${d.code} ${d.pointer}`);
}

const sharedExample = `${head(['2025-11-25', '2026-07-28'])}components:
  toolExamples:
    ex:
      input: {q: a}
      result: {resultType: complete, content: [{type: text, text: hi}]}
tools:
  - name: new
    protocolVersions: ['2026-07-28']
    inputSchema: {type: object, properties: {q: {type: string}}}
    examples: {one: {$componentRef: '#/components/toolExamples/ex'}}
  - name: old
    protocolVersions: ['2025-11-25']
    inputSchema: {type: object, properties: {q: {type: string}}}
    examples:
      one: {$componentRef: '#/components/toolExamples/ex'}
      two: {$componentRef: '#/components/toolExamples/ex'}
`;

test('red team: one toolExamples component, valid at a 2026-07-28 use site, invalid at two 2025-11-25 ones', () => {
  const diagnostics = validate(sharedExample).diagnostics;
  assert.deepEqual(
    diagnostics.map((d) => `${d.severity[0]} ${d.code} ${d.pointer}`),
    [
      'e result-type-revision /components/toolExamples/ex/result/resultType',
      'e result-type-revision /components/toolExamples/ex/result/resultType',
    ],
  );
  // one report per use site, each naming it once, in single parentheses
  assert.deepEqual(
    diagnostics.map((d) => d.message.match(/\(example used at [^()]+\)/g)),
    [['(example used at /tools/1/examples/one)'], ['(example used at /tools/1/examples/two)']],
  );
  for (const d of diagnostics) assert.ok(!d.message.includes('(('), d.message);
});

test('red team: an inline example reports no use-site note', () => {
  const text = `${head(['2025-11-25'])}tools:
  - name: t
    inputSchema: {type: object}
    examples: {a: {input: {}, result: {resultType: complete, content: [{type: text, text: x}]}}}
`;
  const diagnostics = validate(text).diagnostics;
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ['result-type-revision'],
  );
  assert.ok(!diagnostics[0]!.message.includes('used at'), diagnostics[0]!.message);
});

test('red team: the same tool split into disjoint variants with revision-specific examples is valid', () => {
  const text = `${head(['2025-11-25', '2026-07-28'])}tools:
  - name: t
    protocolVersions: ['2025-11-25']
    inputSchema: {type: object}
    examples: {a: {input: {}, result: {content: [{type: text, text: ok}]}}}
  - name: t
    protocolVersions: ['2026-07-28']
    inputSchema: {type: object}
    examples: {a: {input: {}, result: {resultType: complete, content: [{type: text, text: ok}]}}}
`;
  assert.deepEqual(summary(text), []);
});

test('red team: overlapping transport scopes with per-transport security are valid (6.5)', () => {
  const text = `${head(['2025-06-18', '2025-11-25', '2026-07-28'])}securitySchemes:
  bearer: {type: http, scheme: bearer}
transports:
  - {type: streamable-http, url: 'https://a.example.com/mcp', protocolVersions: ['2025-06-18', '2025-11-25'], security: [{bearer: []}]}
  - {type: streamable-http, url: 'https://b.example.com/mcp', protocolVersions: ['2025-11-25', '2026-07-28']}
  - {type: stdio, command: srv, security: []}
`;
  assert.deepEqual(summary(text), []);
});

test('red team: $componentRef and $ref as property names inside an embedded schema are not references', () => {
  const doc = {
    mcpdesc: '0.8.0',
    info: { name: 's', version: '1.0.0' },
    protocolVersions: ['2026-07-28'],
    tools: [
      {
        name: 't',
        inputSchema: {
          type: 'object',
          properties: { $componentRef: { type: 'string' }, $ref: { type: 'string' } },
          $defs: { x: { $componentRef: '#/components/schemas/Nope' } },
        },
        examples: {
          a: {
            input: { $componentRef: '#/components/schemas/Nope', $ref: 'http://x' },
            result: { resultType: 'complete', content: [{ type: 'text', text: 'ok' }] },
          },
        },
      },
    ],
  };
  assert.deepEqual(validate(doc).diagnostics, []);
});

test('red team: YAML comments, block scalars, quoted numeric-looking keys, on/yes keys and unquoted timestamps', () => {
  const text = `# comment
${head(['2026-07-28'])}tools:
  - name: status
    description: >-
      folded
      text
    inputSchema:
      type: object
      properties:
        "200": {type: string}
        "true": {type: boolean}
        on: {type: string}
        code: {type: integer, enum: [200, 404]}
      required: ["200"]
    examples:
      x-example:
        input: {"200": ok, on: yes, code: 404}
        result: {resultType: complete, content: [{type: text, text: ""}]}
resources:
  - name: r
    uri: file:///a.txt
    annotations: {lastModified: 2026-08-24T10:00:00Z, priority: -0}
`;
  assert.deepEqual(summary(text), []);
});

test('red team: __proto__ and constructor as names and instance keys are ordinary data', () => {
  const text = `{"mcpdesc": "0.8.0", "info": {"name": "s", "version": "1.0.0"}, "protocolVersions": ["2026-07-28"],
    "components": {"schemas": {"constructor": {"type": "object", "properties": {"__proto__": {"type": "string"}}, "required": ["__proto__"]}}},
    "tools": [{"name": "t", "inputSchema": {"$componentRef": "#/components/schemas/constructor"},
      "examples": {"__proto__": {"input": {"__proto__": 7}, "result": {"resultType": "complete", "content": [{"type": "text", "text": "ok"}]}},
                   "toString": {"$componentRef": "#/components/toolExamples/toString"}}}]}`;
  assert.deepEqual(summary(text), [
    'e schema-mismatch /tools/0/examples/__proto__/input/__proto__',
    'e missing-target /tools/0/examples/toString/$componentRef',
  ]);
});
