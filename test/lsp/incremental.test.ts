/**
 * The quick re-check of an edit inside one declaration against the truth: for edits in every
 * declaration of corpus documents, its findings and decoding must be exactly what `lint` and a
 * whole decoding give for the edited text. Then, through a real client, a finding that relates
 * declarations (a duplicate name) arrives with the exact check that follows.
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

interface Edit {
  label: string;
  /** 0-based line and character of the insertion, and the text inserted. */
  line: number;
  character: number;
  insert: string;
}

/** Edits inside each declaration: a character in its first string value, a new `x-` member, a deleted character. */
function editsOf(text: string, filename: string): Edit[] {
  const parsed = parseDescription(text, { filename });
  const document = parsed.document as Record<string, unknown>;
  const lines = text.split('\n');
  const out: Edit[] = [];
  for (const { collection } of primitiveKinds) {
    const list = document[collection];
    if (!Array.isArray(list)) continue;
    list.forEach((declaration: Record<string, unknown>, index) => {
      const pointer = `/${collection}/${index}`;
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
  for (const file of files) {
    const filename = join(corpus, file);
    const text = readFileSync(filename, 'utf8');
    const basis: CheckedText = {
      text,
      parsed: parseDescription(text, { filename }),
      diagnostics: lint(text, { filename, schemas }).diagnostics,
      splices: 0,
    };
    for (const edit of editsOf(text, filename)) {
      const document = TextDocument.create('file:///x', 'x', 1, text);
      const at = { line: edit.line, character: edit.character };
      TextDocument.update(document, [{ range: { start: at, end: at }, text: edit.insert }], 2);
      const edited = {
        text: document.getText(),
        offsetAt: document.offsetAt.bind(document),
        positionAt: document.positionAt.bind(document),
      };
      const quick = quickRecheck(basis, edited, { filename, schemas });
      assert.ok(quick, `${file} ${edit.label}: re-checked quickly`);
      const exact = lint(edited.text, { filename, schemas });
      assert.deepEqual(quick.diagnostics, exact.diagnostics, `${file} ${edit.label}`);
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
  assert.ok(checked > 30, `${checked} edits`);
});

test('an edit outside every declaration, or across a declaration boundary, is not re-checked quickly', () => {
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
  assert.equal(
    edit(
      lines.findIndex((l) => l.startsWith('  name: chess-coach')),
      8,
      'x',
    ),
    undefined,
    'info.name',
  );
  const second = lines.findIndex((l, i) => i > lines.indexOf('tools:') + 1 && l.startsWith('- name:'));
  assert.equal(edit(second, 0, 'x'), undefined, "the item's own marker");
  // A key at the sequence's indentation inside an item would end the item: decoded whole instead.
  assert.equal(edit(second + 1, 0, 'bogus: 1\n'), undefined, 'dedented line');
});

test('through the server: a duplicate name made inside one tool arrives with the exact check, as `mcpdesc lint` reports it', async () => {
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
    await opened;
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
    const exact = client.nextDiagnostics(
      uri,
      (p) => p.version === 2 && p.diagnostics.map((d) => String(d.code)).join() === expected.join(),
    );
    await client.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 2 },
      contentChanges: [
        {
          range: { start: { line: second, character: 8 }, end: { line: second, character: 8 + name.length } },
          text: first,
        },
      ],
    });
    const published = await exact;
    assert.deepEqual(
      published.diagnostics.map((d) => String(d.code)),
      expected,
    );
    assert.ok(
      expected.length > lint(text, { filename: file, schemas }).diagnostics.length,
      'the duplicate is a finding of its own',
    );
  } finally {
    assert.equal(await client.close(), 0);
    rmSync(directory, { recursive: true, force: true });
  }
});
