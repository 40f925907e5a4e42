/** `mcpdesc lsp --socket PORT`: the server connects to a client listening on the local host, as VS Code's socket transport does. */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { test } from 'node:test';
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  SocketMessageReader,
  SocketMessageWriter,
} from 'vscode-languageserver-protocol/node';
import { binPath as bin } from '../helpers/paths.js';
import { pause } from './client.js';

test('over a socket: initialize, shutdown and exit, code 0', async () => {
  const accepted = new Promise<Socket>((resolve) => {
    const server = createServer((socket) => {
      server.close();
      resolve(socket);
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      const child = spawn(process.execPath, [bin, 'lsp', '--socket', String(port)], { stdio: 'inherit' });
      exited = new Promise((done) => child.on('exit', done));
    });
  });
  let exited: Promise<number | null> = Promise.resolve(null);
  const socket = await accepted;
  const connection = createProtocolConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
  connection.listen();
  const result = await connection.sendRequest(InitializeRequest.type, {
    processId: null,
    rootUri: null,
    capabilities: {},
  });
  assert.equal(result.serverInfo?.name, 'mcpdesc');
  assert.equal(result.capabilities.completionProvider !== undefined, true);
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  assert.equal(await exited, 0);
  connection.dispose();
});

/** A server started on a socket to a port this test listens on: the accepted socket and the child's exit. */
async function serveOnSocket(): Promise<{
  socket: Socket;
  exited: Promise<{ code: number | null; signal: string | null }>;
}> {
  let exited!: Promise<{ code: number | null; signal: string | null }>;
  const socket = await new Promise<Socket>((resolve) => {
    const server = createServer((accepted) => {
      server.close();
      resolve(accepted);
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      const child = spawn(process.execPath, [bin, 'lsp', '--socket', String(port)], { stdio: 'inherit' });
      exited = new Promise((done) => child.on('exit', (code, signal) => done({ code, signal })));
      // A server still running when the test gives up is killed, so that the test fails rather than hangs.
      setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
    });
  });
  return { socket, exited };
}

/** A description with many findings (one per tool without a description): large publications. */
function manyFindings(tools: number, suffix = ''): string {
  const list = Array.from({ length: tools }, (_, i) => ({
    name: `tool-${i}${suffix}`,
    inputSchema: { type: 'object' },
  }));
  return JSON.stringify(
    { mcpdesc: '0.8.0', info: { name: 'many', version: '1.0.0' }, protocolVersions: ['2025-06-18'], tools: list },
    null,
    2,
  );
}

for (const [situation, steps, expected] of [
  // Before: Node's code 13 (a top-level await that never settles) and no message.
  ['with no document, no client process id', { open: false, shutdown: false, processId: null }, 1],
  // The watchdog of the client's process id is a timer that kept the server alive.
  ['with no document', { open: false, shutdown: false, processId: process.pid }, 1],
  ['after opening a document', { open: true, shutdown: false, processId: process.pid }, 1],
  ['after opening a document and shutdown', { open: true, shutdown: true, processId: process.pid }, 0],
] as const)
  test(`the client closing the socket ${situation} ends the server with code ${expected}, whatever is pending`, async () => {
    const { socket, exited } = await serveOnSocket();
    const connection = createProtocolConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
    connection.listen();
    await connection.sendRequest(InitializeRequest.type, {
      processId: steps.processId,
      rootUri: null,
      capabilities: {},
    });
    if (steps.open)
      // Large enough that its check is still running on the worker thread when the socket closes.
      await connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: {
          uri: 'file:///socket/many.mcpdesc.json',
          languageId: 'json',
          version: 1,
          text: manyFindings(2000),
        },
      });
    if (steps.shutdown) await connection.sendRequest('shutdown');
    connection.dispose();
    socket.destroy();
    assert.deepEqual(await exited, { code: expected, signal: null });
  });

test('a client that stops reading holds one publication per document, not one per edit', async () => {
  const { socket, exited } = await serveOnSocket();
  const connection = createProtocolConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
  const uri = 'file:///socket/stalled.mcpdesc.json';
  const versions: number[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    if (params.uri === uri) versions.push(params.version ?? 0);
  });
  connection.listen();
  await connection.sendRequest(InitializeRequest.type, { processId: null, rootUri: null, capabilities: {} });
  const edits = 12;
  socket.pause();
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text: manyFindings(2000) },
  });
  // Each edit renames every tool: a whole-text check and a publication of about 1 MB each, none read meanwhile.
  for (let version = 2; version <= edits + 1; version++) {
    await pause(300);
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ text: manyFindings(2000, `-${version}`) }],
    });
  }
  await pause(3000);
  const last = new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      if (versions.at(-1) === edits + 1) {
        clearInterval(poll);
        resolve();
      }
    }, 50);
  });
  socket.resume();
  await last;
  // The one being written when the client stopped reading, perhaps one more, and the latest.
  assert.ok(versions.length <= 3, `${versions.length} publications for ${edits + 1} versions: ${versions.join(', ')}`);
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  assert.deepEqual(await exited, { code: 0, signal: null });
  connection.dispose();
});

test('a port that is not a number is a usage error (exit 2), before anything is started', () => {
  const run = spawnSync(process.execPath, [bin, 'lsp', '--socket', 'eighty'], { encoding: 'utf8' });
  assert.equal(run.status, 2);
  assert.match(run.stderr, /expected a TCP port number \(1-65535\), found "eighty"/);
});
