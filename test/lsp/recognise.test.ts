import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toLspDiagnostic } from 'mcpdesc-toolkit/internal/lsp/diagnostics.js';
import { isDescriptionDocument } from 'mcpdesc-toolkit/internal/lsp/recognise.js';

test('a *.mcpdesc.{json,yaml,yml} name is taken whatever the text', () => {
  for (const uri of ['file:///a/x.mcpdesc.json', 'file:///a/x.MCPDESC.YAML', 'untitled:x.mcpdesc.yml'])
    assert.equal(isDescriptionDocument(uri, ''), true, uri);
});

test('a JSON or YAML file declaring mcpdesc is taken; one that does not, or another language, is not', () => {
  assert.equal(isDescriptionDocument('file:///a/server.json', '{\n  "mcpdesc": "0.8.0"\n}'), true);
  assert.equal(isDescriptionDocument('file:///a/server.yaml', '$schema: x\nmcpdesc: 0.8.0\n'), true);
  assert.equal(isDescriptionDocument('file:///a/server.yml', "'mcpdesc': 0.8.0\n"), true);
  assert.equal(isDescriptionDocument('file:///a/package.json', '{ "name": "mcpdesc" }'), false);
  assert.equal(isDescriptionDocument('file:///a/notes.yaml', 'about: mcpdesc: a tool\n'), false);
  assert.equal(isDescriptionDocument('file:///a/server.ts', 'const mcpdesc: string = "";\n'), false);
});

test('mcpdesc must be a root member of a text that decodes; a text that does not decode is taken on the declaration', () => {
  assert.equal(isDescriptionDocument('file:///a/package.json', '{ "config": { "mcpdesc": "0.8.0" } }'), false);
  assert.equal(isDescriptionDocument('file:///a/server.json', '{ "info": {}, "mcpdesc": "0.8.0" }'), true);
  assert.equal(isDescriptionDocument('file:///a/server.json', '{ "mcpdesc": "0.8.0", '), true);
});

test('an unsaved buffer is taken by its JSON or YAML language id', () => {
  assert.equal(isDescriptionDocument('untitled:Untitled-1', 'mcpdesc: 0.8.0\n', 'yaml'), true);
  assert.equal(isDescriptionDocument('untitled:Untitled-1', 'mcpdesc: 0.8.0\n', 'plaintext'), false);
});

test('a diagnostic maps to 0-based positions, the LSP severity, rule/code, its page and source', () => {
  const mapped = toLspDiagnostic({
    rule: 'mcpdesc.version',
    code: 'unsupported',
    severity: 'warning',
    message: 'found "9.9.9"; expected 0.8.0',
    pointer: '/mcpdesc',
    range: { start: { line: 2, column: 10 }, end: { line: 2, column: 15 } },
  });
  assert.deepEqual(mapped, {
    range: { start: { line: 1, character: 9 }, end: { line: 1, character: 14 } },
    severity: 2,
    code: 'mcpdesc.version/unsupported',
    codeDescription: { href: 'https://mcpdesc.org/rules/mcpdesc.version' },
    source: 'mcpdesc',
    message: 'found "9.9.9"; expected 0.8.0 (at /mcpdesc)',
  });
  const whole = toLspDiagnostic({ rule: 'r', code: 'c', severity: 'info', message: 'm', pointer: '' });
  assert.deepEqual([whole.range.start, whole.severity, whole.message], [{ line: 0, character: 0 }, 3, 'm']);
});
