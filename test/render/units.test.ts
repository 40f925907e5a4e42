import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  renderInline,
  renderMarkdownSafe,
  sanitizeMarkdown,
  isSafeUrl,
} from 'mcpdesc-core/internal/render/markdown-safe.js';
import { schemaRows } from 'mcpdesc-core/internal/render/schema-table.js';
import { describeRequirement, effectiveHints, effectiveSecurity } from 'mcpdesc-core/internal/render/effective.js';
import { connectionSnippets, shellQuote } from 'mcpdesc-core/internal/render/snippets.js';

test('safe Markdown: the supported subset', () => {
  assert.equal(
    renderMarkdownSafe('One *two* **three** `four` _five_ snake_case_name'),
    '<p>One <em>two</em> <strong>three</strong> <code>four</code> <em>five</em> snake_case_name</p>',
  );
  assert.equal(renderMarkdownSafe('- a\n- b\n\n1. c'), '<ul><li>a</li><li>b</li></ul>\n<ol><li>c</li></ol>');
  assert.equal(
    renderMarkdownSafe('```js\nif (a < b) {}\n```'),
    '<pre><code class="language-js">if (a &lt; b) {}</code></pre>',
  );
  assert.equal(renderMarkdownSafe('# Title'), '<p><strong>Title</strong></p>');
  assert.equal(
    renderInline('[docs](https://example.com/a_b?x=1&y=2)'),
    '<a href="https://example.com/a_b?x=1&amp;y=2" rel="noopener noreferrer">docs</a>',
  );
  assert.equal(
    renderInline('<mailto:a@example.com>'),
    '<a href="mailto:a@example.com" rel="noopener noreferrer">mailto:a@example.com</a>',
  );
  assert.equal(renderInline('`<b>*x*</b>`'), '<code>&lt;b&gt;*x*&lt;/b&gt;</code>');
});

test('safe Markdown: raw HTML is escaped and unsafe links are text', () => {
  assert.equal(renderInline('<script>alert(1)</script>'), '&lt;script&gt;alert(1)&lt;/script&gt;');
  assert.equal(renderInline('[x](javascript:alert(1))'), '[x](javascript:alert(1))');
  assert.equal(renderInline('[x](javascript:alert)'), 'x');
  assert.equal(renderInline('[x](data:text/html,hi)'), 'x');
  assert.equal(renderInline('[x](/relative)'), 'x');
  assert.equal(
    renderInline('[x](https://e.com/"onmouseover="a)'),
    '<a href="https://e.com/&quot;onmouseover=&quot;a" rel="noopener noreferrer">x</a>',
  );
  assert.equal(renderInline('<javascript:alert(1)>'), '&lt;javascript:alert(1)&gt;');
  for (const url of [
    'javascript:x',
    'JAVASCRIPT:x',
    ' https://x',
    'https://',
    'java\nscript:x',
    'vbscript:x',
    '//evil.example',
  ])
    assert.equal(isSafeUrl(url), false, url);
  for (const url of ['https://example.com', 'http://a.b/c', 'mailto:a@b.c']) assert.equal(isSafeUrl(url), true, url);
});

test('Markdown sanitizing for --markdown output', () => {
  assert.equal(sanitizeMarkdown('a <b>c</b> & `<kept>`'), 'a \\<b>c\\</b> & `<kept>`');
  assert.equal(sanitizeMarkdown('[x](javascript:alert(1))'), '\\[x\\](javascript:alert(1))');
  assert.equal(sanitizeMarkdown('[x](https://ok.example)'), '[x](https://ok.example)');
  assert.equal(sanitizeMarkdown('[r]: javascript:alert(1)'), '\\[r\\]: javascript:alert(1)');
  assert.equal(sanitizeMarkdown('<https://ok.example>'), '<https://ok.example>');
  assert.equal(sanitizeMarkdown('```\n<raw>\n```'), '```\n<raw>\n```');
  assert.equal(sanitizeMarkdown('```\nunterminated'), '```\nunterminated\n```');
  assert.equal(sanitizeMarkdown('````\n```\n<raw>'), '````\n```\n<raw>\n````');
});

