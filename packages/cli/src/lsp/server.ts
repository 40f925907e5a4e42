import { CodeActionKind, TextDocumentSyncKind, type Connection, type InitializeResult } from 'vscode-languageserver';
import { isObject } from 'mcpdesc-core/model';
import { version } from 'mcpdesc-core/report';
import { createChecker, type Checker } from './checking.js';
import { createDocumentStore, type DocumentStore } from './document-store.js';
import { isDescriptionDocument } from './recognise.js';
import { registerEditingRequests } from './requests-editing.js';
import { registerNavigationRequests } from './requests-navigation.js';
import type { RunningServer, ServerOptions } from './server-types.js';

export type { ConfigLookup, FullCheckOptions, FullCheckResult, RunningServer, ServerOptions } from './server-types.js';

/**
 * Quiet time after an edit before the document is checked again: typing runs one check, not one
 * per key. Short, because an edit inside one declaration is re-checked alone (milliseconds).
 */
const debounceMs = 50;

/** What the server announces in `initialize`. */
const capabilities: InitializeResult['capabilities'] = {
  textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
  documentSymbolProvider: true,
  hoverProvider: true,
  documentFormattingProvider: true,
  definitionProvider: true,
  referencesProvider: true,
  renameProvider: { prepareProvider: true },
  workspaceSymbolProvider: true,
  completionProvider: { triggerCharacters: ['"', "'", ':', '/'] },
  codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
};

/**
 * Which open documents are descriptions: one is taken when opened, or when it starts declaring
 * `mcpdesc` while open, and checked at once; an edit of a taken one is checked after the
 * debounce; a closed one is dropped and its findings cleared.
 */
function trackDescriptions(store: DocumentStore, checker: Checker, debounce: number): void {
  const { documents, states } = store;
  // Fired on open too (right after onDidOpen).
  documents.onDidChangeContent(({ document }) => {
    if (states.has(document.uri)) return checker.schedule(document.uri, debounce);
    if (!isDescriptionDocument(document.uri, document.getText(), document.languageId)) return;
    states.set(document.uri, { diagnostics: [] });
    checker.schedule(document.uri, 0);
    checker.warmUp();
  });
  documents.onDidClose(({ document }) => {
    const state = states.get(document.uri);
    if (!state) return;
    states.delete(document.uri);
    checker.forget(document.uri, state);
  });
}

/**
 * The mcpdesc language server on an LSP connection: diagnostics (validate + lint) on open and on
 * change, debounced and never stale; document and workspace symbols; hover on keys and on
 * diagnostics; completion; formatting; definition, references and rename of named things; safe
 * quick fixes. The host owns the transport and the file system.
 */
export function startServer(connection: Connection, options: ServerOptions): RunningServer {
  const store = createDocumentStore();
  const checker = createChecker(connection, store, options);
  const settings = { sortKeys: false };
  let shutdownReceived = false;

  connection.onInitialize((params): InitializeResult => {
    settings.sortKeys = isObject(params.initializationOptions) && params.initializationOptions.sortKeys === true;
    return { capabilities, serverInfo: { name: 'mcpdesc', version } };
  });
  trackDescriptions(store, checker, options.debounceMs ?? debounceMs);
  registerNavigationRequests(connection, store);
  registerEditingRequests(connection, store, settings);
  // After `shutdown` nothing more is checked: the pending checks are dropped, and `exit` (or the end of the connection) follows.
  connection.onShutdown(() => {
    shutdownReceived = true;
    checker.stop();
  });

  store.documents.listen(connection);
  connection.listen();
  return {
    get shutdownReceived() {
      return shutdownReceived;
    },
  };
}
