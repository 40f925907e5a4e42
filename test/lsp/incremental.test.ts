/**
 * The quick re-check of an edit inside one declaration, or inside a root member, against the
 * truth: for edits in every declaration of corpus documents (one of them giving the declaration
 * its first sibling's identity, a duplicate) and in every string, key and object of their other
 * root members (a scheme, component or tag renamed, a security requirement emptied), its findings
 * and decoding must be exactly what `lint` and a whole decoding give for the edited text. Then,
 * through a real client, the first publication after an edit that makes or removes a duplicate
 * name holds exactly what `mcpdesc lint` reports: no stale finding is ever published.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
} from 'vscode-languageserver-protocol/node';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { primitiveKinds } from 'mcpdesc-core/internal/model/document.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { quickRecheck, type CheckedText } from 'mcpdesc-toolkit/internal/lsp/incremental.js';
import { siblingRuleIds } from 'mcpdesc-toolkit/internal/lsp/sibling-rules.js';
import { memberReaders, membersEveryCheckReads } from 'mcpdesc-toolkit/internal/lsp/member-dependencies.js';
import { sharedRoot, binPath } from '../helpers/paths.js';
import { startClient } from './client.js';

const corpus = join(sharedRoot, 'conformance/mcpdesc-0.8.0');
const files = [
  'examples/full-featured.yaml',
  'examples/reusable-components.yaml',
  'fixtures/expected-valid/reusable-components.json',
  'fixtures/expected-valid/named-tool-interaction-examples.json',
  'fixtures/expected-invalid/component-reference-resolution.json',
];
const schemas = createSchemaService();

/** The whole check of a text, as the server holds it before an edit. */
function checkedText(text: string, filename: string): CheckedText {
  return {
    text,
    parsed: parseDescription(text, { filename }),
    diagnostics: lint(text, { filename, schemas }).diagnostics,
    splices: 0,
  };
}

interface Edit {
  label: string;
  /** 0-based line and character of the insertion, and the text inserted. */
  line: number;
  character: number;
  insert: string;
  /** Characters replaced by the insertion (none: a plain insertion). */
  remove?: number;
  /** Where the replaced text ends, when it spans lines. */
  to?: { line: number; character: number };
}

/** Edits inside each declaration: a character in its first string value, a new `x-` member, a deleted character. */
function editsOf(text: string, filename: string): Edit[] {
  const parsed = parseDescription(text, { filename });
  const document = parsed.document as Record<string, unknown>;
  const lines = text.split('\n');
  const out: Edit[] = [];
  // Root members no declaration's check reads: a character in each of their strings.
  const info = document.info as Record<string, unknown>;
  for (const key of Object.keys(info).filter((k) => typeof info[k] === 'string')) {
    const value = parsed.sourceMap.rangeOf(`/info/${key}`)!;
    out.push({
      label: `/info/${key}: a character`,
      line: value.start.line - 1,
      character: value.end.column - 2,
      insert: 'z',
    });
  }
  if (typeof document.instructions === 'string') {
    const value = parsed.sourceMap.rangeOf('/instructions')!;
    out.push({
      label: '/instructions: a character',
      line: value.start.line - 1,
      character: value.start.column + 1,
      insert: 'z',
    });
  }
  for (const { collection, identity } of primitiveKinds) {
    const list = document[collection];
    if (!Array.isArray(list)) continue;
    list.forEach((declaration: Record<string, unknown>, index) => {
      const pointer = `/${collection}/${index}`;
      const sibling = (list[0] as Record<string, unknown>)[identity];
      const own = parsed.sourceMap.rangeOf(`${pointer}/${identity}`);
      // A sibling's identity: a duplicate (or overlapping variants), a finding that relates declarations.
      if (
        index > 0 &&
        typeof sibling === 'string' &&
        sibling !== declaration[identity] &&
        own &&
        own.start.line === own.end.line
      )
        out.push({
          label: `${pointer}: the identity of ${collection}/0`,
          line: own.start.line - 1,
          character: own.start.column - 1,
          insert: JSON.stringify(sibling),
          remove: own.end.column - own.start.column,
        });
      const firstKey = Object.keys(declaration)[0]!;
      const stringKey = Object.keys(declaration).find((key) => typeof declaration[key] === 'string')!;
      const value = parsed.sourceMap.rangeOf(`${pointer}/${stringKey}`)!;
      out.push({
        label: `${pointer}: a character in ${stringKey}`,
        line: value.start.line - 1,
        character: value.end.column - 2,
        insert: 'z',
      });
      const keyAt = parsed.sourceMap.rangeOf(`${pointer}/${firstKey}`, 'key')!;
      const indent = ' '.repeat(keyAt.start.column - 1);
      if (filename.endsWith('.json')) {
        out.push({
          label: `${pointer}: a new member`,
          line: keyAt.start.line - 1,
          character: keyAt.start.column - 1,
          insert: `"x-note": 1, `,
        });
        out.push({
          label: `${pointer}: an unknown member`,
          line: keyAt.start.line - 1,
          character: keyAt.start.column - 1,
          insert: `"bogus": 1, `,
        });
      } else {
        out.push({
          label: `${pointer}: a new member`,
          line: keyAt.start.line - 1,
          character: lines[keyAt.start.line - 1]!.length,
          insert: `\n${indent}x-note: 1`,
        });
        out.push({
          label: `${pointer}: an unknown member`,
          line: keyAt.start.line - 1,
          character: lines[keyAt.start.line - 1]!.length,
          insert: `\n${indent}bogus: 1`,
        });
      }
    });
  }
  return out;
}

