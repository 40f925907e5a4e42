/** `mcpdesc lsp` through a real JSON-RPC client over stdio, on the official corpus where it can be. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import {
  DefinitionRequest,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  HoverRequest,
  TextDocumentSyncKind,
  type DocumentSymbol,
  type Location,
  type MarkupContent,
  type Range,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { parse as parseYaml } from 'yaml';
import { sharedRoot, binPath as bin } from '../helpers/paths.js';
import { pause, startClient, type TestClient } from './client.js';

const corpus = join(sharedRoot, 'conformance/mcpdesc-0.8.0');

let client: TestClient;
before(async () => {
  client = await startClient();
});
after(async () => {
  assert.equal(await client.close(), 0, 'shutdown then exit ends the server with code 0');
});

function open(uri: string, text: string, languageId = uri.endsWith('.json') ? 'json' : 'yaml'): Promise<void> {
  return client.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId, version: 1, text },
  });
}

function edit(uri: string, version: number, range: Range, text: string): Promise<void> {
  return client.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version },
    contentChanges: [{ range, text }],
  });
}

/** The text a 0-based LSP range covers. */
function textAt(text: string, range: Range): string {
  const lines = text.split('\n');
  if (range.start.line === range.end.line)
    return lines[range.start.line]!.slice(range.start.character, range.end.character);
  return [
    lines[range.start.line]!.slice(range.start.character),
    ...lines.slice(range.start.line + 1, range.end.line),
    lines[range.end.line]!.slice(0, range.end.character),
  ].join('\n');
}

/** What `mcpdesc lint --format json` reports for a file: the CLI path, independent of the server. */
function lintCli(
  file: string,
): { rule: string; code: string; severity: string; range?: { start: { line: number; column: number } } }[] {
  let out: string;
  try {
    out = execFileSync(process.execPath, [bin, 'lint', '--format', 'json', file], { encoding: 'utf8' });
  } catch (error) {
    out = (error as { stdout: string }).stdout;
  }
  return JSON.parse(out).files[0].diagnostics;
}

test('initialize announces incremental sync and the implemented features', () => {
  const capabilities = client.initializeResult.capabilities;
  assert.deepEqual(capabilities.textDocumentSync, { openClose: true, change: TextDocumentSyncKind.Incremental });
  assert.equal(capabilities.documentSymbolProvider, true);
  assert.equal(capabilities.hoverProvider, true);
  assert.equal(capabilities.documentFormattingProvider, true);
  assert.equal(capabilities.definitionProvider, true);
  assert.equal(capabilities.referencesProvider, true);
  assert.deepEqual(capabilities.renameProvider, { prepareProvider: true });
  assert.equal(capabilities.workspaceSymbolProvider, true);
  assert.ok(capabilities.completionProvider);
  assert.deepEqual(capabilities.codeActionProvider, { codeActionKinds: ['quickfix'] });
  assert.equal(client.initializeResult.serverInfo?.name, 'mcpdesc');
});

test('diagnostics on open are what `mcpdesc lint` reports for the same corpus file, mapped to LSP', async () => {
  const file = join(corpus, 'fixtures/expected-invalid/component-reference-resolution.json');
  const uri = pathToFileURL(file).href;
  const expected = lintCli(file);
  assert.ok(
    expected.some((d) => d.severity === 'error'),
    'the fixture is invalid',
  );
  const published = client.nextDiagnostics(uri);
  await open(uri, readFileSync(file, 'utf8'));
  const { diagnostics, version } = await published;
  assert.equal(version, 1);
  const severityNumber: Record<string, number> = { error: 1, warning: 2, info: 3 };
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.range.start.line + 1, d.range.start.character + 1]),
    expected.map((d) => [
      `${d.rule}/${d.code}`,
      severityNumber[d.severity],
      d.range?.start.line ?? 1,
      d.range?.start.column ?? 1,
    ]),
  );
  for (const d of diagnostics) {
    assert.equal(d.source, 'mcpdesc');
    assert.equal(d.codeDescription?.href, `https://mcpdesc.org/rules/${String(d.code).split('/')[0]}`);
  }
});

test('an incremental edit is checked again and published with its version; a fix clears the error', async () => {
  const uri = 'file:///virtual/edit.mcpdesc.yaml';
  const text = readFileSync(join(corpus, 'examples/minimal.yaml'), 'utf8');
  const first = client.nextDiagnostics(uri);
  await open(uri, text);
  assert.ok(
    (await first).diagnostics.every((d) => d.severity !== 1),
    'the corpus example has no error',
  );
  const line = text.split('\n').findIndex((l) => l.startsWith('mcpdesc:'));
  const range = { start: { line, character: 9 }, end: { line, character: 14 } };
  assert.equal(textAt(text, range), '0.8.0');
  const broken = client.nextDiagnostics(uri, (p) => p.version === 2);
  await edit(uri, 2, range, '9.9.9');
  const error = (await broken).diagnostics.find((d) => d.severity === 1);
  assert.ok(error, 'an unknown mcpdesc version is an error');
  assert.equal(error.range.start.line, line);
  const fixed = client.nextDiagnostics(uri, (p) => p.version === 3);
  await edit(uri, 3, { start: range.start, end: { line, character: 14 } }, '0.8.0');
  assert.ok((await fixed).diagnostics.every((d) => d.severity !== 1));
});

