/**
 * fitToRevision: a server that sends every field on every revision yields, for each revision, a
 * view that validates as a description of that revision; what was left out is listed; the input
 * is never modified and untouched objects are shared.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { revisions, type Revision } from 'mcpdesc-core/internal/model/revisions.js';
import { fitToRevision } from 'mcpdesc-core/internal/operations/fit-to-revision.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';

const icon = { src: 'https://example.com/icon.png', mimeType: 'image/png' };

/** What a server that sends every field it knows would list, as one revision's view. */
function everything(revision: Revision): Record<string, any> {
  return {
    mcpdesc: '0.8.0',
    info: { name: 'everything', version: '1.0.0', title: 'Everything', icons: [icon] },
    protocolVersions: [revision],
    transports: [
      { type: 'stdio', command: 'everything' },
      { type: 'streamable-http', url: 'https://example.com/mcp' },
    ],
    capabilities: [
      { tools: { listChanged: true }, resources: { subscribe: true }, prompts: {}, completions: {}, tasks: {} },
    ],
    tools: [
      {
        name: 'lookup',
        title: 'Lookup',
        description: 'Looks a word up.',
        inputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: { word: { type: 'string' } },
          required: ['word'],
        },
        outputSchema: { type: 'object', properties: { definition: { type: 'string' } } },
        annotations: { readOnlyHint: true },
        execution: { taskSupport: 'optional' },
        icons: [icon],
        _meta: { 'example.com/owner': 'words' },
        examples: {
          ok: {
            input: { word: 'mcp' },
            result: {
              content: [{ type: 'text', text: '{"definition":"a protocol"}', _meta: { 'example.com/k': 1 } }],
              structuredContent: { definition: 'a protocol' },
              _meta: { 'example.com/trace': 'x' },
              resultType: 'complete',
            },
          },
        },
      },
    ],
    resources: [
      {
        uri: 'file:///words.txt',
        name: 'words',
        title: 'Words',
        mimeType: 'text/plain',
        annotations: { audience: ['user'], priority: 0.5, lastModified: '2025-01-12T15:00:58Z' },
        icons: [icon],
        _meta: { 'example.com/owner': 'words' },
        examples: {
          read: {
            result: {
              contents: [{ uri: 'file:///words.txt', text: 'mcp', _meta: { 'example.com/k': 1 } }],
              _meta: { 'example.com/trace': 'x' },
              resultType: 'complete',
              ttlMs: 0,
              cacheScope: 'private',
            },
          },
        },
      },
    ],
    prompts: [
      {
        name: 'define',
        title: 'Define',
        arguments: [{ name: 'word', title: 'Word', required: true }],
        icons: [icon],
        _meta: { 'example.com/owner': 'words' },
      },
    ],
  };
}

for (const revision of revisions) {
  test(`fitToRevision ${revision}: a server sending every field gives a valid ${revision} view`, () => {
    const view = everything(revision);
    const before = JSON.stringify(view);
    const fitted = fitToRevision(view, revision);
    assert.equal(JSON.stringify(view), before, 'the input is not modified');
    const errors = validate(fitted.value).diagnostics.filter((d) => d.severity === 'error');
    assert.deepEqual(
      errors.map((d) => `${d.rule}/${d.code} ${d.pointer}`),
      [],
    );
    for (const removal of fitted.removed)
      assert.equal(
        JSON.stringify(
          removal.pointer
            .split('/')
            .slice(1)
            .reduce<any>((v, t) => v?.[t.replace(/~1/g, '/').replace(/~0/g, '~')], view),
        ),
        JSON.stringify(removal.value),
        `${removal.pointer} names what was removed`,
      );
  });
}

