import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { sharedRoot } from '../helpers/paths.js';

const yaml = (text: string) => parseDescription(text, { format: 'yaml' });
const found = (text: string) =>
  yaml(text).diagnostics.map((d) => `${d.rule}/${d.code} ${d.pointer} ${d.range?.start.line}`);

test('each restricted-profile rule: a failing and a passing input', () => {
  const cases: [string, string[], string, unknown][] = [
    // [failing input, expected diagnostics, passing variant, its decoded value]
    ['a: 1\na: 2\n', ['yaml.duplicate-key/duplicate-key /a 2'], 'a: 1\nb: 2\n', { a: 1, b: 2 }],
    ['a: 1\n"a": 2\n', ['yaml.duplicate-key/duplicate-key /a 2'], 'a: 1\n"b": 2\n', { a: 1, b: 2 }],
    ['1: x\n', ['yaml.key/non-string-key  1'], '"1": x\n', { 1: 'x' }],
    ['true: x\n', ['yaml.key/non-string-key  1'], '"true": x\n', { true: 'x' }],
    ['null: x\n', ['yaml.key/non-string-key  1'], '!!str null: x\n', { null: 'x' }],
    ['? [a]\n: x\n', ['yaml.key/non-string-key  1'], '? a\n: x\n', { a: 'x' }],
    ['a: &x 1\n', ['yaml.anchor/anchor /a 1'], 'a: 1\n', { a: 1 }],
    ['a: 1\nb: *x\n', ['yaml.anchor/alias /b 2'], 'a: 1\nb: 1\n', { a: 1, b: 1 }],
    ['a: &x 1\nb: *x\n', ['yaml.anchor/anchor /a 1', 'yaml.anchor/alias /b 2'], 'a: 1\nb: 1\n', { a: 1, b: 1 }],
    ['a: !foo x\n', ['yaml.tag/tag /a 1'], 'a: !!str x\n', { a: 'x' }],
    ['a: !!python/object x\n', ['yaml.tag/tag /a 1'], 'a: ! x\n', { a: 'x' }],
    ['a: !!binary aGk=\n', ['yaml.tag/tag /a 1'], 'a: aGk=\n', { a: 'aGk=' }],
    ['a: !!int x\n', ['yaml.tag/tag-mismatch /a 1'], 'a: !!int "12"\n', { a: 12 }],
    ['a: !!map [1]\n', ['yaml.tag/tag /a 1'], 'a: !!seq [1]\n', { a: [1] }],
    // 15.3.6: `<<` is never a merge; a plain `<<` is the ordinary key "<<" (the JSON schema has no merge type).
    ['<<: *base\n', ['yaml.anchor/alias /<< 1'], '<<: {a: 1}\n', { '<<': { a: 1 } }],
    ['a: {<<: [*b]}\n', ['yaml.anchor/alias /a/<</0 1'], 'a: {"<<": [1], <<x: 2}\n', { a: { '<<': [1], '<<x': 2 } }],
    ['a: .inf\n', ['yaml.scalar/non-finite-number /a 1'], 'a: ".inf"\n', { a: '.inf' }],
    ['a: -.Inf\n', ['yaml.scalar/non-finite-number /a 1'], 'a: -1e3\n', { a: -1000 }],
    ['a: .NaN\n', ['yaml.scalar/non-finite-number /a 1'], 'a: 0.5\n', { a: 0.5 }],
    ['a: 1e400\n', ['yaml.scalar/non-finite-number /a 1'], 'a: 1e300\n', { a: 1e300 }],
    ['a: !!float .nan\n', ['yaml.scalar/non-finite-number /a 1'], 'a: !!float 1\n', { a: 1 }],
    ['a: 1\n---\nb: 2\n', ['yaml.document/multiple-documents  2'], '---\na: 1\n', { a: 1 }],
    ['# nothing\n', ['yaml.document/no-document  1'], 'null\n', null],
    ['%TAG !e! tag:example.com,2000:\n---\na: 1\n', ['yaml.tag/tag  1'], '%YAML 1.2\n---\na: 1\n', { a: 1 }],
    ['a: [1, 2\n', ['yaml.syntax/syntax  2'], 'a: [1, 2]\n', { a: [1, 2] }],
    ['a:\n', ['yaml.scalar/ambiguous-scalar /a 1'], 'a: null\n', { a: null }],
  ];
  for (const [bad, expected, good, value] of cases) {
    assert.deepEqual(found(bad), expected, bad);
    const result = yaml(good);
    assert.deepEqual(result.diagnostics, [], good);
    assert.deepEqual(result.document, value, good);
  }
});

