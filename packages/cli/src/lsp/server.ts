import {
  MessageType,
  ShowMessageNotification,
  TextDocumentSyncKind,
  TextDocuments,
  type Connection,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import { isObject } from 'mcpdesc-core/internal/model/values.js';
import type { LintConfig } from 'mcpdesc-core/internal/lint/config.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { lintRules } from 'mcpdesc-core/internal/lint/rules/index.js';
import { version } from 'mcpdesc-core/internal/report/version.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import type { ParseResult } from 'mcpdesc-core/internal/source/types.js';
import { ruleSummaries } from 'mcpdesc-core/internal/validate/rule-summaries.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { componentDefinition } from './definition.js';
import { toLspDiagnostic } from './diagnostics.js';
import { formatDocument } from './formatting.js';
import { diagnosticHover, type RuleSummary } from './hover.js';
import { isDescriptionDocument } from './recognise.js';
import { documentSymbols } from './symbols.js';

/** The lint configuration that applies to a document, found by the host (which reads files). */
export interface ConfigLookup {
  config?: LintConfig;
  /** The document's path relative to the configuration's directory, for its `overrides`. */
  path?: string;
  /** Why the configuration found could not be used (it is then ignored). */
  error?: string;
}

export interface ServerOptions {
  /** The nearest `mcpdesc.config.json` for a document URI; none means the recommended preset. */
  findConfig(uri: string): Promise<ConfigLookup>;
}

/** Quiet time after an edit before the document is checked again: typing runs one check, not one per key. */
const debounceMs = 150;

/** What the server keeps per open description: the last findings (for hover), the pending check, the last decoding. */
interface DocumentState {
  diagnostics: Diagnostic[];
  timer?: ReturnType<typeof setTimeout>;
  /** The decoded text of one version, for symbols and definition (editors ask for them after every edit). */
  parsed?: { version: number; result: ParseResult };
}

/**
 * The mcpdesc language server on an LSP connection: diagnostics (validate + lint) on open and on
 * change, debounced and never stale, document symbols, hover on a diagnostic, formatting and
 * go to definition for `$componentRef`. The host owns the transport and the file system.
 */
export function startServer(connection: Connection, options: ServerOptions): void {
  const documents = new TextDocuments(TextDocument);
  const states = new Map<string, DocumentState>();
  const schemas = createSchemaService();
  const rules = new Map<string, RuleSummary>(ruleSummaries());
  for (const rule of lintRules) rules.set(rule.id, { summary: rule.docs.summary, spec: rule.spec });
  const reportedConfigErrors = new Set<string>();

  const described = (uri: string): TextDocument | undefined => {
    const document = documents.get(uri);
    return document && states.has(uri) ? document : undefined;
  };
  const parse = (document: TextDocument): ParseResult => {
    const state = states.get(document.uri)!;
    if (state.parsed?.version !== document.version)
      state.parsed = {
        version: document.version,
        result: parseDescription(document.getText(), { filename: document.uri }),
      };
    return state.parsed.result;
  };

  async function check(uri: string): Promise<void> {
    const document = documents.get(uri);
    const state = states.get(uri);
    if (!document || !state) return;
    const checkedVersion = document.version;
    const found = await options.findConfig(uri);
    if (found.error !== undefined && !reportedConfigErrors.has(found.error)) {
      reportedConfigErrors.add(found.error);
      // A notification, not window/showMessageRequest: there is nothing to choose.
      void connection.sendNotification(ShowMessageNotification.type, {
        type: MessageType.Error,
        message: `mcpdesc: ${found.error}; using the recommended preset`,
      });
    }
    // A newer edit (or a close) while the configuration was read: its own check publishes.
    const current = documents.get(uri);
    if (!current || current.version !== checkedVersion || states.get(uri) !== state) return;
    const result = lint(current.getText(), {
      filename: uri,
      schemas,
      ...(found.config ? { config: found.config } : {}),
      ...(found.path !== undefined ? { path: found.path } : {}),
    });
    state.diagnostics = result.diagnostics;
    await connection.sendDiagnostics({
      uri,
      version: checkedVersion,
      diagnostics: result.diagnostics.map(toLspDiagnostic),
    });
  }

  function schedule(uri: string, delay: number): void {
    const state = states.get(uri);
    if (!state) return;
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      check(uri).catch((error: unknown) => connection.console.error(`mcpdesc: ${String(error)}`));
    }, delay);
  }

  let sortKeys = false;
  connection.onInitialize((params): InitializeResult => {
    sortKeys = isObject(params.initializationOptions) && params.initializationOptions.sortKeys === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        documentSymbolProvider: true,
        hoverProvider: true,
        documentFormattingProvider: true,
        definitionProvider: true,
      },
      serverInfo: { name: 'mcpdesc', version },
    };
  });

  // Fired on open too (right after onDidOpen): a document newly taken is checked at once, an edit after the debounce.
  documents.onDidChangeContent(({ document }) => {
    if (states.has(document.uri)) return schedule(document.uri, debounceMs);
    // Opened, or a file that starts declaring `mcpdesc` while open: taken from then on.
    if (!isDescriptionDocument(document.uri, document.getText(), document.languageId)) return;
    states.set(document.uri, { diagnostics: [] });
    schedule(document.uri, 0);
  });
  documents.onDidClose(({ document }) => {
    const state = states.get(document.uri);
    if (!state) return;
    clearTimeout(state.timer);
    states.delete(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  connection.onDocumentSymbol(({ textDocument }) => {
    const document = described(textDocument.uri);
    if (!document) return null;
    const parsed = parse(document);
    return parsed.document === undefined ? [] : documentSymbols(parsed.document, parsed.sourceMap);
  });
  connection.onHover(({ textDocument, position }) => {
    const state = described(textDocument.uri) && states.get(textDocument.uri);
    return state ? diagnosticHover(state.diagnostics, position, rules) : null;
  });
  connection.onDocumentFormatting(({ textDocument }) => {
    const document = described(textDocument.uri);
    if (!document) return null;
    const end = document.positionAt(document.getText().length);
    const outcome = formatDocument(document.getText(), document.uri, end, { sortKeys });
    if (outcome.ok) return outcome.edits;
    connection.console.info(
      outcome.reason === 'yaml-comments'
        ? `mcpdesc: not formatting ${document.uri}: it has YAML comments, which the canonical serializer does not keep`
        : `mcpdesc: not formatting ${document.uri}: it does not decode`,
    );
    return null;
  });
  connection.onDefinition(({ textDocument, position }) => {
    const document = described(textDocument.uri);
    if (!document) return null;
    const parsed = parse(document);
    if (parsed.document === undefined) return null;
    const range = componentDefinition(parsed.document, parsed.sourceMap, position);
    return range ? { uri: document.uri, range } : null;
  });

  documents.listen(connection);
  connection.listen();
}
