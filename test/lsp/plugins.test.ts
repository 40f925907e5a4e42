import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { DidOpenTextDocumentNotification, HoverRequest } from 'vscode-languageserver-protocol/node';
import { repoRoot } from '../helpers/paths.js';
import { pause, startClient, type TestClient } from './client.js';

/** A project (a .git folder ends discovery) whose mcpdesc.config.mjs names the example plugin and a declarative rule. */
const project = mkdtempSync(join(tmpdir(), 'mcpdesc-lsp-plugins-'));
mkdirSync(join(project, '.git'));
cpSync(join(repoRoot, 'examples/mcpdesc-plugin-acme'), join(project, 'node_modules/mcpdesc-plugin-acme'), {
  recursive: true,
});
writeFileSync(
  join(project, 'mcpdesc.config.mjs'),
  `export default {
  plugins: { acme: 'mcpdesc-plugin-acme' },
  rules: { 'team/title': { given: 'tools[*].title', then: { function: 'defined' }, severity: 'error' } },
};
`,
);

let client: TestClient;
before(async () => {
  client = await startClient();
});
after(async () => {
  assert.equal(await client.close(), 0);
  rmSync(project, { recursive: true, force: true });
});

function documentWith(tool: Record<string, unknown>): string {
  return JSON.stringify({
    mcpdesc: '0.8.0',
    info: { name: 'x', version: '1.0.0' },
    protocolVersions: ['2025-06-18'],
    tools: [{ description: 'Gets a thing.', inputSchema: { type: 'object' }, ...tool }],
  });
}

/** The codes (`rule/code`, as the server names them) of the plugin's and the declarative rule's findings. */
async function ownCodes(name: string, text: string): Promise<string[]> {
  const uri = pathToFileURL(join(project, name)).href;
  const published = client.nextDiagnostics(uri);
  await client.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  const { diagnostics } = await published;
  const own = diagnostics.filter((d) => String(d.code).startsWith('acme/') || String(d.code).startsWith('team/'));
  // Our reference pages do not describe another author's rule: no link to them.
  for (const d of own) assert.equal(d.codeDescription, undefined, String(d.code));
  assert.ok(diagnostics.some((d) => d.codeDescription?.href.startsWith('https://mcpdesc.org/rules/')));
  return own.map((d) => String(d.code));
}

test('the language server runs the mcpdesc.config.mjs plugin rule and declarative rule, and stays quiet where they pass', async () => {
  assert.deepEqual((await ownCodes('failing.mcpdesc.json', documentWith({ name: 'get_x' }))).sort(), [
    'acme/tool-prefix/missing-prefix',
    'team/title/defined',
  ]);
  assert.deepEqual(await ownCodes('passing.mcpdesc.json', documentWith({ name: 'acme_x', title: 'X' })), []);
  assert.deepEqual(client.messages, [], 'no configuration error shown');
});

test('a plugin rule that never returns is stopped at --check-timeout: the server still answers a hover, and names the configuration', async () => {
  const looping = mkdtempSync(join(tmpdir(), 'mcpdesc-lsp-loop-'));
  mkdirSync(join(looping, '.git'));
  writeFileSync(
    join(looping, 'mcpdesc.config.mjs'),
    `const spin = {
  id: 'spin/forever', kind: 'lint', severity: 'warning', codes: { never: 'never reported' },
  create: () => ({ primitive() { for (;;); } }),
};
export default { plugins: { spin: { rules: [spin] } }, rules: { 'spin/forever': 'error' } };
`,
  );
  const bounded = await startClient(undefined, ['--check-timeout', '2']);
  try {
    const uri = pathToFileURL(join(looping, 'server.mcpdesc.json')).href;
    const text = documentWith({ name: 'get_x' });
    const published = bounded.nextDiagnostics(uri);
    await bounded.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'json', version: 1, text },
    });
    // The checker thread is spinning now: the server's own thread answers at once.
    await pause(500);
    const asked = Date.now();
    const hover = await bounded.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: { line: 0, character: 3 },
    });
    assert.ok(Date.now() - asked < 1000, `hover answered in ${Date.now() - asked} ms`);
    assert.match(JSON.stringify(hover), /mcpdesc/);
    const { diagnostics } = await published;
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ['source.limit/max-file-time'],
    );
    assert.match(
      String(diagnostics[0]!.message),
      /took longer than 2000 ms and was stopped \(configuration .*mcpdesc\.config\.mjs: a plugin rule may never return\)/,
    );
    assert.equal(bounded.messages.length, 1);
    assert.match(bounded.messages[0]!.message, /server\.mcpdesc\.json: not checked: .*mcpdesc\.config\.mjs/);
  } finally {
    assert.equal(await bounded.close(), 0);
    rmSync(looping, { recursive: true, force: true });
  }
});
