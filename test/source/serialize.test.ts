import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseDescription, serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { sharedRoot } from '../helpers/paths.js';

function* descriptionFiles(folder: string): Generator<string> {
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* descriptionFiles(path);
    else if (/\.(json|ya?ml)$/.test(name)) yield path;
  }
}

const roundTrip = (document: unknown, format: 'json' | 'yaml', sortKeys = false) => {
  const result = parseDescription(serializeDescription(document, { format, sortKeys }), { format });
  assert.deepEqual(result.diagnostics, []);
  return result.document;
};

test('every parseable corpus document survives JSON and YAML round trips unchanged', () => {
  let count = 0;
  for (const file of descriptionFiles(join(sharedRoot, 'conformance'))) {
    if (file.includes('expected-invalid') && file.includes('serialization-fixtures')) continue;
    const parsed = parseDescription(readFileSync(file), { filename: file });
    assert.deepEqual(parsed.diagnostics, [], file);
    for (const format of ['json', 'yaml'] as const) {
      for (const sortKeys of [false, true])
        assert.deepEqual(roundTrip(parsed.document, format, sortKeys), parsed.document, `${file} ${format}`);
    }
    // JSON -> YAML -> JSON
    assert.deepEqual(roundTrip(roundTrip(parsed.document, 'yaml'), 'json'), parsed.document, file);
    count++;
  }
  assert.ok(count > 100);
});

test('equivalent/document.json decodes the same from its YAML rendering, both ways', () => {
  const file = join(sharedRoot, 'conformance/mcpdesc-0.8.0/serialization-fixtures/equivalent/document.json');
  const fromJson = parseDescription(readFileSync(file), { filename: file });
  const yamlText = serializeDescription(fromJson.document, { format: 'yaml' });
  assert.match(yamlText, /^mcpdesc: "0\.8\.0"$/m);
  assert.match(yamlText, /- "2026-08-25"$/m);
  const fromYaml = parseDescription(yamlText, { format: 'yaml' });
  assert.deepEqual(fromYaml.document, fromJson.document);
  assert.equal(
    serializeDescription(fromYaml.document, { format: 'json' }),
    serializeDescription(fromJson.document, { format: 'json' }),
  );
});

test('strings that would resolve to another type, or need it, are quoted', () => {
  const strings = [
    '',
    '2026-07-28',
    '1.0',
    'yes',
    'no',
    'on',
    'null',
    'Null',
    '~',
    '0x1F',
    'true',
    '12',
    '.inf',
    '<<',
    '- a',
    'a: b',
    'a #b',
    ' lead',
    'trail ',
    '@x',
    '`x',
    '*x',
    '&x',
    '!x',
    '%x',
    '{x',
    '[x',
    '"',
    "'",
    '\t',
    'line\r\nbreak',
    '\u2028',
    '\u0085',
    'é😀',
    '#c',
    '?',
    ':',
  ];
  const document = Object.fromEntries(strings.map((s, i) => [`k${i}`, s]));
  const keys = Object.fromEntries(strings.map((s, i) => [s, i]));
  for (const value of [document, keys, strings]) {
    const text = serializeDescription(value, { format: 'yaml' });
    assert.deepEqual(parseDescription(text, { format: 'yaml' }).document, value, text);
  }
  assert.equal(
    serializeDescription({ d: '2026-07-28', v: '1.0', e: '' }, { format: 'yaml' }),
    'd: "2026-07-28"\nv: "1.0"\ne: ""\n',
  );
});

test('multi-line strings keep every character; no anchors for repeated objects', () => {
  const shared = { a: 1 };
  const document = {
    texts: [
      'a\nb',
      'a\nb\n',
      'a\nb\n\n',
      ' indented\nfirst',
      'blank\n  \nline',
      'x'.repeat(500) + ' ' + 'y'.repeat(500),
      'tab\tinside\nz',
    ],
    one: shared,
    two: shared,
    empty: { o: {}, a: [] },
    nested: [[1, [2]], [{ x: [] }]],
  };
  const text = serializeDescription(document, { format: 'yaml' });
  assert.doesNotMatch(text, /[&*]\w/);
  assert.deepEqual(parseDescription(text, { format: 'yaml' }).document, JSON.parse(JSON.stringify(document)));
  assert.ok(text.endsWith('\n') && !text.endsWith('\n\n'));
});

test('JSON output: 2-space indent and a final newline; key order kept or canonical', () => {
  const document = {
    b: 1,
    info: {},
    zeta: { y: 1, x: 2 },
    tools: [{ name: 'n', description: 'd' }],
    'x-ext': true,
    mcpdesc: '0.8.0',
    $schema: 's',
    protocolVersions: [],
  };
  assert.equal(serializeDescription({ a: [1] }, { format: 'json' }), '{\n  "a": [\n    1\n  ]\n}\n');
  assert.deepEqual(Object.keys(JSON.parse(serializeDescription(document, { format: 'json' }))), Object.keys(document));
  const sorted = JSON.parse(serializeDescription(document, { format: 'json', sortKeys: true }));
  assert.deepEqual(Object.keys(sorted), [
    '$schema',
    'mcpdesc',
    'info',
    'protocolVersions',
    'tools',
    'b',
    'x-ext',
    'zeta',
  ]);
  assert.deepEqual(Object.keys(sorted.zeta), ['x', 'y']);
  assert.deepEqual(Object.keys(sorted.tools[0]), ['description', 'name']);
});

test('__proto__ survives a round trip in both formats', () => {
  const document = parseDescription('{"__proto__": {"x": 1}, "a": {"__proto__": []}}').document;
  for (const format of ['json', 'yaml'] as const) {
    for (const sortKeys of [false, true]) {
      const back = roundTrip(document, format, sortKeys) as Record<string, unknown>;
      assert.deepEqual(Object.keys(back), ['__proto__', 'a']);
      assert.deepEqual(back['__proto__'], { x: 1 });
      assert.equal(Object.getPrototypeOf(back), Object.prototype);
    }
  }
});

test('YAML: collections nested in sequence items start on the item line, at every depth', () => {
  const value = { a: [[['x', { b: 1, c: [] }], [{ d: [{ e: 'multi\nline' }] }]], {}, [], 'z'] };
  assert.equal(
    serializeDescription(value, { format: 'yaml' }),
    [
      'a:',
      '  - - - x',
      '      - b: 1',
      '        c: []',
      '    - - d:',
      '          - e: |-',
      '              multi',
      '              line',
      '  - {}',
      '  - []',
      '  - z',
      '',
    ].join('\n'),
  );
  assert.deepEqual(roundTrip(value, 'yaml'), value);
});
