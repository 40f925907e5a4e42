/** The `sortKeys` initialization option: formatting writes `mcpdesc convert --sort-keys`'s canonical order. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  DidOpenTextDocumentNotification,
  DocumentFormattingRequest,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { sharedRoot, binPath } from '../helpers/paths.js';
import { startClient } from './client.js';

test('with initializationOptions { sortKeys: true } formatting sorts keys as `mcpdesc convert --sort-keys` does', async () => {
  const file = join(sharedRoot, 'conformance/mcpdesc-0.8.0/examples/reusable-components.yaml');
  const text = readFileSync(file, 'utf8');
  const convert = (...flags: string[]) =>
    execFileSync(process.execPath, [binPath, 'convert', file, '--to', 'yaml', ...flags], {
      encoding: 'utf8',
    });
  const sorted = convert('--sort-keys');
  assert.notEqual(sorted, convert(), 'the example is not in canonical key order already');
  const client = await startClient({ sortKeys: true });
  try {
    const uri = 'file:///virtual/sorted.mcpdesc.yaml';
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'yaml', version: 1, text },
    });
    const edits = (await client.connection.sendRequest(DocumentFormattingRequest.type, {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    })) as TextEdit[];
    assert.equal(edits.length, 1);
    assert.equal(edits[0]!.newText, sorted);
  } finally {
    assert.equal(await client.close(), 0);
  }
});