test('plain scalar decisions (docs/yaml-profile.md)', () => {
  const accepted: [string, unknown][] = [
    ['null', null],
    ['true', true],
    ['false', false],
    ['0', 0],
    ['-12', -12],
    ['1e3', 1000],
    ['1.5', 1.5],
    ['1.', 1],
    ['-0.5e-2', -0.005],
    ['yes', 'yes'],
    ['no', 'no'],
    ['on', 'on'],
    ['off', 'off'],
    ['y', 'y'],
    ['2026-07-28', '2026-07-28'],
    ['2026-07-28T12:00:00Z', '2026-07-28T12:00:00Z'],
    ['0.8.0', '0.8.0'],
    ['1_000', '1_000'],
    ['=', '='],
    ['hello world', 'hello world'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
  ];
  for (const [plain, value] of accepted) {
    const result = yaml(`v: ${plain}\n`);
    assert.deepEqual(result.diagnostics, [], plain);
    assert.deepEqual(result.document, { v: value }, plain);
  }
  const rejected: [string, string][] = [
    ['~', 'ambiguous-scalar'],
    ['Null', 'ambiguous-scalar'],
    ['NULL', 'ambiguous-scalar'],
    ['True', 'ambiguous-scalar'],
    ['FALSE', 'ambiguous-scalar'],
    ['0x1F', 'ambiguous-scalar'],
    ['0o17', 'ambiguous-scalar'],
    ['+1', 'ambiguous-scalar'],
    ['012', 'ambiguous-scalar'],
    ['.5', 'ambiguous-scalar'],
    ['.inf', 'non-finite-number'],
    ['-.inf', 'non-finite-number'],
    ['+.INF', 'non-finite-number'],
    ['.nan', 'non-finite-number'],
  ];
  for (const [plain, code] of rejected) {
    assert.deepEqual(
      yaml(`v: ${plain}\n`).diagnostics.map((d) => d.code),
      [code],
      plain,
    );
    assert.deepEqual(yaml(`v: "${plain}"\n`).document, { v: plain }, plain);
  }
});

test('a billion-laughs file fails fast on its first anchor, without expansion', () => {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 10; i++) {
    const prev = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    lines.push(
      `${name}: &${name} [${Array(9)
        .fill('*' + prev)
        .join(',')}]`,
    );
  }
  const started = performance.now();
  const result = yaml(lines.join('\n') + '\n');
  assert.ok(performance.now() - started < 1000);
  assert.equal(result.document, undefined);
  assert.ok(result.diagnostics.some((d) => d.rule === 'yaml.anchor' && d.code === 'alias'));
});

test('__proto__ is an ordinary key in YAML too', () => {
  const result = yaml('__proto__:\n  polluted: true\nconstructor: 1\n');
  const document = result.document as Record<string, unknown>;
  assert.deepEqual(Object.keys(document), ['__proto__', 'constructor']);
  assert.deepEqual(document['__proto__'], { polluted: true });
  assert.equal(Object.getPrototypeOf(document), Object.prototype);
});

test('source map: keys and values in block, flow and quoted YAML', () => {
  const text = 'info:\n  name: "demo"\ntools:\n  - name: a\n    tags: [x, \'y\']\n  - {name: b}\n';
  const { sourceMap, diagnostics } = yaml(text);
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(sourceMap.rangeOf('/info/name'), { start: { line: 2, column: 9 }, end: { line: 2, column: 15 } });
  assert.deepEqual(sourceMap.rangeOf('/info/name', 'key'), {
    start: { line: 2, column: 3 },
    end: { line: 2, column: 7 },
  });
  assert.deepEqual(sourceMap.rangeOf('/tools/0/name'), {
    start: { line: 4, column: 11 },
    end: { line: 4, column: 12 },
  });
  assert.deepEqual(sourceMap.rangeOf('/tools/0/tags/1'), {
    start: { line: 5, column: 15 },
    end: { line: 5, column: 18 },
  });
  assert.deepEqual(sourceMap.rangeOf('/tools/1/name'), {
    start: { line: 6, column: 12 },
    end: { line: 6, column: 13 },
  });
  assert.deepEqual(sourceMap.rangeOf('/tools', 'key')?.start, { line: 3, column: 1 });
  assert.deepEqual(sourceMap.rangeOf('/tools/1')?.start, { line: 6, column: 5 });
  assert.equal(sourceMap.rangeOf('/nope'), undefined);
});

