import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diff, diffDocuments } from 'mcpdesc-core';
import { cyclicDocument, nested, smallDocument } from '../helpers/caller-values.js';

test('diff of a cyclic or too deep document: one unwalkable-input error naming the input', () => {
  for (const [documents, input, message] of [
    [[smallDocument(), cyclicDocument()], 1, /the value is cyclic: \/info\/x-loop refers back to \/info /],
    [[{ ...smallDocument(), 'x-deep': nested(10_000) }, smallDocument()], 0, /nests deeper than 1000 levels/],
  ] as const) {
    const result = diff(documents[0], documents[1]);
    assert.equal(result.ok, false);
    const found = result.diagnostics.filter((d) => d.code === 'unwalkable-input');
    assert.deepEqual(
      found.map((d) => [d.rule, d.input]),
      [['operation.diff.input', input]],
    );
    assert.match(found[0]!.message, message);
  }
  assert.equal(diff(smallDocument(), smallDocument()).ok, true);
});

test('diffDocuments of a cyclic document: a TypeError naming the pointer; a non-object: a TypeError saying so', () => {
  assert.throws(() => diffDocuments(smallDocument(), cyclicDocument()), {
    name: 'TypeError',
    message: /^diffDocuments \(new document\): the value is cyclic: \/info\/x-loop refers back to \/info /,
  });
  assert.throws(() => diffDocuments(undefined as never, smallDocument()), {
    name: 'TypeError',
    message: 'diffDocuments: expected the old document to be an object (a decoded document), got undefined',
  });
});