test('a quick re-check finds exactly what lint finds in the edited text, with the same decoding', () => {
  let checked = 0;
  let duplicates = 0;
  for (const file of files) {
    const filename = join(corpus, file);
    const text = readFileSync(filename, 'utf8');
    const basis = checkedText(text, filename);
    for (const edit of editsOf(text, filename)) {
      const document = TextDocument.create('file:///x', 'x', 1, text);
      const at = { line: edit.line, character: edit.character };
      const end = { line: edit.line, character: edit.character + (edit.remove ?? 0) };
      TextDocument.update(document, [{ range: { start: at, end }, text: edit.insert }], 2);
      const edited = {
        text: document.getText(),
        offsetAt: document.offsetAt.bind(document),
        positionAt: document.positionAt.bind(document),
      };
      const quick = quickRecheck(basis, edited, { filename, schemas });
      assert.ok(quick, `${file} ${edit.label}: re-checked quickly`);
      const exact = lint(edited.text, { filename, schemas });
      assert.deepEqual(quick.diagnostics, exact.diagnostics, `${file} ${edit.label}`);
      if (exact.diagnostics.some((d) => siblingRuleIds.has(d.rule))) duplicates++;
      assert.deepEqual(quick.parsed.document, exact.document, `${file} ${edit.label}: decoding`);
      // And the next edit starts from the quick result.
      const again = TextDocument.create('file:///x', 'x', 2, edited.text);
      TextDocument.update(again, [{ range: { start: at, end: at }, text: 'q' }], 3);
      const next = {
        text: again.getText(),
        offsetAt: again.offsetAt.bind(again),
        positionAt: again.positionAt.bind(again),
      };
      const chained = quickRecheck({ text: edited.text, ...quick }, next, { filename, schemas });
      if (chained)
        assert.deepEqual(
          chained.diagnostics,
          lint(next.text, { filename, schemas }).diagnostics,
          `${file} ${edit.label}, then another`,
        );
      checked++;
    }
  }
  assert.ok(checked > 40, `${checked} edits`);
  assert.ok(duplicates > 3, `${duplicates} edits made a sibling finding`);
});

/** Corpus documents with every kind of root member: schemes, security, tags, components, capabilities, extensions. */
const memberFiles = [
  'examples/full-featured.yaml',
  'examples/reusable-components.yaml',
  'examples/multi-transport.yaml',
  'fixtures/expected-valid/integrated-draft2-features.yaml',
  'fixtures/expected-valid/reusable-components.json',
  'fixtures/expected-valid/security-composition-and-inheritance.json',
  'fixtures/expected-valid/object-level-specification-extensions.json',
  'fixtures/expected-valid/tagged-surface.json',
  'fixtures/expected-valid/named-prompt-examples.json',
  'fixtures/expected-invalid/component-reference-resolution.json',
  'fixtures/expected-invalid/component-contextual-schemas.json',
  'fixtures/expected-invalid/component-protocol-scope.json',
  'fixtures/expected-invalid/resource-example-cache-fields.json',
  'fixtures/expected-invalid/unknown-security-reference.json',
  'fixtures/expected-invalid/duplicate-tag-reference.json',
  'fixtures/expected-invalid/overlapping-capabilities.json',
  'fixtures/expected-invalid/root-version-without-transport.json',
];

/**
 * Edits inside the root members other than the collections and those every check reads: a
 * character in every one-line string and every key at any depth (a scheme, a component or a tag
 * renamed, a transport's type or a capability changed), and a character removed from each.
 */
