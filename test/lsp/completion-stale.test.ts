/**
 * Completion right after an edit, before the edit is checked: the server still holds the value
 * an older text decoded to. A new array entry then sits at the index of the entry that was there
 * before; completion must offer what the schema allows for the new entry, not what the old one
 * holds. The server runs in process with a debounce no test waits for, so the stale state is real.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, test } from 'node:test';
import {
  CompletionRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
  type CompletionItem,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { createConnection } from 'vscode-languageserver/node';
import { startServer } from 'mcpdesc-toolkit/internal/lsp/server.js';

let client: ProtocolConnection;
const published: PublishDiagnosticsParams[] = [];

before(async () => {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  startServer(createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient)), {
    findConfig: () => Promise.resolve({}),
    // An edit is never checked while a test runs: completion reads the value of the opened text.
    debounceMs: 600_000,
  });
  client = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  client.onNotification(PublishDiagnosticsNotification.method, (params: PublishDiagnosticsParams) => {
    published.push(params);
  });
  client.listen();
  await client.sendRequest(InitializeRequest.type, { processId: null, rootUri: null, capabilities: {} });
});
after(async () => {
  // Drops the held-back checks (their timers would keep the process alive).
  await client.sendRequest('shutdown');
  client.dispose();
});

let opened = 0;
/** Opens `before`, waits for its check, then replaces the text with `after`, which is not checked. */
async function openThenEdit(before: string, after: string, extension: 'json' | 'yaml'): Promise<string> {
  const uri = `file:///virtual/stale-${++opened}.mcpdesc.${extension}`;
  await client.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: extension, version: 1, text: before },
  });
  for (let waited = 0; !published.some((p) => p.uri === uri) && waited < 200; waited++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(
    published.some((p) => p.uri === uri),
    'the opened text was checked',
  );
  await client.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [{ text: after }],
  });
  return uri;
}

/** The completion labels at the end of the first `marker` in `text` (the cursor sits after it). */
async function labelsAfter(uri: string, text: string, marker: string): Promise<string[]> {
  const offset = text.indexOf(marker) + marker.length;
  assert.ok(offset >= marker.length, `${marker} is in the text`);
  const before = text.slice(0, offset);
  const position = { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
  const result = await client.sendRequest(CompletionRequest.type, { textDocument: { uri }, position });
  const items: CompletionItem[] = Array.isArray(result) ? result : (result?.items ?? []);
  return items.map((i) => i.label).sort();
}

/** What completion offers at `marker` in `text` opened and checked as it is (nothing stale). */
async function freshLabels(text: string, marker: string, extension: 'json' | 'yaml'): Promise<string[]> {
  const uri = await openThenEdit(text, text, extension);
  return labelsAfter(uri, text, marker);
}

const yamlBefore = "mcpdesc: 0.8.0\nprotocolVersions: ['2025-11-25']\ntransports:\n- type: stdio\n  command: srv\n";
const jsonBefore = JSON.stringify(
  { mcpdesc: '0.8.0', protocolVersions: ['2025-11-25'], transports: [{ type: 'stdio', command: 'srv' }] },
  null,
  2,
);

test("YAML: a transport inserted before another is offered every type, not the old entry's one", async () => {
  const after = yamlBefore.replace('transports:\n', 'transports:\n- type: \n');
  const uri = await openThenEdit(yamlBefore, after, 'yaml');
  const types = await labelsAfter(uri, after, '- type: ');
  const alone = "mcpdesc: 0.8.0\nprotocolVersions: ['2025-11-25']\ntransports:\n- type: \n";
  assert.deepEqual(types, await freshLabels(alone, '- type: ', 'yaml'));
  assert.ok(types.includes('streamable-http') && types.includes('sse'), types.join());

  // The members of the new entry: those of a transport whose type is not known yet, not stdio's.
  const keysText = yamlBefore.replace('transports:\n', 'transports:\n- \n');
  const keysUri = await openThenEdit(yamlBefore, keysText, 'yaml');
  const keys = await labelsAfter(keysUri, keysText, 'transports:\n- ');
  const aloneKeys = "mcpdesc: 0.8.0\nprotocolVersions: ['2025-11-25']\ntransports:\n- \n";
  assert.deepEqual(keys, await freshLabels(aloneKeys, 'transports:\n- ', 'yaml'));
  assert.ok(!keys.includes('command'), keys.join());
});

test('JSON: a transport inserted before another is offered every type and its own members', async () => {
  const after = jsonBefore.replace('"transports": [\n', '"transports": [\n    { "type": "" },\n');
  const uri = await openThenEdit(jsonBefore, after, 'json');
  const types = await labelsAfter(uri, after, '{ "type": "');
  const alone = '{ "mcpdesc": "0.8.0", "protocolVersions": ["2025-11-25"], "transports": [{ "type": "" }] }';
  assert.deepEqual(types, await freshLabels(alone, '{ "type": "', 'json'));
  assert.ok(types.includes('streamable-http') && types.includes('sse'), types.join());

  // Mid-edit: the text does not decode, the last decoded value is the old one.
  const cut = jsonBefore.replace('"transports": [\n', '"transports": [\n    { "');
  const cutUri = await openThenEdit(jsonBefore, cut, 'json');
  const keys = await labelsAfter(cutUri, cut, '[\n    { "');
  const aloneKeys = '{ "mcpdesc": "0.8.0", "protocolVersions": ["2025-11-25"], "transports": [{ "" }] }';
  assert.deepEqual(keys, await freshLabels(aloneKeys, '[{ "', 'json'));
  assert.ok(!keys.includes('command'), keys.join());
});

test('an entry whose members are those the text shows keeps its branch while stale', async () => {
  // The existing stdio entry, a member being added: its type still chooses stdio's members.
  const after = yamlBefore.replace('  command: srv\n', '  command: srv\n  \n');
  const uri = await openThenEdit(yamlBefore, after, 'yaml');
  const keys = await labelsAfter(uri, after, 'command: srv\n  ');
  assert.ok(keys.includes('args') && keys.includes('env'), keys.join());
  assert.ok(!keys.includes('url'), keys.join());
});

test('a revision item inserted before others is not offered the revision that sat at its index', async () => {
  const yaml = 'mcpdesc: 0.8.0\nprotocolVersions:\n- 2025-06-18\n- 2025-11-25\n';
  const yamlAfter = yaml.replace('protocolVersions:\n', 'protocolVersions:\n- \n');
  const yamlLabels = await labelsAfter(await openThenEdit(yaml, yamlAfter, 'yaml'), yamlAfter, 'protocolVersions:\n- ');
  const json = '{ "mcpdesc": "0.8.0", "protocolVersions": ["2025-06-18", "2025-11-25"] }';
  const jsonAfter = json.replace('["2025', '["", "2025');
  const jsonLabels = await labelsAfter(await openThenEdit(json, jsonAfter, 'json'), jsonAfter, '["');
  for (const labels of [yamlLabels, jsonLabels]) {
    assert.ok(!labels.includes('2025-06-18') && !labels.includes('2025-11-25'), `present: ${labels.join()}`);
    assert.ok(labels.includes('2026-07-28'), labels.join());
  }
  // The same item typed over in place (as many items as before): its old value is offered again.
  const retyped = yaml.replace('- 2025-06-18', '- 2025');
  const retypedLabels = await labelsAfter(await openThenEdit(yaml, retyped, 'yaml'), retyped, '- 2025');
  assert.ok(retypedLabels.includes('2025-06-18') && !retypedLabels.includes('2025-11-25'), retypedLabels.join());
});
