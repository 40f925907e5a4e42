/**
 * Editing features of `mcpdesc lsp` through a real JSON-RPC client over stdio: hover on keys,
 * completion (YAML, JSON, text that does not parse), references, rename, workspace symbols and
 * quick fixes. Expectations come from the corpus files and the specification's text, not from
 * the server's own tables.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  CodeActionRequest,
  CompletionRequest,
  DefinitionRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  WorkspaceSymbolRequest,
  type CodeAction,
  type CompletionItem,
  type Location,
  type MarkupContent,
  type Position,
  type Range,
  type SymbolInformation,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { parse as parseYaml } from 'yaml';
import { sharedRoot } from '../helpers/paths.js';
import { startClient, type TestClient } from './client.js';

const corpus = join(sharedRoot, 'conformance/mcpdesc-0.8.0');
const spec = readFileSync(join(sharedRoot, 'spec/mcp-description-0.8.0.md'), 'utf8');
const fullFeatured = readFileSync(join(corpus, 'examples/full-featured.yaml'), 'utf8');

let client: TestClient;
before(async () => {
  client = await startClient();
});
after(async () => {
  assert.equal(await client.close(), 0);
});

let opened = 0;
/** Opens `text` under a fresh URI and waits for its first diagnostics (the server has checked it). */
async function open(text: string, extension: 'yaml' | 'json'): Promise<string> {
  const uri = `file:///virtual/editing-${++opened}.mcpdesc.${extension}`;
  const published = client.nextDiagnostics(uri);
  await client.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: extension, version: 1, text },
  });
  await published;
  return uri;
}

/** The position of the `occurrence`-th `needle` in `text`, moved `shift` characters right. */
function positionOf(text: string, needle: string, shift = 0, occurrence = 1): Position {
  let offset = -1;
  for (let i = 0; i < occurrence; i++) offset = text.indexOf(needle, offset + 1);
  assert.ok(offset >= 0, `${needle} is in the text`);
  const before = text.slice(0, offset + shift);
  const line = before.split('\n').length - 1;
  return { line, character: before.length - before.lastIndexOf('\n') - 1 };
}

function textAt(text: string, range: Range): string {
  const offset = (p: Position): number =>
    text.split('\n').slice(0, p.line).join('\n').length + (p.line > 0 ? 1 : 0) + p.character;
  return text.slice(offset(range.start), offset(range.end));
}

/** Applies non-overlapping edits to `text`. */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const offset = (p: Position): number =>
    text.split('\n').slice(0, p.line).join('\n').length + (p.line > 0 ? 1 : 0) + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const edit of sorted)
    out = out.slice(0, offset(edit.range.start)) + edit.newText + out.slice(offset(edit.range.end));
  return out;
}

async function complete(uri: string, position: Position): Promise<CompletionItem[]> {
  const result = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position });
  return Array.isArray(result) ? result : (result?.items ?? []);
}

async function hover(uri: string, position: Position): Promise<string | undefined> {
  const result = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
  return result ? (result.contents as MarkupContent).value : undefined;
}

/** The row of the specification's property table in `section` for `property`: its description cell. */
function specRow(section: string, property: string): string {
  const start = spec.indexOf(`\n### ${section} `);
  const end = spec.indexOf('\n### ', start + 1);
  const row = spec
    .slice(start, end)
    .split('\n')
    .find((line) => line.startsWith(`| \`${property}\` |`));
  assert.ok(row, `${section} has a row for ${property}`);
  const cells = row.split('|').map((c) => c.trim());
  return cells[cells.length - 2]!;
}

test('hover on a key shows the field of the object it belongs to, from the specification, with its section', async () => {
  const uri = await open(fullFeatured, 'yaml');
  const toolName = await hover(uri, positionOf(fullFeatured, '- name: analyze_game', 3));
  assert.ok(toolName, 'hover on a Tool name');
  assert.ok(toolName.includes(specRow('9.1', 'name')), toolName);
  assert.ok(toolName.includes('section 9.1'));
  assert.ok(toolName.includes('Tool Object'));

  const infoName = await hover(uri, positionOf(fullFeatured, '  name: chess-coach', 3));
  assert.ok(infoName?.includes(specRow('5.1', 'name')), 'the Info name is another field');
  assert.ok(infoName?.includes('section 5.1'));

  const hint = await hover(uri, positionOf(fullFeatured, 'readOnlyHint', 2));
  assert.ok(hint?.includes(specRow('9.6', 'readOnlyHint')));
  assert.ok(hint?.includes('default: `false`'), 'the Default column');

  assert.equal(await hover(uri, positionOf(fullFeatured, 'chess-coach', 2)), undefined, 'a value is not a key');
});