test('fitToRevision 2024-11-05: what is left out, field by field', () => {
  const fitted = fitToRevision(everything('2024-11-05'), '2024-11-05');
  assert.deepEqual(
    fitted.removed.map((r) => `${r.what} ${r.pointer} ${r.feature}`),
    [
      'entry /transports/1 transport.streamable-http',
      'field /capabilities/0/completions capability.completions',
      'field /capabilities/0/tasks capability.tasks',
      'field /tools/0/title primitive.title',
      'field /tools/0/inputSchema/$schema tool-schema.$schema',
      'field /tools/0/outputSchema tool.outputSchema',
      'field /tools/0/annotations tool.annotations',
      'field /tools/0/execution tool.execution',
      'field /tools/0/icons primitive.icons',
      'field /tools/0/_meta primitive._meta',
      'field /tools/0/examples/ok/result/content/0/_meta content._meta',
      'field /tools/0/examples/ok/result/structuredContent tool-result.structuredContent',
      'field /tools/0/examples/ok/result/_meta result._meta',
      'field /tools/0/examples/ok/result/resultType result.resultType',
      'field /resources/0/title primitive.title',
      'field /resources/0/annotations/lastModified resource-annotations.lastModified',
      'field /resources/0/icons primitive.icons',
      'field /resources/0/_meta primitive._meta',
      'field /resources/0/examples/read/result/contents/0/_meta resource-contents._meta',
      'field /resources/0/examples/read/result/_meta result._meta',
      'field /resources/0/examples/read/result/resultType result.resultType',
      'field /resources/0/examples/read/result/ttlMs result.cacheable',
      'field /resources/0/examples/read/result/cacheScope result.cacheable',
      'field /prompts/0/title primitive.title',
      'field /prompts/0/arguments/0/title prompt-argument.title',
      'field /prompts/0/icons primitive.icons',
      'field /prompts/0/_meta primitive._meta',
    ],
  );
  assert.deepEqual(fitted.value.transports, [{ type: 'stdio', command: 'everything' }]);
});

test('fitToRevision: a collection emptied by the fit is omitted (3.3)', () => {
  const view = everything('2024-11-05');
  view.transports = [{ type: 'streamable-http', url: 'https://example.com/mcp' }];
  const fitted = fitToRevision(view, '2024-11-05');
  assert.equal('transports' in fitted.value, false);
});

test('fitToRevision: a fitted value is fitted already (the very value back); untouched objects are shared', () => {
  const view = everything('2025-11-25');
  const fitted = fitToRevision(view, '2025-11-25');
  const again = fitToRevision(fitted.value, '2025-11-25');
  assert.deepEqual(again.removed, []);
  assert.equal(again.value, fitted.value);
  const older = fitToRevision(view, '2025-06-18');
  assert.notEqual(older.value, view);
  assert.equal(older.value.info, view.info, 'info is unscoped: never copied');
  assert.equal(older.value.tools[0].inputSchema.properties, view.tools[0].inputSchema.properties);
});

test('fitToRevision: a legacy field outside its revisions is kept (8.2 extensions), a Reference Object is not entered', () => {
  const view = everything('2025-06-18');
  view.capabilities[0].extensions = { 'com.example/search': {} };
  view.tools[0].outputSchema = { $componentRef: '#/components/schemas/Out' };
  const fitted = fitToRevision(view, '2025-06-18');
  assert.deepEqual(fitted.value.capabilities[0].extensions, { 'com.example/search': {} });
  assert.deepEqual(fitted.value.tools[0].outputSchema, { $componentRef: '#/components/schemas/Out' });
});

test('fitToRevision of one object kind: a listed Prompt as 2025-03-26 defines it', () => {
  const prompt = { name: 'define', title: 'Define', arguments: [{ name: 'word', title: 'Word' }] };
  const fitted = fitToRevision(prompt, '2025-03-26', 'Prompt', '/prompts/3');
  assert.deepEqual(fitted.value, { name: 'define', arguments: [{ name: 'word' }] });
  assert.deepEqual(
    fitted.removed.map((r) => r.pointer),
    ['/prompts/3/title', '/prompts/3/arguments/0/title'],
  );
});