test('quick edits are debounced into one check of the newest version; nothing older is published after it', async () => {
  const uri = 'file:///virtual/debounce.mcpdesc.json';
  const text = readFileSync(join(corpus, 'fixtures/expected-valid/reusable-components.json'), 'utf8');
  const opened = client.nextDiagnostics(uri);
  await open(uri, text);
  await opened;
  const start = client.published.length;
  // Each edit appends one character to info.name: versions 2..6, sent well within the debounce.
  const nameLine = text.split('\n').findIndex((l) => l.includes('"name": "reusable-components"'));
  const at = text.split('\n')[nameLine]!.indexOf('reusable-components') + 'reusable-components'.length;
  for (let version = 2; version <= 6; version++) {
    const character = at + version - 2;
    await edit(uri, version, { start: { line: nameLine, character }, end: { line: nameLine, character } }, 'x');
  }
  await client.nextDiagnostics(uri, (p) => p.version === 6);
  await pause(400);
  const later = client.published.slice(start).filter((p) => p.uri === uri);
  assert.deepEqual(
    later.map((p) => p.version),
    [6],
    'one publication, of the newest version',
  );
});

test('a decoding error is reported at its position', async () => {
  const uri = 'file:///virtual/broken.mcpdesc.json';
  const published = client.nextDiagnostics(uri);
  await open(uri, '{\n  "mcpdesc": "0.8.0",\n  "info": {,\n}\n');
  const { diagnostics } = await published;
  assert.equal(diagnostics.length > 0, true);
  const [first] = diagnostics;
  assert.match(String(first!.code), /^json\./);
  assert.equal(first!.severity, 1);
  assert.equal(first!.range.start.line, 2, 'the stray comma is on line 3');
});

test('files are recognised by name or by declaring mcpdesc; other JSON and YAML files get nothing', async () => {
  const declared = 'file:///virtual/server.yaml';
  const published = client.nextDiagnostics(declared);
  await open(declared, 'mcpdesc: 0.8.0\ninfo:\n  name: x\n');
  assert.ok((await published).diagnostics.length > 0, 'a YAML file declaring mcpdesc is checked');

  const other = 'file:///virtual/package.json';
  await open(other, '{ "name": "not-a-description", "version": "1.0.0" }\n');
  const symbols = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: other } });
  await pause(300);
  assert.equal(symbols, null);
  assert.equal(client.published.filter((p) => p.uri === other).length, 0);

  const later = 'file:///virtual/later.yaml';
  await open(later, 'info:\n  name: x\n');
  const taken = client.nextDiagnostics(later);
  await edit(later, 2, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, 'mcpdesc: 0.8.0\n');
  const { version, diagnostics } = await taken;
  assert.equal(version, 2, 'a file that starts declaring mcpdesc while open is taken');
  assert.ok(diagnostics.length > 0);
  assert.equal(client.published.filter((p) => p.uri === later).length, 1);
});

test('closing a document clears its diagnostics', async () => {
  const uri = 'file:///virtual/close.mcpdesc.yaml';
  const opened = client.nextDiagnostics(uri);
  await open(uri, 'mcpdesc: 0.8.0\n');
  assert.ok((await opened).diagnostics.length > 0);
  const cleared = client.nextDiagnostics(uri);
  await client.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  assert.deepEqual((await cleared).diagnostics, []);
});