test('hover on a key works in JSON and while the text does not parse', async () => {
  const text = '{\n  "mcpdesc": "0.8.0",\n  "info": {\n    "name": "x",\n    "version": \n';
  const uri = await open(text, 'json');
  const version = await hover(uri, positionOf(text, '"version"', 3));
  assert.ok(version?.includes(specRow('5.1', 'version')));
});

test('completion offers the members of the object at the cursor, minus those present, in YAML', async () => {
  const text = 'mcpdesc: 0.8.0\ninfo:\n  name: x\n  \nprotocolVersions:\n- 2025-11-25\n';
  const uri = await open(text, 'yaml');
  const items = await complete(uri, { line: 3, character: 2 });
  const labels = items.map((i) => i.label);
  const specified = [
    ...spec.slice(spec.indexOf('### 5.1 '), spec.indexOf('### 5.2 ')).matchAll(/^\| `([^`]+)` \|/gm),
  ].map((m) => m[1]);
  assert.deepEqual(labels.sort(), specified.filter((p) => p !== 'name').sort());
  const version = items.find((i) => i.label === 'version')!;
  assert.equal(version.textEdit && 'range' in version.textEdit ? version.textEdit.newText : '', 'version: ');
  assert.ok((version.documentation as MarkupContent).value.includes(specRow('5.1', 'version')));
});

test('completion is revision-aware: a field no declared revision defines is not offered, a partly defined one has a note', async () => {
  const base = (versions: string): string =>
    `mcpdesc: 0.8.0\ninfo:\n  name: x\n  version: '1'\nprotocolVersions: [${versions}]\ntools:\n- name: t\n  inputSchema: {type: object}\n  \n`;
  const old = base('2024-11-05');
  const oldItems = (await complete(await open(old, 'yaml'), { line: 8, character: 2 })).map((i) => i.label);
  for (const field of ['title', 'icons', 'outputSchema', 'annotations', 'execution'])
    assert.ok(!oldItems.includes(field), `${field} is not in MCP 2024-11-05`);
  assert.ok(oldItems.includes('description'));

  const mixed = base('2025-06-18, 2025-11-25');
  const mixedItems = await complete(await open(mixed, 'yaml'), { line: 8, character: 2 });
  const title = mixedItems.find((i) => i.label === 'title');
  assert.ok(title && !title.detail?.includes('not defined'), 'title: defined by both');
  const icons = mixedItems.find((i) => i.label === 'icons');
  assert.ok(icons?.detail?.includes('not defined by MCP 2025-06-18'), String(icons?.detail));
});

test('completion of enum values and declared names: transport types, revisions, $componentRef targets, tags, elicitation declarations, schemes', async () => {
  // Typing a new tag item: the text stops decoding (an empty item is an ambiguous scalar), and
  // the names come from the last version that decoded.
  const uri = await open(fullFeatured, 'yaml');
  const insertAt = positionOf(fullFeatured, '- name: get_player_rating');
  const edited = client.nextDiagnostics(uri, (p) => p.version === 2);
  await client.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: insertAt, end: insertAt }, text: '  - \n' }],
  });
  await edited;
  const text = fullFeatured.replace(
    '  - analysis\n- name: get_player_rating',
    '  - analysis\n  - \n- name: get_player_rating',
  );
  const tagItems = await complete(uri, positionOf(text, '  - \n- name: get_player_rating', 4));
  const declared = (parseYaml(fullFeatured) as { tags: { name: string }[] }).tags.map((t) => t.name);
  assert.deepEqual(
    tagItems.map((i) => i.label),
    declared.filter((t) => t !== 'analysis'),
    'declared tags not yet on the tool',
  );

  const step = await complete(uri, positionOf(text, 'declaration: confirm_deep_analysis', 'declaration: '.length));
  assert.deepEqual(
    step.map((i) => i.label),
    ['confirm_deep_analysis'],
  );

  const transport = "mcpdesc: 0.8.0\nprotocolVersions: ['2024-11-05']\ntransports:\n- type: ''\n";
  const types = await complete(await open(transport, 'yaml'), { line: 3, character: 9 });
  assert.deepEqual(
    types.map((i) => i.label),
    ['stdio', 'sse'],
    'streamable-http is not defined by 2024-11-05',
  );

  const revisionsText = 'mcpdesc: 0.8.0\nprotocolVersions:\n- \n';
  const revisionItems = await complete(await open(revisionsText, 'yaml'), { line: 2, character: 2 });
  assert.deepEqual(
    revisionItems.map((i) => i.label),
    ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
  );
  assert.equal((revisionItems[0]!.textEdit as TextEdit).newText, '"2024-11-05"', 'quoted: a date-like plain scalar');

  const security =
    'mcpdesc: 0.8.0\nsecuritySchemes:\n  oauth: {type: oauth2}\n  key: {type: apiKey}\nsecurity:\n- oauth: []\n  \n';
  const schemes = await complete(await open(security, 'yaml'), { line: 6, character: 2 });
  assert.deepEqual(
    schemes.map((i) => [i.label, (i.textEdit as TextEdit).newText]),
    [['key', 'key: []']],
  );
});

test('$componentRef completion offers the components of the namespace the use site accepts, in JSON', async () => {
  const file = join(corpus, 'fixtures/expected-valid/reusable-components.json');
  const original = readFileSync(file, 'utf8');
  const value = JSON.parse(original) as { components: Record<string, Record<string, unknown>> };
  const text = original.replace('"$componentRef": "#/components/schemas/Input"', '"$componentRef": ""');
  const uri = await open(text, 'json');
  const items = await complete(uri, positionOf(text, '"$componentRef": ""', '"$componentRef": "'.length));
  assert.deepEqual(
    items.map((i) => i.label),
    Object.keys(value.components.schemas!).map((name) => `#/components/schemas/${name}`),
  );
  assert.equal((items[0]!.textEdit as TextEdit).newText, items[0]!.label, 'inside the quotes: the bare pointer');
});

