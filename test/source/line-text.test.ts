import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineIndex } from 'mcpdesc-core/internal/source/line-index.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';

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

test('a decoded document’s source map gives the lines of the text its ranges count in, JSON and YAML', () => {
  const texts = [
    ['a.json', '{\r\n  "a": 1,\n  "b": [\r    2\n  ]\n}'],
    ['a.yaml', 'a: 1\r\nb:\n  - 2\r  - 3\n'],
    // A byte order mark is not part of the YAML text the ranges count in.
    ['b.yaml', '\ufeffa: 1\nb: 2'],
  ] as const;
  for (const [filename, text] of texts) {
    const { sourceMap, diagnostics } = parseDescription(text, { filename });
    assert.deepEqual(diagnostics, [], filename);
    const lines = splitLines(text.replace(/^\ufeff/, ''));
    assert.deepEqual(
      lines.map((_, i) => sourceMap.lineText?.(i + 1)),
      lines,
      filename,
    );
    assert.equal(sourceMap.lineText?.(lines.length + 1), undefined, filename);
    // The ranges and the lines agree: the range of /a starts where "a" is on its line.
    const range = sourceMap.rangeOf('/a', 'key')!;
    assert.equal(
      sourceMap
        .lineText?.(range.start.line)
        ?.slice(range.start.column - 1)
        .replace(/^"/, '')[0],
      'a',
      filename,
    );
  }
  // A text that could not be decoded has no lines: excerpts then read the text as read.
  assert.equal(
    parseDescription(new Uint8Array([0xff, 0xfe, 0x00]), { filename: 'x.json' }).sourceMap.lineText,
    undefined,
  );
});
