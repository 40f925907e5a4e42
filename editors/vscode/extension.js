// The mcpdesc extension: starts `mcpdesc lsp --stdio` for JSON and YAML documents. The server
// takes *.mcpdesc.{json,yaml,yml} files and any JSON or YAML file declaring `mcpdesc`, and ignores
// every other document, so it is attached to all of them.
/* eslint-disable @typescript-eslint/no-require-imports -- VS Code loads extensions as CommonJS */
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration('mcpdesc');
  const command = settings.get('path', 'mcpdesc');
  const run = { command, args: ['lsp'], transport: TransportKind.stdio };
  client = new LanguageClient(
    'mcpdesc',
    'mcpdesc',
    { run, debug: run },
    {
      documentSelector: [
        { scheme: 'file', language: 'json' },
        { scheme: 'file', language: 'jsonc' },
        { scheme: 'file', language: 'yaml' },
        { scheme: 'untitled', language: 'json' },
        { scheme: 'untitled', language: 'yaml' },
      ],
      initializationOptions: { sortKeys: settings.get('sortKeys', false) },
    },
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
