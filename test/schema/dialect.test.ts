import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dialectOf, dialectFromUri, isDialectUri, DIALECT_URIS } from 'mcpdesc-core/internal/schema/index.js';

test('absent $schema and boolean schemas default to 2020-12', () => {
  assert.deepEqual(dialectOf({}), { dialect: '2020-12' });
  assert.deepEqual(dialectOf({ type: 'object' }), { dialect: '2020-12' });
  assert.deepEqual(dialectOf(true as unknown as object), { dialect: '2020-12' });
});

test('2020-12 spellings: http/https, with/without empty fragment', () => {
  for (const uri of [
    'https://json-schema.org/draft/2020-12/schema',
    'https://json-schema.org/draft/2020-12/schema#',
    'http://json-schema.org/draft/2020-12/schema',
    'http://json-schema.org/draft/2020-12/schema#',
  ]) {
    assert.deepEqual(dialectOf({ $schema: uri }), { dialect: '2020-12' }, uri);
    assert.equal(isDialectUri(uri), true);
  }
});

test('draft-07 spellings: http/https, with/without empty fragment', () => {
  for (const uri of [
    'http://json-schema.org/draft-07/schema#',
    'http://json-schema.org/draft-07/schema',
    'https://json-schema.org/draft-07/schema#',
    'https://json-schema.org/draft-07/schema',
  ]) {
    assert.deepEqual(dialectOf({ $schema: uri }), { dialect: 'draft-07' }, uri);
  }
  assert.equal(dialectFromUri(DIALECT_URIS['draft-07']), 'draft-07');
  assert.equal(dialectFromUri(DIALECT_URIS['2020-12']), '2020-12');
});

test('other dialects are unsupported', () => {
  for (const uri of [
    'https://json-schema.org/draft/2019-09/schema',
    'http://json-schema.org/draft-04/schema#',
    'http://json-schema.org/draft-06/schema#',
    'https://json-schema.org/draft/2020-12/schema#foo',
    'https://json-schema.org/draft/2020-12/schema?x=1',
    'HTTPS://json-schema.org/draft/2020-12/schema',
    ' https://json-schema.org/draft/2020-12/schema',
    'https://json-schema.org/draft/2020-12/schema/',
    'ftp://json-schema.org/draft-07/schema#',
    'https://mcpdesc.org/schema/mcp-description/0.8.0.json',
    '',
  ]) {
    assert.deepEqual(dialectOf({ $schema: uri }), { unsupported: uri }, uri);
    assert.equal(isDialectUri(uri), false);
  }
  assert.deepEqual(dialectOf({ $schema: 7 }), { unsupported: '7' });
  assert.deepEqual(dialectOf({ $schema: null }), { unsupported: 'null' });
});
