/** The language server's configuration reads: bounded, never blocking, as `mcpdesc lint`'s. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { DidOpenTextDocumentNotification } from 'vscode-languageserver-protocol/node';
import { sharedRoot } from '../helpers/paths.js';
import { startClient, type TestClient } from './client.js';

const minimal = readFileSync(join(sharedRoot, 'conformance/mcpdesc-0.8.0/examples/minimal.yaml'), 'utf8');

/** Shutdown and exit, bounded: a server wedged by a blocked read is killed, and the test fails rather than hangs. */
async function closeWithin(client: TestClient, ms: number): Promise<number | null | 'wedged'> {
  let timer: NodeJS.Timeout | undefined;
  const wedged = new Promise<'wedged'>((resolve) => (timer = setTimeout(() => resolve('wedged'), ms)));
  const code = await Promise.race([client.close(), wedged]);
  clearTimeout(timer);
  if (code === 'wedged') client.child.kill('SIGKILL');
  return code;
}

async function check(client: TestClient, file: string): Promise<void> {
  const uri = pathToFileURL(file).href;
  const published = client.nextDiagnostics(uri);
  await client.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'yaml', version: 1, text: minimal },
  });
  const { diagnostics } = await published;
  assert.ok(diagnostics.length > 0, `${file}: the recommended preset checked it`);
}

test(
  'a FIFO mcpdesc.config.json above the documents: every check still answers, and shutdown ends the server',
  { timeout: 60_000 },
  async () => {
    const directory = mkdtempSync(join(tmpdir(), 'mcpdesc-lsp-fifo-'));
    const client = await startClient();
    try {
      const fifo = join(directory, 'mcpdesc.config.json');
      execFileSync('mkfifo', [fifo]);
      mkdirSync(join(directory, 'servers'));
      // More checks than libuv has threads (4): a blocking open of the FIFO would hold one each.
      for (let i = 0; i < 6; i++) await check(client, join(directory, 'servers', `s${i}.mcpdesc.yaml`));
      const shown = client.messages.filter((m) => m.message.includes(fifo));
      assert.equal(shown.length, 1, 'shown once');
      assert.match(shown[0]!.message, /cannot read configuration .*: is a FIFO \(named pipe\), not a regular file/);
    } finally {
      assert.equal(await closeWithin(client, 10_000), 0, 'shutdown then exit ends the server with code 0');
      rmSync(directory, { recursive: true, force: true });
    }
  },
);

test(
  'a link to /dev/zero and a file everyone may write, as configurations: refused or ignored, named once',
  { timeout: 60_000 },
  async () => {
    const directory = mkdtempSync(join(tmpdir(), 'mcpdesc-lsp-zero-'));
    const client = await startClient();
    try {
      mkdirSync(join(directory, 'zero'));
      symlinkSync('/dev/zero', join(directory, 'zero/mcpdesc.config.json'));
      await check(client, join(directory, 'zero/a.mcpdesc.yaml'));
      mkdirSync(join(directory, 'open'));
      const writable = join(directory, 'open/mcpdesc.config.json');
      writeFileSync(writable, '{ "rules": 5 }');
      chmodSync(writable, 0o666);
      await check(client, join(directory, 'open/a.mcpdesc.yaml'));
      const messages = client.messages.map((m) => m.message);
      assert.ok(
        messages.some((m) => /zero\/mcpdesc\.config\.json: is a character device, not a regular file/.test(m)),
        messages.join('\n'),
      );
      assert.ok(
        messages.some((m) => m.includes(`ignoring configuration ${writable}: it is writable by every user`)),
        messages.join('\n'),
      );
    } finally {
      assert.equal(await closeWithin(client, 10_000), 0);
      rmSync(directory, { recursive: true, force: true });
    }
  },
);