test('completion works while the text does not parse: JSON cut off mid-member, YAML mid-key', async () => {
  const json = '{\n  "mcpdesc": "0.8.0",\n  "tools": [\n    { "name": "t", "inputSchema": {}, "ann';
  const jsonItems = await complete(await open(json, 'json'), positionOf(json, '"ann', 4));
  assert.ok(
    jsonItems.some((i) => i.label === 'annotations'),
    'Tool members',
  );
  assert.ok(!jsonItems.some((i) => i.label === 'name'), 'name is present');

  const yaml = 'mcpdesc: 0.8.0\ntools:\n- name: t\n  inputSchema: {type: object\n  annotations:\n    read';
  const yamlItems = await complete(await open(yaml, 'yaml'), positionOf(yaml, '    read', 8));
  assert.deepEqual(
    yamlItems.map((i) => i.label),
    [...spec.slice(spec.indexOf('### 9.6 '), spec.indexOf('### 9.7 ')).matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]),
  );
});

test('references and definition of a security scheme, a tag and an elicitation declaration', async () => {
  const uri = await open(fullFeatured, 'yaml');
  const value = parseYaml(fullFeatured) as { tools: { tags?: string[] }[]; resources?: { tags?: string[] }[] };
  const usesOfAnalysis = [...(value.tools ?? []), ...(value.resources ?? [])].filter((d) =>
    d.tags?.includes('analysis'),
  ).length;
  const references = (await client.connection.sendRequest(ReferencesRequest.type, {
    textDocument: { uri },
    position: positionOf(fullFeatured, '- name: analysis', 8),
    context: { includeDeclaration: true },
  })) as Location[];
  assert.ok(usesOfAnalysis > 0);
  const prompts = parseYaml(fullFeatured) as {
    prompts?: { tags?: string[] }[];
    resourceTemplates?: { tags?: string[] }[];
  };
  const all =
    usesOfAnalysis +
    [...(prompts.prompts ?? []), ...(prompts.resourceTemplates ?? [])].filter((d) => d.tags?.includes('analysis'))
      .length;
  assert.equal(references.length, all + 1, 'the declaration and each use');
  for (const location of references) assert.equal(textAt(fullFeatured, location.range), 'analysis');

  const scheme = (await client.connection.sendRequest(DefinitionRequest.type, {
    textDocument: { uri },
    position: positionOf(fullFeatured, '- oauth: []', 3),
  })) as Location;
  assert.equal(textAt(fullFeatured, scheme.range), 'oauth');
  assert.equal(scheme.range.start.line, positionOf(fullFeatured, '  oauth:\n    type: oauth2').line);

  const declaration = (await client.connection.sendRequest(DefinitionRequest.type, {
    textDocument: { uri },
    position: positionOf(fullFeatured, 'declaration: confirm_deep_analysis', 'declaration: '.length + 2),
  })) as Location;
  assert.equal(declaration.range.start.line, positionOf(fullFeatured, '- name: confirm_deep_analysis').line);
});

