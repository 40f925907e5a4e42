import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { DidOpenTextDocumentNotification } from 'vscode-languageserver-protocol/node';
import { repoRoot } from '../helpers/paths.js';
import { startClient, type TestClient } from './client.js';

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
