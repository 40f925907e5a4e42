import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPlainSafeString, plainScalarValue, resolvePlain } from 'mcpdesc-core/internal/source/yaml-scalars.js';

/** Plain scalars at the edges of the profile's resolution (15.3.3): every form of the JSON and core schemas and near misses. */
function edgeScalars(): string[] {
  const words = ['null', 'Null', 'NULL', 'nULL', '~', 'true', 'True', 'TRUE', 'tRUE', 'false', 'False', 'FALSE'];
  const numbers = ['0', '-0', '+0', '00', '012', '1', '-1', '+1', '1.', '1.5', '-1.5e3', '1e3', '1E+3', '.5', '-.5'];
  const special = ['.inf', '-.inf', '+.inf', '.Inf', '.INF', '.nan', '.NaN', '.NAN', '0x1F', '0xg', '0o17', '0o8'];
  const strings = [
    '',
    'a',
    'yes',
    'No',
    'on',
    'OFF',
    'y',
    'n',
    'x y',
    'N/A',
    'T',
    'F',
    '-',
    '+',
    '.',
    '-a',
    '1a',
    '1e',
    '1e999',
  ];
  const all = [...words, ...numbers, ...special, ...strings];
  // Every one-character change of each, so the fast path's first-character test is crossed both ways.
  const alphabet = ['0', '1', '9', '-', '+', '.', '~', 'e', 'E', 'x', 'o', 'N', 'T', 'F', 'n', 'a', ' ', '_'];
  const mutants = all.flatMap((s) => [...s].flatMap((_, i) => alphabet.map((c) => s.slice(0, i) + c + s.slice(i + 1))));
  return [...new Set([...all, ...mutants, ...alphabet, ...alphabet.map((c) => c + c)])];
}

test('plainScalarValue (the decoder and writer path) is resolvePlain without its result object', () => {
  const scalars = edgeScalars();
  assert.ok(scalars.length > 1000);
  for (const text of scalars) {
    const resolved = resolvePlain(text);
    assert.deepEqual(plainScalarValue(text), resolved.ok ? resolved.value : undefined, JSON.stringify(text));
  }
});

test('isPlainSafeString: a string written plain reads back as that string', () => {
  for (const text of edgeScalars()) {
    if (!isPlainSafeString(text)) continue;
    const resolved = resolvePlain(text);
    assert.ok(resolved.ok && resolved.value === text, JSON.stringify(text));
  }
  for (const text of ['name', 'tool_1', 'a/b', 'x: y'.replace(': ', '.')]) assert.ok(isPlainSafeString(text), text);
  for (const text of ['null', 'True', '1', '.inf', 'yes', '', 'a:', 'a ', 'a: b'])
    assert.ok(!isPlainSafeString(text), text);
});
