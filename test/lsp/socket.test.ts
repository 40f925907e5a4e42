/** `mcpdesc lsp --socket PORT`: the server connects to a client listening on the local host, as VS Code's socket transport does. */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { test } from 'node:test';
import {
  createProtocolConnection,
  InitializeRequest,
  SocketMessageReader,
  SocketMessageWriter,
} from 'vscode-languageserver-protocol/node';
import { binPath as bin } from '../helpers/paths.js';

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

test('a port that is not a number is a usage error (exit 2), before anything is started', () => {
  const run = spawnSync(process.execPath, [bin, 'lsp', '--socket', 'eighty'], { encoding: 'utf8' });
  assert.equal(run.status, 2);
  assert.match(run.stderr, /expected a TCP port number \(1-65535\), found "eighty"/);
});
