import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDescription, serializeDescription } from 'mcpdesc-core';
import { nested } from '../helpers/caller-values.js';

const base = () => ({ mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2025-11-25'] });

test('serializeDescription of a cyclic or too deep value: a TypeError naming the pointer, not a stack overflow', () => {
  const cyclic: Record<string, unknown> = base();
  (cyclic.info as Record<string, unknown>)['x-loop'] = cyclic.info;
  const deep = { ...base(), 'x-deep': nested(5_000) };
  for (const format of ['json', 'yaml'] as const) {
    for (const sortKeys of [false, true]) {
      assert.throws(() => serializeDescription(cyclic, { format, sortKeys }), {
        name: 'TypeError',
        message: /^serializeDescription: the value is cyclic: \/info\/x-loop refers back to \/info /,
      });
      assert.throws(() => serializeDescription(deep, { format, sortKeys }), {
        name: 'TypeError',
        message: /^serializeDescription: the value nests deeper than 1000 levels, at \/x-deep\/a/,
      });
    }
  }
});

test('parseDescription and serializeDescription check their arguments', () => {
  assert.throws(() => (parseDescription as (x?: unknown) => unknown)(undefined), {
    name: 'TypeError',
    message: 'parseDescription: expected the input to be a string or a Uint8Array (the document text), got undefined',
  });
  assert.throws(() => (parseDescription as (x: unknown, o: unknown) => unknown)('{}', 'json'), {
    message: 'parseDescription: expected options to be an object or undefined, got a string ("json")',
  });
  assert.throws(() => (serializeDescription as (d: unknown) => unknown)(base()), {
    message: 'serializeDescription: expected options to be an object such as { format: "json" }, got undefined',
  });
  assert.throws(() => serializeDescription(base(), { format: 'xml' as 'json' }), {
    message: 'serializeDescription: expected options.format to be "json" or "yaml", got a string ("xml")',
  });
  assert.equal(parseDescription('{}').document !== undefined, true, 'good arguments pass');
});
