import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { test } from 'node:test';
import { setOwn } from 'mcpdesc-core/internal/model/json.js';
import { parseDescription, serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { bundle, compat, merge, migrate, native, project, resolve } from 'mcpdesc-core/internal/operations/index.js';
import { diff } from 'mcpdesc-core/internal/diff/index.js';
import { renderHtml, renderMarkdown } from 'mcpdesc-core/internal/render/index.js';

/**
 * Keys the document controls are never looked up through an object's prototype: a `_meta` key,
 * a tool, example, component, property, tag or security scheme named like an `Object.prototype`
 * member is an ordinary name to every command (issue 15, finding 7).
 */
const hostileNames = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

const example = parseDescription(readFileSync(resolvePath(process.cwd(), 'examples', 'bookshelf.mcpdesc.yaml')), {
  filename: 'bookshelf.mcpdesc.yaml',
}).document as Record<string, any>;

/** The first variant of each of the example's tools by name (search_books and reserve_book have one per revision). */
function firstVariants(document: Record<string, any>): Record<string, any>[] {
  return ['search_books', 'reserve_book', 'cancel_reservation'].map((name) =>
    document.tools.find((tool: Record<string, any>) => tool.name === name),
  );
}

/** Where reserve_book's first variant sits (after both variants of search_books). */
const reserveIndex = example.tools.findIndex((tool: Record<string, any>) => tool.name === 'reserve_book');

/** `{ [name]: value }` as an own property, even for `__proto__`. */
function own(name: string, value: unknown): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  setOwn(object, name, value);
  return object;
}

/** The example document with `name` in every key position a document controls. */
function hostileDocument(name: string): Record<string, any> {
  const document = structuredClone(example);
  const [search, reserve, cancel] = firstVariants(document);
  search._meta = own(name, 1);
  const earthsea = search.examples.earthsea;
  earthsea.result._meta = own(name, { nested: true });
  earthsea.result.content[0]._meta = own(name, 2);
  setOwn(search.examples, name, structuredClone(earthsea));
  setOwn(search.inputSchema.properties, name, { type: 'string' });
  setOwn(search.outputSchema.$defs, name, { type: 'string' });
  search.outputSchema.properties.extra = { $ref: `#/$defs/${name}` };
  setOwn(reserve.inputSchema.properties, name, { $componentRef: `#/components/schemas/${name}` });
  reserve.examples['no-copies-left'].result.content[0]._meta = own(name, 3);
  document.tools.push({ ...structuredClone(cancel), name, tags: [name] });
  document.tags.push({ name, description: 'A tag with a hostile name' });
  setOwn(document.securitySchemes, name, { type: 'http', scheme: 'bearer' });
  document.security.push(own(name, []));
  document.components = { schemas: own(name, { type: 'string' }), toolExamples: own(name, structuredClone(earthsea)) };
  search.examples.shared = { $componentRef: `#/components/toolExamples/${name}` };
  document.resources[0]._meta = own(name, 4);
  document.resources[0].examples.today.result.contents[0]._meta = own(name, 5);
  document.resources.push({ ...structuredClone(document.resources[0]), uri: 'bookshelf://x', name });
  document.prompts[0].arguments.push({ name, description: 'A hostile argument name' });
  setOwn(
    document.prompts[0].completionExamples,
    name,
    structuredClone(document.prompts[0].completionExamples['subject-prefix']),
  );
  document.prompts.push({ name, description: 'A prompt with a hostile name' });
  return document;
}

/** The example document referring to `name` where nothing of that name exists, and using it as a type. */
function danglingDocument(name: string): Record<string, any> {
  const document = structuredClone(example);
  const [search, reserve, cancel] = firstVariants(document);
  reserve.outputSchema = { $componentRef: `#/components/schemas/${name}` };
  search.outputSchema.properties.books = { $ref: `#/$defs/${name}` };
  search.examples.shared = { $componentRef: `#/components/toolExamples/${name}` };
  search.tags.push(name);
  reserve.security = [own(name, [])];
  reserve.examples['no-copies-left'].result.content[0].type = name;
  cancel.inputSchema.properties.reservationId.type = name;
  document.transports[0].type = name;
  document.securitySchemes['library-oauth'].type = name;
  document.capabilities[0] = own(name, {});
  document.resources[0].examples.today.result.resultType = name;
  return document;
}

const severities = new Set(['error', 'warning', 'info', 'hint']);

