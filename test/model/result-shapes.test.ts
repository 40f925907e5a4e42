/**
 * The runtime shapes behind the result types: a result of text carries its source map (validate,
 * lint, parse), a decoded value's does not; a valid result carries the document; a failed
 * operation has no value.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lint, merge, parseDescription, validate } from 'mcpdesc-core';
import { sharedRoot } from '../helpers/paths.js';

const file = 'full-featured.yaml';
const text = readFileSync(join(sharedRoot, 'conformance', 'mcpdesc-0.8.0', 'examples', file), 'utf8');

test('validate, lint and parse of text carry the source map of that text', () => {
  const validated = validate(text, { filename: file });
  const linted = lint(text, { filename: file });
  const parsed = parseDescription(text, { filename: file });
  for (const result of [validated, linted, parsed]) {
    const range = result.sourceMap.rangeOf('/info/name', 'key');
    assert.ok(range, 'the source map knows /info/name');
    assert.equal(text.split('\n')[range.start.line - 1]?.trim().startsWith('name:'), true);
  }
});

test('a valid result carries the document; a decoded input has no source map', () => {
  const decoded = parseDescription(text, { filename: file }).document;
  const validated = validate(decoded);
  assert.equal(validated.valid, true);
  assert.equal(validated.document, decoded);
  assert.equal(validated.sourceMap, undefined);
  const linted = lint(decoded);
  assert.equal(linted.document, decoded);
  assert.equal('sourceMap' in linted, false);
});

test('an invalid result and a failed operation: no typed document, no value', () => {
  const invalid = validate('{"mcpdesc": "0.8.0"}', { format: 'json' });
  assert.equal(invalid.valid, false);
  assert.deepEqual(invalid.document, { mcpdesc: '0.8.0' });
  const failed = merge([]);
  assert.equal(failed.ok, false);
  assert.equal('value' in failed, false);
});
