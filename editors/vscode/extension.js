// The mcpdesc extension: runs `mcpdesc lsp --stdio` while an MCP Description is open. VS Code
// cannot activate an extension on a file's content, so it activates for JSON and YAML too, but
// starts the server only when a description is open: a `*.mcpdesc.{json,yaml,yml}` file, or a
// JSON or YAML document declaring `mcpdesc` near its start (the server's own test, recognise.ts).
/* eslint-disable @typescript-eslint/no-require-imports -- VS Code loads extensions as CommonJS */
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

const descriptionName = /\.mcpdesc\.(json|ya?ml)$/i;
/** `"mcpdesc":` in JSON, or `mcpdesc:` (plain or quoted) starting a line in YAML; as the server reads it. */
const declaresMcpdesc = /"mcpdesc"\s*:|^['"]?mcpdesc['"]?\s*:/m;
/** How far into a document the declaration is looked for (the server's window). */
const declarationWindow = 4096;
const jsonOrYaml = new Set(['json', 'jsonc', 'yaml']);

/** Whether a document is one the server takes. */
function isDescription(document) {
  if (document.uri.scheme !== 'file' && document.uri.scheme !== 'untitled') return false;
  if (descriptionName.test(document.uri.path)) return true;
  if (!jsonOrYaml.has(document.languageId)) return false;
  const head = document.getText(new vscode.Range(0, 0, Math.min(document.lineCount, 400), 0));
  return declaresMcpdesc.test(head.slice(0, declarationWindow));
}

let client;
let output;
/** The pending start or stop, so that commands and setting changes never overlap. */
let transition = Promise.resolve();

function serverOptions() {
  const settings = vscode.workspace.getConfiguration('mcpdesc');
  const run = { command: settings.get('path', 'mcpdesc'), args: ['lsp'], transport: TransportKind.stdio };
  return { run, debug: run };
}

function createClient() {
  const settings = vscode.workspace.getConfiguration('mcpdesc');
  return new LanguageClient('mcpdesc', 'mcpdesc', serverOptions(), {
    documentSelector: [
      { scheme: 'file', pattern: '**/*.mcpdesc.{json,yaml,yml}' },
      { scheme: 'file', language: 'json' },
      { scheme: 'file', language: 'jsonc' },
      { scheme: 'file', language: 'yaml' },
      { scheme: 'untitled', language: 'json' },
      { scheme: 'untitled', language: 'yaml' },
    ],
    outputChannel: output,
    initializationOptions: { sortKeys: settings.get('sortKeys', false) },
  });
}

function queue(step) {
  transition = transition.then(step, step);
  return transition;
}

/** Starts the server if none runs; a missing command is reported with the setting to change. */
function start() {
  return queue(async () => {
    if (client) return;
    client = createClient();
    try {
      await client.start();
    } catch (error) {
      const command = vscode.workspace.getConfiguration('mcpdesc').get('path', 'mcpdesc');
      output.appendLine(`mcpdesc: could not start \`${command} lsp --stdio\`: ${String(error)}`);
      const choice = await vscode.window.showErrorMessage(
        `mcpdesc: could not start the language server (\`${command} lsp --stdio\`). Install mcpdesc-toolkit or set mcpdesc.path.`,
        'Open Settings',
        'Show Output',
      );
      if (choice === 'Open Settings')
        void vscode.commands.executeCommand('workbench.action.openSettings', 'mcpdesc.path');
      if (choice === 'Show Output') output.show();
      const failed = client;
      client = undefined;
      await failed.dispose().catch(() => undefined);
    }
  });
}

function stop() {
  return queue(async () => {
    if (!client) return;
    const running = client;
    client = undefined;
    await running.stop().catch(() => undefined);
  });
}

/** Starts the server when a description is (or becomes) open; nothing runs for other documents. */
function startForDescriptions() {
  if (!client && vscode.workspace.textDocuments.some(isDescription)) void start();
}

function activate(context) {
  output = vscode.window.createOutputChannel('mcpdesc');
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand('mcpdesc.restartServer', async () => {
      await stop();
      await start();
    }),
    vscode.commands.registerCommand('mcpdesc.showOutput', () => output.show()),
    vscode.workspace.onDidOpenTextDocument((document) => {
      if (!client && isDescription(document)) void start();
    }),
    vscode.workspace.onDidChangeTextDocument(({ document }) => {
      if (!client && isDescription(document)) void start();
    }),
    // The command and the formatting option are read when the server starts: a change restarts it.
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration('mcpdesc.path') && !event.affectsConfiguration('mcpdesc.sortKeys')) return;
      if (!client) return startForDescriptions();
      output.appendLine('mcpdesc: settings changed; restarting the language server');
      await stop();
      await start();
    }),
    { dispose: () => void stop() },
  );
  startForDescriptions();
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate, isDescription };
