import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';

const json = (text: string, limits = {}) => parseDescription(text, { format: 'json', limits });
const codes = (text: string) =>
  json(text).diagnostics.map((d) => `${d.rule}/${d.code} ${d.pointer} ${d.range?.start.line}:${d.range?.start.column}`);

test('valid JSON decodes with no diagnostics', () => {
  const result = json('{"a": [1, -2.5e3, "x", true, false, null], "b": {}}');
  assert.deepEqual(result.diagnostics, []);
  assert.deepEqual(result.document, { a: [1, -2500, 'x', true, false, null], b: {} });
  assert.equal(result.format, 'json');
});

test('syntax errors name what was found, with a position', () => {
  assert.deepEqual(codes('{"a": [1, 2,]}'), ['json.syntax/syntax /a/2 1:13']);
  assert.deepEqual(codes('{"a": 1,}'), ['json.syntax/syntax /a 1:9']);
  assert.deepEqual(codes('{\n  // c\n  "a": 1}'), ['json.syntax/syntax  2:3']);
  assert.deepEqual(codes('{"a" 1}'), ['json.syntax/syntax /a 1:6']);
  assert.deepEqual(codes('[1] [2]'), ['json.syntax/syntax  1:5']);
  assert.deepEqual(codes("{'a': 1}"), ['json.syntax/syntax  1:2']);
  assert.deepEqual(codes('"a\tb"'), ['json.syntax/syntax  1:3']);
  assert.deepEqual(codes('{"a": nul}'), ['json.syntax/syntax /a 1:7']);
  const message = json('{"a": [1, 2,]}').diagnostics[0]!.message;
  assert.match(message, /trailing comma/);
  assert.match(json('{/* x */}').diagnostics[0]!.message, /comment/);
  assert.equal(json('{"a": [1, 2,]}').document, undefined);
});

test('duplicate keys are rejected at the second key', () => {
  const result = json('{"a": 1,\n "b": {"c": 1, "c": 2}}');
  assert.deepEqual(
    result.diagnostics.map((d) => [d.rule, d.code, d.pointer]),
    [['json.duplicate-key', 'duplicate-key', '/b/c']],
  );
  assert.deepEqual(result.diagnostics[0]!.range, { start: { line: 2, column: 16 }, end: { line: 2, column: 19 } });
  assert.equal(result.document, undefined);
  assert.deepEqual(json('{"a": 1, "b": {"a": 2}}').diagnostics, []);
});

test('non-finite numbers and lone surrogates are rejected', () => {
  assert.deepEqual(codes('{"n": 1e400}'), ['json.number/non-finite /n 1:7']);
  assert.deepEqual(codes('[-1e309]'), ['json.number/non-finite /0 1:2']);
  assert.deepEqual(json('{"n": 1.7976931348623157e308}').diagnostics, []);
  assert.deepEqual(codes('{"s": "\\ud800"}'), ['json.string/lone-surrogate /s 1:7']);
  assert.deepEqual(json('{"s": "\\ud83d\\ude00"}').document, { s: '😀' });
});

test('__proto__ and constructor are ordinary keys', () => {
  const result = json('{"__proto__": {"polluted": true}, "constructor": {"prototype": 1}}');
  const document = result.document as Record<string, unknown>;
  assert.deepEqual(Object.keys(document), ['__proto__', 'constructor']);
  assert.equal(Object.getPrototypeOf(document), Object.prototype);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  // The precise scanner (taken when there is a diagnostic) keeps them too.
  const slow = json('{"__proto__": {"x": 1}, "d": 1, "d": 2}');
  assert.equal(slow.diagnostics.length, 1);
});

test('source map: keys and values, 1-based lines and columns', () => {
  const text = '{\n  "tools": [\n    {"name": "a b", "n": 12}\n  ]\n}\n';
  const { sourceMap } = json(text);
  assert.deepEqual(sourceMap.rangeOf('/tools/0/name'), {
    start: { line: 3, column: 14 },
    end: { line: 3, column: 19 },
  });
  assert.deepEqual(sourceMap.rangeOf('/tools/0/name', 'key'), {
    start: { line: 3, column: 6 },
    end: { line: 3, column: 12 },
  });
  assert.deepEqual(sourceMap.rangeOf('/tools/0/n'), { start: { line: 3, column: 26 }, end: { line: 3, column: 28 } });
  assert.deepEqual(sourceMap.rangeOf('/tools/0')?.start, { line: 3, column: 5 });
  assert.deepEqual(sourceMap.rangeOf('/tools'), { start: { line: 2, column: 12 }, end: { line: 4, column: 4 } });
  assert.deepEqual(sourceMap.rangeOf(''), { start: { line: 1, column: 1 }, end: { line: 5, column: 2 } });
  assert.equal(sourceMap.rangeOf('/tools/0', 'key'), undefined);
  assert.equal(sourceMap.rangeOf('/missing'), undefined);
  const escaped = json('{"a/b": {"m~n": 1}}').sourceMap;
  assert.deepEqual(escaped.rangeOf('/a~1b/m~0n')?.start, { line: 1, column: 17 });
});