function assertWellFormed(label: string, diagnostics: readonly unknown[]): void {
  for (const diagnostic of diagnostics as Array<Record<string, unknown>>) {
    assert.ok(severities.has(diagnostic.severity as string), `${label}: severity ${String(diagnostic.severity)}`);
    assert.equal(typeof diagnostic.code, 'string', `${label}: code`);
    assert.equal(typeof diagnostic.message, 'string', `${label}: message`);
    assert.doesNotMatch(diagnostic.message as string, /internal error|Cannot read properties/, label);
    assert.ok(diagnostic.pointer === undefined || typeof diagnostic.pointer === 'string', `${label}: pointer`);
  }
}

for (const name of hostileNames) {
  test(`a document naming things "${name}" goes through every command without an exception`, () => {
    const document = hostileDocument(name);
    const validation = validate(document);
    assertWellFormed('validate', validation.diagnostics);
    // `__proto__` is the one name the `_meta` key grammar rejects (it begins with "_").
    const errors = validation.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
    assert.deepEqual(
      new Set(errors),
      new Set(name === '__proto__' ? ['meta-key-malformed'] : []),
      JSON.stringify(validation.diagnostics.filter((d) => d.code === 'unknown-property')),
    );
    assertWellFormed('lint', lint(document).diagnostics);
    const results = {
      project: project(document, '2026-07-28'),
      merge: merge([document, hostileDocument(name)]),
      resolve: resolve(document),
      bundle: bundle(document),
      native: native(document, '2026-07-28'),
      compat: compat(document, own(name, {}), '2026-07-28'),
      diff: diff(example, document),
    };
    for (const [operation, result] of Object.entries(results)) assertWellFormed(operation, result.diagnostics);
    assert.equal(typeof renderHtml(document), 'string');
    assert.equal(typeof renderMarkdown(document), 'string');
    for (const format of ['json', 'yaml'] as const) {
      const text = serializeDescription(document, { format });
      const reparsed = parseDescription(text, { filename: `hostile.${format}` });
      assert.deepEqual(reparsed.document, document, `convert to ${format} keeps ${name}`);
    }
  });
}

for (const name of hostileNames) {
  test(`a document referring to "${name}" where nothing has that name is reported, not a crash`, () => {
    const document = danglingDocument(name);
    const validation = validate(document);
    assertWellFormed('validate', validation.diagnostics);
    const errors = new Set(validation.diagnostics.filter((d) => d.severity === 'error').map((d) => d.pointer));
    for (const pointer of [
      `/tools/${reserveIndex}/outputSchema/$componentRef`,
      '/tools/0/examples/shared/$componentRef',
      `/tools/${reserveIndex}/examples/no-copies-left/result/content/0/type`,
      '/transports/0/type',
    ])
      assert.ok(
        [...errors].some((error) => error.startsWith(pointer.split('/$componentRef')[0]!)),
        `${pointer}: ${[...errors].join()}`,
      );
    assertWellFormed('lint', lint(document).diagnostics);
    for (const result of [
      project(document, '2026-07-28'),
      merge([document, example]),
      resolve(document),
      bundle(document),
      native(document, '2026-07-28'),
      compat(example, own(name, {}), '2026-07-28'),
      diff(example, document),
      diff(document, example),
    ])
      assertWellFormed('operation', result.diagnostics);
    assert.equal(typeof renderHtml(document), 'string');
    assert.equal(typeof renderMarkdown(document), 'string');
  });
}

for (const name of hostileNames) {
  test(`migrate and schema patterns take "${name}" as an ordinary name`, () => {
    const source = {
      mcpdesc: '0.7.0',
      info: { name: 's', version: '1.0.0', protocolVersion: '2025-06-18' },
      transports: [{ type: name, url: 'https://example.com/mcp' }],
      tools: [{ name, inputSchema: { type: 'object', properties: own(name, { type: 'string' }) } }],
    };
    const migrated = migrate(source);
    assertWellFormed('migrate', migrated.diagnostics);
    assert.ok(
      migrated.diagnostics.some((d) => d.pointer === '/transports/0/type'),
      'the transport type is reported',
    );
    const document = structuredClone(example);
    document.tools[0].inputSchema.properties.query.pattern = `^\\p{${name}}\\p{gc=${name}}$`;
    assertWellFormed('validate', validate(document).diagnostics);
  });
}
