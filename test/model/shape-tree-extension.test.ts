/**
 * "Add a field" is one edit of the tree (docs/architecture.md, "The shape tree"). A child process
 * gives the tree a field no revision has yet — `expires` on Resource Annotations, defined only by
 * a made-up later revision feature — before any other module loads, then asks the validator,
 * fitToRevision, native and the editor's gates about it: each answers from the tree alone.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

const child = `
const { revisionFeatures } = await import('mcpdesc-core/internal/model/revisions.js');
const { nodeTypes } = await import('mcpdesc-core/internal/model/shape-tree.js');
// The one edit: a feature in the revision table and a field in the tree.
revisionFeatures['resource-annotations.expires'] = ['2026-07-28'];
nodeTypes.ResourceAnnotations.fields.expires = { type: 'string', origin: 'native', since: 'resource-annotations.expires' };

const { validate } = await import('mcpdesc-core/internal/validate/validate.js');
const { fitToRevision } = await import('mcpdesc-core/internal/operations/fit-to-revision.js');
const { native } = await import('mcpdesc-core/internal/operations/native.js');
const { fieldFeature } = await import('mcpdesc-toolkit/internal/lsp/revision-gates.js');

const doc = (revision) => ({
  mcpdesc: '0.8.0',
  info: { name: 'x', version: '1' },
  protocolVersions: [revision],
  resources: [{ uri: 'file:///a', name: 'a', annotations: { priority: 1, expires: '2027-01-01T00:00:00Z' } }],
});
const gated = (revision) =>
  validate(doc(revision)).diagnostics
    .filter((d) => d.code === 'field-not-in-revision')
    .map((d) => d.rule + ' ' + d.pointer);
const fitted = fitToRevision(doc('2025-11-25'), '2025-11-25');
const payload = native(doc('2026-07-28'), '2026-07-28');
console.log(JSON.stringify({
  before: gated('2025-11-25'),
  since: gated('2026-07-28'),
  removed: fitted.removed.map((r) => r.pointer + ' ' + r.feature),
  nativeKeeps: payload.value['resources/list'].resources[0].annotations,
  editor: fieldFeature('ResourceAnnotations', 'expires'),
}));
`;

test('a field added to the tree is gated by validate, fitToRevision, native and the editor with no other edit', () => {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', child], {
    encoding: 'utf8',
    cwd: new URL('.', import.meta.url),
  });
  const facts = JSON.parse(output) as Record<string, unknown>;
  assert.deepEqual(facts.before, ['mcp.declaration.field.protocol-version /resources/0/annotations/expires']);
  assert.deepEqual(facts.since, []);
  assert.deepEqual(facts.removed, ['/resources/0/annotations/expires resource-annotations.expires']);
  assert.deepEqual(facts.nativeKeeps, { priority: 1, expires: '2027-01-01T00:00:00Z' });
  assert.equal(facts.editor, 'resource-annotations.expires');
});
