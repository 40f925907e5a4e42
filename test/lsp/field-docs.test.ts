/**
 * packages/cli/src/lsp/field-docs.generated.ts is generated from the specification's property
 * tables (`node scripts/lsp-field-docs.mjs`): regenerated here in memory, the committed table
 * must be current. The specification is not shipped, so the server reads the committed table.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import prettier from 'prettier';
import { fieldDocs, fieldDocsModule } from 'mcpdesc-toolkit/internal/lsp/field-docs-source.js';
import { structuralSchema } from 'mcpdesc-core/internal/validate/structural-schema.js';
import { repoRoot, sharedRoot } from '../helpers/paths.js';

const specification = readFileSync(join(sharedRoot, 'spec', 'mcp-description-0.8.0.md'), 'utf8');
const committedPath = join(repoRoot, 'packages/cli/src/lsp/field-docs.generated.ts');

test('the committed field table is what the generator writes (run `npx tsc -b && node scripts/lsp-field-docs.mjs`)', async () => {
  const options = { ...(await prettier.resolveConfig(committedPath)), filepath: committedPath };
  const expected = await prettier.format(fieldDocsModule(specification), options);
  assert.equal(readFileSync(committedPath, 'utf8'), expected, 'stale field table');
});

test('every property of the root table (3.2) is documented, with its section and the Required column', () => {
  const docs = fieldDocs(specification);
  const root = (structuralSchema('0.8.0') as { $defs: { Root: { properties: object } } }).$defs.Root;
  for (const property of Object.keys(root.properties)) {
    const doc = docs.Root?.[property];
    assert.ok(doc, property);
    assert.equal(doc.section, '3.2');
    assert.match(doc.required ?? '', /^(Yes|No)$/);
  }
  assert.equal(docs.Root!.mcpdesc!.required, 'Yes');
});

test('a nested object documented in its parent table as parent.field is found under the dotted name', () => {
  const docs = fieldDocs(specification);
  assert.match(docs.ToolsCapability!.listChanged!.description, /notifications\/tools\/list_changed/);
  assert.match(docs.ResourcesCapability!.listChanged!.description, /notifications\/resources\/list_changed/);
  assert.equal(docs.ToolsCapability!.listChanged!.section, '8.2');
  // Two objects down: `tasks.requests.tools.call` is the `call` of tasks.requests.tools.
  assert.match(docs.TasksCapability!.list!.description, /listing active tasks/);
  assert.equal(docs.TaskToolRequestsCapability!.call!.description, 'Tool calls can be task-augmented');
  assert.equal(docs.TaskToolRequestsCapability!.call!.section, '8.3');
  assert.equal(docs.TaskRequestsCapability, undefined, 'the 8.3 table has no row of its own for tasks.requests.tools');
});

test('links become their text; a table with a Default column keeps it', () => {
  const docs = fieldDocs(specification);
  assert.equal(docs.Root!.info!.description, 'Server metadata');
  assert.equal(docs.Execution!.taskSupport!.default, '`"forbidden"`');
  assert.equal(docs.Icon!.src!.section, 'A');
});