test('serialization fixtures: every expected-invalid file is rejected at the right line', () => {
  const folder = join(sharedRoot, 'conformance/mcpdesc-0.8.0/serialization-fixtures/expected-invalid');
  const lineOf: Record<string, number> = {
    'custom-tag.yaml': 1,
    'duplicate-key.yaml': 2,
    'merge-alias.yaml': 4,
    'multiple-documents.yaml': 3,
    'positive-infinity.yaml': 1,
    'tagged-non-finite-number.yaml': 1,
  };
  const files = readdirSync(folder).sort();
  assert.deepEqual(files, Object.keys(lineOf).sort());
  for (const file of files) {
    const result = parseDescription(readFileSync(join(folder, file)), { filename: file });
    assert.equal(result.document, undefined, file);
    assert.ok(result.diagnostics.length > 0 && result.diagnostics.every((d) => d.rule.startsWith('yaml.')), file);
    assert.ok(
      result.diagnostics.some((d) => d.range?.start.line === lineOf[file]),
      `${file}: ${JSON.stringify(result.diagnostics)}`,
    );
  }
});

test("gaps of js-yaml's parser that our layer closes (docs/yaml-profile.md)", () => {
  // A tab separating tokens in a flow collection inside a block collection is YAML 1.2.2 whitespace.
  const tabs: [string, unknown][] = [
    ['- [a,\tb]\n', [['a', 'b']]],
    ['k:\n  - {a: b,\tc:\td}\n', { k: [{ a: 'b', c: 'd' }] }],
    ['- [a\tb,\tc]\n', [['a\tb', 'c']]],
    ['- ["a",\t"b" ,\t[x,\ty]]\n', [['a', 'b', ['x', 'y']]]],
  ];
  for (const [text, value] of tabs) {
    const result = yaml(text);
    assert.deepEqual(result.diagnostics, [], JSON.stringify(text));
    assert.deepEqual(result.document, value, JSON.stringify(text));
  }
  // Each such run costs a parse more, within a bound of a few parses' worth of text.
  const many = Array.from({ length: 50 }, (_, i) => `- [a${i},\tb]\n`).join('');
  assert.deepEqual(
    yaml(many).document,
    Array.from({ length: 50 }, (_, i) => [`a${i}`, 'b']),
  );
  const huge = `k: ${'x'.repeat(1 << 20)}\nl:\n` + '  - [a,\tb]\n'.repeat(20);
  assert.deepEqual(found(huge), ['yaml.syntax/syntax  7'], 'past the bound: reported, not parsed again');
  // Positions are those of the original text.
  assert.deepEqual(yaml('k:\n  - [a,\tb]\n').sourceMap.rangeOf('/k/0/1')?.start, { line: 2, column: 9 });
  // A tab as indentation stays an error.
  assert.deepEqual(found('k: [a,\n\tb]\n'), ['yaml.syntax/syntax  2']);

  // An implicit key's ":" is at most 1024 characters (code points) after the key's start.
  const key = (length: number, unit = 'k') => unit.repeat(length);
  for (const text of [`${key(1025)}: v\n`, `- [${key(1025)}: v]\n`, `"${key(1023)}": v\n`]) {
    assert.deepEqual(
      found(text).map((line) => line.split(' ')[0]),
      ['yaml.syntax/syntax'],
      text.slice(0, 20),
    );
  }
  for (const text of [`${key(1024)}: v\n`, `{${key(2000)}: v}\n`, `? ${key(2000)}\n: v\n`, `${key(700, '😀')}: v\n`]) {
    assert.deepEqual(found(text), [], text.slice(0, 20));
  }
});
