import assert from 'node:assert/strict';
import { test } from 'node:test';
import { definingRevisions, firstDefiningRevision } from 'mcpdesc-core/internal/validate/mcp/revision-facts.js';

test('revision facts read as message text from the revision table', () => {
  assert.equal(definingRevisions('tool-schema.x-mcp-header'), '2026-07-28');
  assert.equal(definingRevisions('transport.sse.standard'), '2024-11-05');
  assert.equal(definingRevisions('primitive.title'), '2025-06-18, 2025-11-25 and 2026-07-28');
  assert.equal(firstDefiningRevision('transport.streamable-http'), '2025-03-26');
  assert.equal(firstDefiningRevision('elicitation.rich-form'), '2025-11-25');
});
