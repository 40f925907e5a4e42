/**
 * The server cannot be held by what it waits for: the end of its input ends it whatever is
 * pending, and a configuration read that never answers delays a document's checks by a bounded
 * time, once, without piling up reads.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShowMessageNotification,
  StreamMessageReader,
  StreamMessageWriter,
  type PublishDiagnosticsParams,
  type ShowMessageParams,
} from 'vscode-languageserver-protocol/node';
import { createConnection } from 'vscode-languageserver/node';
import { startServer, type ConfigLookup } from 'mcpdesc-toolkit/internal/lsp/server.js';
import { pause, startClient } from './client.js';

const text = 'mcpdesc: 0.8.0\ninfo:\n  name: lifecycle\n  version: 1.0.0\ntools: []\n';

/** A large description whose whole-text check is still running when the input ends. */
const large = JSON.stringify({
  mcpdesc: '0.8.0',
  info: { name: 'large', version: '1.0.0' },
  tools: Array.from({ length: 3000 }, (_, i) => ({ name: `tool-${i}`, inputSchema: { type: 'object' } })),
});

for (const shutdown of [false, true])
  test(`the end of standard input ends the server with a check pending, code ${shutdown ? 0 : 1}${shutdown ? ' after shutdown' : ''}`, async () => {
    const client = await startClient();
    const exited = new Promise<number | null>((resolve) => client.child.on('exit', resolve));
    const killer = setTimeout(() => client.child.kill('SIGKILL'), 20_000);
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: 'file:///lifecycle/large.mcpdesc.json', languageId: 'json', version: 1, text: large },
    });
    await pause(100);
    if (shutdown) await client.connection.sendRequest('shutdown');
    client.child.stdin!.end();
    assert.equal(await exited, shutdown ? 0 : 1);
    clearTimeout(killer);
    client.connection.dispose();
  });

test('a configuration read that never answers: checks go on with the recommended preset after the timeout, one read per document', async () => {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  let reads = 0;
  startServer(createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient)), {
    findConfig: () => {
      reads++;
      return new Promise<ConfigLookup>(() => {});
    },
    configTimeoutMs: 300,
  });
  const client = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  const published: PublishDiagnosticsParams[] = [];
  const messages: ShowMessageParams[] = [];
  client.onNotification(PublishDiagnosticsNotification.method, (params: PublishDiagnosticsParams) => {
    published.push(params);
  });
  client.onNotification(ShowMessageNotification.method, (params: ShowMessageParams) => {
    messages.push(params);
  });
  client.listen();
  await client.sendRequest(InitializeRequest.type, { processId: null, rootUri: null, capabilities: {} });
  const uri = 'file:///lifecycle/stuck/tools.mcpdesc.yaml';
  await client.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'yaml', version: 1, text },
  });
  // Requests are answered while the configuration is awaited.
  const started = performance.now();
  await client.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 1 } });
  assert.ok(performance.now() - started < 250, 'hover waited for the configuration');
  for (let version = 2; version <= 6; version++) {
    await client.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ text: text.replace('lifecycle', `lifecycle-${version}`) }],
    });
    await pause(60);
  }
  for (let waited = 0; published.at(-1)?.version !== 6 && waited < 100; waited++) await pause(50);
  assert.equal(published.at(-1)?.version, 6, `publications: ${published.map((p) => p.version).join(', ')}`);
  assert.equal(reads, 1, 'the configuration was read again while the first read was still under way');
  assert.equal(messages.length, 1);
  assert.match(
    messages[0]!.message,
    /the configuration for file:\/\/\/lifecycle\/stuck\/tools\.mcpdesc\.yaml was not read within 300 ms; using the recommended preset/,
  );
  client.dispose();
});
