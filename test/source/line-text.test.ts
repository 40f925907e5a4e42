import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineIndex } from 'mcpdesc-core/internal/source/line-index.js';

/** The lines a plain split gives, which the stylish excerpts used to read: the reference. */
function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

test('lineText gives the lines of a split on every mix of CR, LF and CR LF', () => {
  const pieces = ['', 'a', 'bc', '\n', '\r', '\r\n', '\t'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let round = 0; round < 2000; round++) {
    let text = '';
    for (let i = next() % 9; i > 0; i--) text += pieces[next() % pieces.length];
    const expected = splitLines(text);
    const index = new LineIndex(text);
    const found = expected.map((_, i) => index.lineText(i + 1));
    assert.deepEqual(found, expected, JSON.stringify(text));
    assert.equal(index.lineText(expected.length + 1), undefined, JSON.stringify(text));
  }
});

test('lineText is undefined outside the document', () => {
  const index = new LineIndex('one\ntwo');
  assert.equal(index.lineText(0), undefined);
  assert.equal(index.lineText(-1), undefined);
  assert.equal(index.lineText(1.5), undefined);
  assert.equal(index.lineText(2), 'two');
  assert.equal(index.lineText(3), undefined);
});