test('document symbols outline every primitive and component of a corpus example, at their source', async () => {
  const file = join(corpus, 'examples/reusable-components.yaml');
  const text = readFileSync(file, 'utf8');
  const uri = pathToFileURL(file).href;
  await open(uri, text);
  const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, {
    textDocument: { uri },
  })) as DocumentSymbol[];
  // The expectation comes from the `yaml` package's reading of the file, not from mcpdesc.
  const value = parseYaml(text) as Record<string, unknown>;
  const identity: Record<string, string> = {
    tools: 'name',
    resources: 'uri',
    resourceTemplates: 'uriTemplate',
    prompts: 'name',
  };
  const expected: [string, string[]][] = [];
  for (const [collection, key] of Object.entries(identity)) {
    const list = value[collection] as Record<string, string>[] | undefined;
    if (list) expected.push([collection, list.map((item) => item[key]!)]);
  }
  const components = value.components as Record<string, Record<string, unknown>>;
  expected.push(['components', Object.keys(components)]);
  assert.deepEqual(
    symbols.map((s) => [textAt(text, s.selectionRange), s.children!.map((c) => c.name)]),
    expected.map(([collection, names]) => [collection, names]),
  );
  for (const group of symbols.slice(0, -1))
    for (const child of group.children!) assert.ok(textAt(text, child.selectionRange).includes(child.name), child.name);
  const namespaces = symbols.at(-1)!.children!;
  assert.deepEqual(
    namespaces.map((n) => n.children!.map((c) => c.name)),
    Object.values(components).map((map) => Object.keys(map)),
  );
  for (const namespace of namespaces)
    for (const child of namespace.children!) assert.equal(textAt(text, child.selectionRange), child.name);
});

test("hover on a diagnostic shows its rule's summary from the catalogue; elsewhere nothing", async () => {
  const file = join(corpus, 'fixtures/expected-invalid/component-reference-resolution.json');
  const uri = 'file:///virtual/hover.mcpdesc.json';
  const published = client.nextDiagnostics(uri);
  await open(uri, readFileSync(file, 'utf8'), 'json');
  const [diagnostic] = (await published).diagnostics;
  assert.ok(diagnostic);
  const catalogue = JSON.parse(
    execFileSync(process.execPath, [bin, 'rules', '--format', 'json'], { encoding: 'utf8' }),
  ) as {
    id: string;
    summary: string;
  }[];
  const rule = String(diagnostic.code).split('/')[0]!;
  const hover = await client.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri },
    position: diagnostic.range.start,
  });
  const contents = (hover?.contents as MarkupContent).value;
  assert.ok(contents.includes(`**${diagnostic.code}**`));
  assert.ok(contents.includes(catalogue.find((r) => r.id === rule)!.summary));
  assert.ok(contents.includes(`https://mcpdesc.org/rules/${rule}`));
  const quiet = await client.connection.sendRequest(HoverRequest.type, {
    textDocument: { uri },
    position: { line: 0, character: 0 },
  });
  assert.equal(quiet, null, 'the opening brace carries no diagnostic');
});