test('schema rows: nesting, required, unions, enums, constraints, local $ref with a cycle guard', () => {
  const schema = {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    $defs: {
      node: { type: 'object', properties: { value: { type: ['string', 'null'] }, next: { $ref: '#/$defs/node' } } },
    },
    properties: {
      id: { type: 'string', format: 'uuid', pattern: '^[a-f0-9-]+$' },
      list: { type: 'array', items: { $ref: '#/$defs/node' }, minItems: 1 },
      choice: { oneOf: [{ type: 'string' }, { type: 'integer' }], default: 3 },
      mode: { enum: ['a', 'b'] },
      remote: { $ref: 'https://example.com/s.json' },
    },
  };
  const { rows, notes } = schemaRows(schema);
  const byPath = new Map(rows.map((r) => [r.path, r]));
  assert.deepEqual(
    rows.map((r) => `${r.depth} ${r.path}`),
    ['0 id', '0 list', '1 list[].value', '1 list[].next', '0 choice', '0 mode', '0 remote'],
  );
  assert.equal(byPath.get('id')!.required, true);
  assert.deepEqual(byPath.get('id')!.details, ['format: uuid', 'pattern: ^[a-f0-9-]+$']);
  assert.equal(byPath.get('list')!.type, 'array<object>');
  assert.deepEqual(byPath.get('list')!.details, ['minItems: 1']);
  assert.equal(byPath.get('list[].value')!.type, 'string | null');
  assert.ok(byPath.get('list[].next')!.details.includes('recursive (not expanded)'));
  assert.equal(byPath.get('choice')!.type, 'string | integer');
  assert.deepEqual(byPath.get('choice')!.details, ['default: 3', 'oneOf: string, integer']);
  assert.equal(byPath.get('mode')!.type, 'string');
  assert.deepEqual(byPath.get('mode')!.details, ['enum: "a", "b"']);
  assert.equal(byPath.get('remote')!.type, '$ref https://example.com/s.json');
  assert.deepEqual(notes, ['No additional properties.']);
  // A self-referencing root terminates.
  assert.deepEqual(schemaRows({ $ref: '#' }).rows, []);
  assert.equal(schemaRows({ type: 'object', properties: { self: { $ref: '#' } } }).rows.length, 1);
});

test('effective annotations: stated values and 9.6 defaults; no destructive or idempotent default on a read-only tool', () => {
  const hints = effectiveHints({ annotations: { readOnlyHint: true, openWorldHint: false } });
  assert.deepEqual(
    hints.map((h) => [h.key, h.value, h.inherited]),
    [
      ['readOnlyHint', true, false],
      ['openWorldHint', false, false],
    ],
  );
  // Stated values stay, even where the guide gives them no meaning: they are the document's words.
  assert.deepEqual(
    effectiveHints({ annotations: { readOnlyHint: true, destructiveHint: false } }).map((h) => [h.key, h.inherited]),
    [
      ['readOnlyHint', false],
      ['destructiveHint', false],
      ['openWorldHint', true],
    ],
  );
  // Not read-only (stated false, or the default): every default shows.
  assert.deepEqual(
    effectiveHints({ annotations: { readOnlyHint: false } }).map((h) => [h.key, h.value, h.inherited]),
    [
      ['readOnlyHint', false, false],
      ['destructiveHint', true, true],
      ['idempotentHint', false, true],
      ['openWorldHint', true, true],
    ],
  );
  assert.deepEqual(
    effectiveHints({}).map((h) => h.value),
    [false, true, false, true],
  );
});

test('effective security: primitive, per transport, root, none (7.5)', () => {
  const root = {
    protocolVersions: ['2025-11-25'],
    security: [{ oauth: ['a'] }],
    transports: [
      { type: 'stdio', command: 'x', security: [] },
      { type: 'streamable-http', url: 'https://e.example/mcp' },
    ],
  };
  assert.deepEqual(effectiveSecurity(root, { security: [{}] }, ['2025-11-25']), {
    source: 'primitive',
    requirement: [[]],
  });
  const perTransport = effectiveSecurity(root, {}, ['2025-11-25']);
  assert.equal(perTransport.source, 'transport');
  assert.deepEqual(perTransport.source === 'transport' && perTransport.transports.map((t) => [t.label, t.from]), [
    ['stdio x', 'transport'],
    ['streamable-http https://e.example/mcp', 'root'],
  ]);
  assert.deepEqual(effectiveSecurity({ security: [{ k: [] }] }, {}, []), {
    source: 'root',
    requirement: [[{ scheme: 'k', scopes: [] }]],
  });
  assert.deepEqual(effectiveSecurity({}, {}, []), { source: 'none' });
  assert.equal(describeRequirement([]), 'No authentication (explicitly cleared: security: [])');
  assert.equal(
    describeRequirement([
      [],
      [
        { scheme: 'oauth', scopes: ['r', 'w'] },
        { scheme: 'key', scopes: [] },
      ],
    ]),
    'anonymous access OR oauth (scopes: r, w) AND key',
  );
});

test('connection snippets quote for the shell', () => {
  assert.equal(shellQuote("it's"), `'it'\\''s'`);
  const [shell] = connectionSnippets(
    { type: 'stdio', command: 'srv', args: ['--name', 'a b'], env: { K: 'v w' } },
    'n',
  );
  assert.equal(shell!.text, "K='v w' srv --name 'a b'");
});

test('hostile sizes stay linear enough: unclosed emphasis, brackets and deep schemas', () => {
  const started = Date.now();
  for (const unit of ['**a ', '[a ', '`a ', '*a ', '_a ']) renderMarkdownSafe(unit.repeat(20000));
  let deep: unknown = { type: 'string' };
  for (let i = 0; i < 5000; i++) deep = { type: 'array', items: { anyOf: [deep] } };
  schemaRows({ type: 'object', properties: { deep } });
  assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
});