function memberEditsOf(text: string, filename: string): Edit[] {
  const parsed = parseDescription(text, { filename });
  const document = parsed.document as Record<string, unknown>;
  const collections = new Set<string>(primitiveKinds.map((kind) => kind.collection));
  const out: Edit[] = [];
  const visit = (value: unknown, pointer: string, label: string): void => {
    const range = parsed.sourceMap.rangeOf(pointer);
    if (
      typeof value === 'string' &&
      range &&
      range.start.line === range.end.line &&
      range.end.column - range.start.column > 2
    ) {
      out.push({
        label: `${label}: a character`,
        line: range.start.line - 1,
        character: range.end.column - 2,
        insert: 'z',
      });
      out.push({
        label: `${label}: a character removed`,
        line: range.start.line - 1,
        character: range.end.column - 3,
        insert: '',
        remove: 1,
      });
    }
    if (value === null || typeof value !== 'object') return;
    // Emptied: a security requirement made anonymous, a transport's security cleared, a component emptied.
    if (range && Object.keys(value).length > 0)
      out.push({
        label: `${label}: emptied`,
        line: range.start.line - 1,
        character: range.start.column - 1,
        insert: Array.isArray(value) ? '[]' : '{}',
        to: { line: range.end.line - 1, character: range.end.column - 1 },
      });
    for (const [key, member] of Object.entries(value)) {
      const at = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      const keyRange = parsed.sourceMap.rangeOf(at, 'key');
      if (keyRange && !Array.isArray(value) && keyRange.end.column - keyRange.start.column > 2)
        out.push({
          label: `${at}: its key renamed`,
          line: keyRange.start.line - 1,
          character: keyRange.start.column,
          insert: 'z',
        });
      visit(member, at, at);
    }
  };
  for (const member of Object.keys(document))
    if (!collections.has(member) && !membersEveryCheckReads.has(member))
      visit(document[member], `/${member}`, `/${member}`);
  return out;
}

/**
 * Two corpus documents made to read root members from their declarations: resource examples
 * showing `cacheScope: "public"` behind a transport that inherits the root security and one with
 * its own (`lint.result.cache-scope` reads both); a tool referring to a schema name that is
 * missing but near a declared one (its message suggests the namespace's nearest names).
 */
function derivedDocuments(directory: string): string[] {
  const read = (file: string) => JSON.parse(readFileSync(join(corpus, file), 'utf8')) as Record<string, unknown>;
  const resources = read('fixtures/expected-valid/named-resource-examples.json');
  const secured = {
    ...resources,
    transports: [
      (resources.transports as unknown[])[0],
      { type: 'stdio', command: 'second', security: [{ token: [] }] },
    ],
    securitySchemes: { token: { type: 'http', scheme: 'bearer' } },
    security: [{ token: [] }],
  };
  const components = read('fixtures/expected-valid/reusable-components.json');
  const misspelt = {
    ...components,
    tools: [
      ...(components.tools as unknown[]),
      { name: 'misspelt', inputSchema: { $componentRef: '#/components/schemas/Inputs' } },
    ],
  };
  return [
    ['secured-resource-examples.json', secured],
    ['misspelt-component.json', misspelt],
  ].map(([name, document]) => {
    const file = join(directory, name as string);
    writeFileSync(file, JSON.stringify(document, null, 2));
    return file;
  });
}

test('a quick re-check of an edit in any other root member finds exactly what lint finds', () => {
  const edited = new Set<string>();
  let checked = 0;
  let whole = 0;
  const directory = mkdtempSync(join(tmpdir(), 'mcpdesc-lsp-members-'));
  for (const filename of [...memberFiles.map((file) => join(corpus, file)), ...derivedDocuments(directory)]) {
    const file = filename.slice(filename.lastIndexOf('/') + 1);
    const text = readFileSync(filename, 'utf8');
    const basis = checkedText(text, filename);
    for (const edit of memberEditsOf(text, filename)) {
      const document = TextDocument.create('file:///x', 'x', 1, text);
      const at = { line: edit.line, character: edit.character };
      const end = edit.to ?? { line: edit.line, character: edit.character + (edit.remove ?? 0) };
      TextDocument.update(document, [{ range: { start: at, end }, text: edit.insert }], 2);
      const next = {
        text: document.getText(),
        offsetAt: document.offsetAt.bind(document),
        positionAt: document.positionAt.bind(document),
      };
      const quick = quickRecheck(basis, next, { filename, schemas });
      const exact = lint(next.text, { filename, schemas });
      // Emptying a value that ends where its root member ends reaches the member's boundary: checked whole.
      if (!quick) {
        whole++;
        assert.ok(edit.label.endsWith('emptied'), `${file} ${edit.label}: re-checked quickly`);
        continue;
      }
      assert.deepEqual(quick.diagnostics, exact.diagnostics, `${file} ${edit.label}`);
      assert.deepEqual(quick.parsed.document, exact.document, `${file} ${edit.label}: decoding`);
      edited.add(/^\/([^/:]+)/.exec(edit.label)![1]!);
      checked++;
    }
  }
  for (const member of [
    'info',
    'instructions',
    'transports',
    'securitySchemes',
    'security',
    'components',
    'capabilities',
    'tags',
  ])
    assert.ok(edited.has(member), `an edit in ${member}`);
  rmSync(directory, { recursive: true, force: true });
  assert.ok(checked > 1000 && whole < checked / 10, `${checked} edits checked quickly, ${whole} whole`);
  assert.ok(Object.keys(memberReaders).length > 0);
});