test('rename edits the declaration and every reference; an invalid or taken name is refused with a clear error', async () => {
  const file = join(corpus, 'fixtures/expected-valid/reusable-components.json');
  const text = readFileSync(file, 'utf8');
  const uri = await open(text, 'json');
  const at = positionOf(
    text,
    '"$componentRef": "#/components/schemas/Input"',
    '"$componentRef": "#/components/schemas/'.length + 1,
  );
  const prepared = await client.connection.sendRequest(PrepareRenameRequest.type, {
    textDocument: { uri },
    position: at,
  });
  assert.ok(prepared && 'placeholder' in prepared && prepared.placeholder === 'Input');
  const edit = (await client.connection.sendRequest(RenameRequest.type, {
    textDocument: { uri },
    position: at,
    newName: 'ToolInput',
  })) as WorkspaceEdit;
  const renamed = applyEdits(text, edit.changes![uri]!);
  const before = JSON.parse(text) as { components: { schemas: Record<string, unknown> } };
  const after = JSON.parse(renamed) as { components: { schemas: Record<string, unknown> } };
  assert.deepEqual(after.components.schemas.ToolInput, before.components.schemas.Input);
  assert.equal(after.components.schemas.Input, undefined);
  assert.equal(renamed.split('#/components/schemas/Input"').length, 1, 'no reference to the old name is left');
  assert.equal(
    renamed.split('#/components/schemas/ToolInput"').length,
    text.split('#/components/schemas/Input"').length,
    'each reference renamed',
  );

  await assert.rejects(
    client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position: at, newName: 'has space' }),
    /must match \^\[A-Za-z0-9\._-\]\+\$/,
  );
  const other = Object.keys(before.components.schemas).find((name) => name !== 'Input');
  if (other)
    await assert.rejects(
      client.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position: at, newName: other }),
      /is already declared/,
    );
});

test('rename of a YAML tag keeps the scalar style; a name YAML would misread is quoted', async () => {
  const uri = await open(fullFeatured, 'yaml');
  const edit = (await client.connection.sendRequest(RenameRequest.type, {
    textDocument: { uri },
    position: positionOf(fullFeatured, '- name: games', 9),
    newName: 'yes',
  })) as WorkspaceEdit;
  const renamed = parseYaml(applyEdits(fullFeatured, edit.changes![uri]!)) as {
    tags: { name: string }[];
    tools: { tags?: string[] }[];
  };
  const original = parseYaml(fullFeatured) as typeof renamed;
  assert.deepEqual(
    renamed.tags.map((t) => t.name),
    original.tags.map((t) => (t.name === 'games' ? 'yes' : t.name)),
  );
  assert.deepEqual(
    renamed.tools.map((t) => t.tags),
    original.tools.map((t) => t.tags?.map((tag) => (tag === 'games' ? 'yes' : tag))),
  );
});

test('workspace symbols find declarations and components across open documents', async () => {
  const a = await open(fullFeatured, 'yaml');
  const b = await open(readFileSync(join(corpus, 'examples/reusable-components.yaml'), 'utf8'), 'yaml');
  const symbols = (await client.connection.sendRequest(WorkspaceSymbolRequest.type, {
    query: 'analyze',
  })) as SymbolInformation[];
  const fromA = symbols.filter((s) => s.location.uri === a);
  assert.ok(fromA.some((s) => s.name === 'analyze_game' && s.containerName === 'Tools'));
  for (const s of symbols) assert.ok(s.name.toLowerCase().includes('analyze'));
  const all = (await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: '' })) as SymbolInformation[];
  const components = (
    parseYaml(readFileSync(join(corpus, 'examples/reusable-components.yaml'), 'utf8')) as {
      components: Record<string, Record<string, unknown>>;
    }
  ).components;
  for (const [namespace, map] of Object.entries(components))
    for (const name of Object.keys(map))
      assert.ok(
        all.some((s) => s.location.uri === b && s.name === name && s.containerName === namespace),
        `${namespace}/${name}`,
      );
});

async function actions(uri: string, range: Range): Promise<CodeAction[]> {
  return (await client.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range,
    context: { diagnostics: [] },
  })) as CodeAction[];
}