test('formatting is one whole-document edit to what `mcpdesc convert` writes; refused when it does not decode', async () => {
  const file = join(corpus, 'examples/minimal.yaml');
  const compact = JSON.stringify(parseYaml(readFileSync(file, 'utf8')));
  const uri = 'file:///virtual/format.mcpdesc.json';
  await open(uri, compact);
  const edits = (await client.connection.sendRequest(DocumentFormattingRequest.type, {
    textDocument: { uri },
    options: { tabSize: 2, insertSpaces: true },
  })) as TextEdit[];
  const canonical = execFileSync(process.execPath, [bin, 'convert', file, '--to', 'json'], { encoding: 'utf8' });
  assert.deepEqual(edits, [
    { range: { start: { line: 0, character: 0 }, end: { line: 0, character: compact.length } }, newText: canonical },
  ]);

  const yamlUri = 'file:///virtual/format.mcpdesc.yaml';
  const yamlText = readFileSync(file, 'utf8');
  await open(yamlUri, yamlText);
  const yamlEdits = (await client.connection.sendRequest(DocumentFormattingRequest.type, {
    textDocument: { uri: yamlUri },
    options: { tabSize: 2, insertSpaces: true },
  })) as TextEdit[];
  const canonicalYaml = execFileSync(process.execPath, [bin, 'convert', file, '--to', 'yaml'], { encoding: 'utf8' });
  assert.equal(yamlEdits.length <= 1, true);
  assert.equal(yamlEdits.length === 0 ? yamlText : yamlEdits[0]!.newText, canonicalYaml);

  for (const [name, text] of [
    ['undecodable.mcpdesc.json', '{ "mcpdesc": '],
    ['commented.mcpdesc.yaml', 'mcpdesc: 0.8.0 # keep me\n'],
  ] as const) {
    const refusedUri = `file:///virtual/${name}`;
    await open(refusedUri, text);
    const refused = await client.connection.sendRequest(DocumentFormattingRequest.type, {
      textDocument: { uri: refusedUri },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.equal(refused, null, name);
  }
});

test('a refused formatting says why in a message the editor shows', async () => {
  for (const [name, text, reason] of [
    ['refused-undecodable.mcpdesc.json', '{ "mcpdesc": ', /does not decode/],
    ['refused-commented.mcpdesc.yaml', 'mcpdesc: 0.8.0 # keep me\n', /YAML comments/],
  ] as const) {
    const uri = `file:///virtual/${name}`;
    await open(uri, text);
    const refused = await client.connection.sendRequest(DocumentFormattingRequest.type, {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.equal(refused, null, name);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const shown = client.messages.find((m) => m.message.includes(uri));
    assert.ok(shown, `a message names ${uri}`);
    assert.match(shown.message, reason);
  }
});

test('go to definition from a $componentRef value lands on the component; elsewhere nothing', async () => {
  const file = join(corpus, 'fixtures/expected-valid/reusable-components.json');
  const text = readFileSync(file, 'utf8');
  const uri = pathToFileURL(file).href;
  await open(uri, text);
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes('"$componentRef": "#/components/schemas/Input"'));
  const character = lines[line]!.indexOf('#/components/schemas/Input');
  const location = (await client.connection.sendRequest(DefinitionRequest.type, {
    textDocument: { uri },
    position: { line, character },
  })) as Location;
  assert.equal(location.uri, uri);
  assert.match(textAt(text, location.range), /^"Input": \{/);

  const yamlFile = join(corpus, 'examples/reusable-components.yaml');
  const yamlText = readFileSync(yamlFile, 'utf8');
  const yamlUri = pathToFileURL(yamlFile).href + '.definition.yaml';
  await open(yamlUri, yamlText);
  const yamlLines = yamlText.split('\n');
  const refLine = yamlLines.findIndex((l) => l.includes("$componentRef: '#/components/toolExamples/"));
  const name = /toolExamples\/([^']+)'/.exec(yamlLines[refLine]!)![1]!;
  const yamlLocation = (await client.connection.sendRequest(DefinitionRequest.type, {
    textDocument: { uri: yamlUri },
    position: { line: refLine, character: yamlLines[refLine]!.indexOf('#/components') + 3 },
  })) as Location;
  assert.ok(textAt(yamlText, yamlLocation.range).startsWith(`${name}:`), 'lands on the YAML component');
  assert.match(yamlLines[yamlLocation.range.start.line - 1]!, /^ {2}toolExamples:/);

  const nothing = await client.connection.sendRequest(DefinitionRequest.type, {
    textDocument: { uri },
    position: { line: 0, character: 0 },
  });
  assert.equal(nothing, null);
});

test("the workspace's mcpdesc.config.json applies, overrides included, as `mcpdesc lint` applies it", async () => {
  const directory = mkdtempSync(join(tmpdir(), 'mcpdesc-lsp-'));
  try {
    const config = {
      rules: { 'lint.info.description': 'off' },
      overrides: [{ files: ['strict/*.yaml'], rules: { 'lint.info.description': 'error' } }],
    };
    writeFileSync(join(directory, 'mcpdesc.config.json'), JSON.stringify(config));
    mkdirSync(join(directory, 'strict'));
    const text = readFileSync(join(corpus, 'examples/minimal.yaml'), 'utf8');
    for (const [name, severity] of [
      ['plain.mcpdesc.yaml', undefined],
      ['strict/server.mcpdesc.yaml', 1],
    ] as const) {
      const file = join(directory, name);
      writeFileSync(file, text);
      const uri = pathToFileURL(file).href;
      const published = client.nextDiagnostics(uri);
      await open(uri, text);
      const { diagnostics } = await published;
      assert.deepEqual(
        diagnostics.map((d) => d.code),
        lintCli(file).map((d) => `${d.rule}/${d.code}`),
        name,
      );
      assert.equal(diagnostics.find((d) => String(d.code).startsWith('lint.info.description/'))?.severity, severity);
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test('an invalid mcpdesc.config.json is shown once, and the recommended preset checks meanwhile', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'mcpdesc-lsp-'));
  try {
    writeFileSync(join(directory, 'mcpdesc.config.json'), '{ "rules": 5 }');
    const uri = pathToFileURL(join(directory, 'server.mcpdesc.yaml')).href;
    const published = client.nextDiagnostics(uri);
    await open(uri, readFileSync(join(corpus, 'examples/minimal.yaml'), 'utf8'));
    const { diagnostics } = await published;
    assert.ok(
      diagnostics.some((d) => String(d.code).startsWith('lint.info.description/')),
      'recommended preset',
    );
    const shown = client.messages.filter((m) => m.message.includes(join(directory, 'mcpdesc.config.json')));
    assert.equal(shown.length, 1);
    assert.match(shown[0]!.message, /is invalid: .*rules/);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test('`mcpdesc lsp --help` explains the server and what it implements', () => {
  const help = execFileSync(process.execPath, [bin, 'lsp', '--help'], { encoding: 'utf8' });
  for (const word of [
    '--stdio',
    '--socket',
    'diagnostics',
    'symbols',
    'hover',
    'completion',
    'references',
    'rename',
    'code actions',
    'formatting',
    'definition',
    'docs/editor.md',
  ])
    assert.ok(help.includes(word), word);
});