test('an edit in a root member every check reads, or across a declaration boundary, is not re-checked quickly', () => {
  const filename = join(corpus, 'examples/full-featured.yaml');
  const text = readFileSync(filename, 'utf8');
  const basis: CheckedText = { text, parsed: parseDescription(text, { filename }), diagnostics: [], splices: 0 };
  const edit = (line: number, character: number, insert: string) => {
    const document = TextDocument.create('file:///x', 'x', 1, text);
    TextDocument.update(
      document,
      [{ range: { start: { line, character }, end: { line, character } }, text: insert }],
      2,
    );
    return quickRecheck(
      basis,
      {
        text: document.getText(),
        offsetAt: document.offsetAt.bind(document),
        positionAt: document.positionAt.bind(document),
      },
      { filename, schemas },
    );
  };
  const lines = text.split('\n');
  assert.ok(
    edit(
      lines.findIndex((l) => l.startsWith('  name: chess-coach')),
      8,
      'x',
    ),
    'info.name is',
  );
  const revisions = lines.findIndex((l) => l.startsWith('protocolVersions:'));
  assert.equal(edit(revisions + 1, lines[revisions + 1]!.length, 'x'), undefined, 'protocolVersions');
  const version = lines.findIndex((l) => l.startsWith('mcpdesc:'));
  assert.equal(edit(version, lines[version]!.length - 1, '1'), undefined, 'mcpdesc');
  const transports = lines.findIndex((l) => l.startsWith('transports:'));
  assert.ok(edit(transports + 1, lines[transports + 1]!.length, 'x'), 'transports is');
  const second = lines.findIndex((l, i) => i > lines.indexOf('tools:') + 1 && l.startsWith('- name:'));
  assert.equal(edit(second, 0, 'x'), undefined, "the item's own marker");
  // A key at the sequence's indentation inside an item would end the item: decoded whole instead.
  assert.equal(edit(second + 1, 0, 'bogus: 1\n'), undefined, 'dedented line');
});

test('through the server: the first publication after an edit that makes or removes a duplicate name is what `mcpdesc lint` reports', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'mcpdesc-lsp-incremental-'));
  const client = await startClient();
  try {
    const text = readFileSync(join(corpus, 'examples/full-featured.yaml'), 'utf8');
    const file = join(directory, 'server.mcpdesc.yaml');
    const uri = pathToFileURL(file).href;
    const opened = client.nextDiagnostics(uri);
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'yaml', version: 1, text },
    });
    const before = (await opened).diagnostics.map((d) => String(d.code));
    const lines = text.split('\n');
    const first = /^- name: (\S+)/.exec(lines[lines.indexOf('tools:') + 1]!)![1]!;
    const second = lines.findIndex((l, i) => i > lines.indexOf('tools:') + 1 && l.startsWith('- name:'));
    const name = /^- name: (\S+)/.exec(lines[second]!)![1]!;
    const edited = [...lines.slice(0, second), `- name: ${first}`, ...lines.slice(second + 1)].join('\n');
    writeFileSync(file, edited);
    let cli: string;
    try {
      cli = execFileSync(process.execPath, [binPath, 'lint', '--format', 'json', file], {
        encoding: 'utf8',
      });
    } catch (error) {
      cli = (error as { stdout: string }).stdout; // exit code 1: the duplicate is an error
    }
    const expected = (
      JSON.parse(cli) as { files: { diagnostics: { rule: string; code: string }[] }[] }
    ).files[0]!.diagnostics.map((d) => `${d.rule}/${d.code}`);
    assert.ok(
      expected.includes('mcpdesc.protocol-scope.consistency/overlapping-variants'),
      'the duplicate is a finding of its own',
    );
    // The first publication of each version, whatever it holds.
    const duplicated = client.nextDiagnostics(uri, (p) => p.version === 2);
    await client.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 2 },
      contentChanges: [
        {
          range: { start: { line: second, character: 8 }, end: { line: second, character: 8 + name.length } },
          text: first,
        },
      ],
    });
    assert.deepEqual(
      (await duplicated).diagnostics.map((d) => String(d.code)),
      expected,
    );
    const restored = client.nextDiagnostics(uri, (p) => p.version === 3);
    await client.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 3 },
      contentChanges: [
        {
          range: { start: { line: second, character: 8 }, end: { line: second, character: 8 + first.length } },
          text: name,
        },
      ],
    });
    assert.deepEqual(
      (await restored).diagnostics.map((d) => String(d.code)),
      before,
      'the duplicate is gone from the first publication after the edit that removes it',
    );
  } finally {
    assert.equal(await client.close(), 0);
    rmSync(directory, { recursive: true, force: true });
  }
});