test('quick fixes: quote a YAML number where text is expected, keeping the digits typed', async () => {
  const text = "mcpdesc: 0.8.0\ninfo:\n  name: x\n  version: 1.10\nprotocolVersions: ['2025-11-25']\n";
  const uri = await open(text, 'yaml');
  const at = positionOf(text, '1.10', 1);
  const [fix, ...rest] = (await actions(uri, { start: at, end: at })).filter((a) => a.title.startsWith('Quote'));
  assert.equal(rest.length, 0);
  assert.ok(fix);
  const fixed = applyEdits(text, fix.edit!.changes![uri]!);
  assert.equal((parseYaml(fixed) as { info: { version: unknown } }).info.version, '1.10');

  const boolean =
    "mcpdesc: 0.8.0\ninfo:\n  name: x\n  version: '1'\nprotocolVersions: ['2025-11-25']\ntools:\n- name: t\n  inputSchema: {type: object}\n  deprecated: 1\n";
  const quiet = await open(boolean, 'yaml');
  const near = positionOf(boolean, 'deprecated: 1', 12);
  const quotes = (await actions(quiet, { start: near, end: near })).filter((a) => a.title.startsWith('Quote'));
  assert.deepEqual(quotes, [], 'a boolean field is not quoted into a string');
});

test('quick fixes: the immutable $schema URI for a mutable alias, and title scaffolding with no invented text', async () => {
  const text =
    '{\n  "$schema": "https://mcpdesc.org/schema/mcp-description/latest.json",\n  "mcpdesc": "0.8.0",\n  "info": { "name": "x", "version": "1.0.0" },\n  "protocolVersions": ["2025-11-25"],\n  "tools": [\n    {\n      "name": "run",\n      "inputSchema": { "type": "object" }\n    }\n  ]\n}\n';
  const uri = await open(text, 'json');
  const schemaAt = positionOf(text, 'latest.json');
  const [alias] = await actions(uri, { start: schemaAt, end: schemaAt });
  assert.ok(alias);
  const canonical = /`(https:\/\/mcpdesc\.org\/schema\/mcp-description\/0\.8\.0\.json)`/.exec(spec)![1];
  assert.equal((JSON.parse(applyEdits(text, alias.edit!.changes![uri]!)) as { $schema: string }).$schema, canonical);

  const toolAt = positionOf(text, '"name": "run"');
  const titles = (await actions(uri, { start: toolAt, end: toolAt })).filter((a) => a.title.includes('title'));
  assert.equal(titles.length, 1);
  const scaffolded = JSON.parse(applyEdits(text, titles[0]!.edit!.changes![uri]!)) as {
    tools: Record<string, unknown>[];
  };
  assert.deepEqual(scaffolded.tools[0], { name: 'run', title: '', inputSchema: { type: 'object' } });
  const everything = await actions(uri, { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } });
  for (const action of everything)
    for (const edit of action.edit!.changes![uri]!) assert.ok(!/Hint|annotations/.test(edit.newText), action.title);
});

test("quick fixes: a finding's own fix, preferred, is the edit lint --fix writes", async () => {
  const text = [
    'mcpdesc: 0.8.0',
    'protocolVersions:',
    '  - 2025-11-25   # served',
    '  - 2025-11-25',
    'info:',
    '  name: issue-tracker',
    '  title: Issue Tracker',
    '  version: 1.0.0',
    '  description: Issues of the current workspace.',
    '  x-Acme-owner: identity # team',
    '',
  ].join('\n');
  const uri = await open(text, 'yaml');
  const duplicateAt = positionOf(text, '2025-11-25', 0, 2);
  const [remove, ...others] = await actions(uri, { start: duplicateAt, end: duplicateAt });
  assert.ok(remove);
  assert.deepEqual(others, []);
  assert.equal(remove.title, 'Remove the repeated "2025-11-25"');
  assert.equal(remove.isPreferred, true);
  assert.equal(remove.diagnostics?.[0]?.code, 'mcpdesc.protocol-versions/duplicate');
  const removed = applyEdits(text, remove.edit!.changes![uri]!);
  assert.equal(removed, text.replace('  - 2025-11-25\n', ''));

  const keyAt = positionOf(text, 'x-Acme-owner');
  const [rename] = await actions(uri, { start: keyAt, end: keyAt });
  assert.ok(rename?.isPreferred);
  assert.equal(applyEdits(text, rename.edit!.changes![uri]!), text.replace('x-Acme-owner', 'x-acme-owner'));

  // The same text edited by lint --fix: both fixes, the same lines.
  const { fixText } = await import('mcpdesc-core/internal/lint/fix-passes.js');
  const second = await open(removed, 'yaml');
  const movedKey = positionOf(removed, 'x-Acme-owner');
  const [renameAfter] = await actions(second, { start: movedKey, end: movedKey });
  assert.equal(fixText(text, { format: 'yaml' }).text, applyEdits(removed, renameAfter!.edit!.changes![second]!));
});
