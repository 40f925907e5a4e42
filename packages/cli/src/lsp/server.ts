import {
  CodeActionKind,
  CodeActionRequest,
  CompletionRequest,
  DefinitionRequest,
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  HoverRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  WorkspaceSymbolRequest,
  MarkupKind,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  TextDocumentSyncKind,
  TextDocuments,
  type Connection,
  type Hover,
  type InitializeResult,
  type Location,
  type MarkupContent,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import { isObject } from 'mcpdesc-core/internal/model/values.js';
import type { LintConfig } from 'mcpdesc-core/internal/lint/config.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { lintValue } from 'mcpdesc-core/internal/lint/lint-value.js';
import { revisions } from 'mcpdesc-core/internal/model/revisions.js';
import { defaultSpecVersion } from 'mcpdesc-core/internal/model/spec-versions.js';
import { documentedLintRules } from 'mcpdesc-core/internal/lint/rule-documentation.js';
import { version } from 'mcpdesc-core/internal/report/version.js';
import { formatFromName, parseDescription, sniffFormat } from 'mcpdesc-core/internal/source/index.js';
import type { ParseResult } from 'mcpdesc-core/internal/source/types.js';
import { ruleSummaries } from 'mcpdesc-core/internal/validate/rule-summaries.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { codeActions } from './code-actions.js';
import { completions } from './completion.js';
import { componentDefinition } from './definition.js';
import { toLspDiagnostic } from './diagnostics.js';
import { keyHover } from './field-hover.js';
import { formatDocument } from './formatting.js';
import { diagnosticHover, type RuleSummary } from './hover.js';
import { nameSites, occurrences, siteAt, type NameSite } from './names.js';
import { quickRecheck, type CheckedText } from './incremental.js';
import { isDescriptionDocument } from './recognise.js';
import { latestPublications } from './latest-publications.js';
import { renameEdits } from './rename.js';
import {
  position as lspPosition,
  range as lspRange,
  referenceContext,
  requestParams,
  string,
  textDocument as documentIdentifier,
} from './request-params.js';
import { documentSymbols, workspaceSymbols } from './symbols.js';

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
  /**
   * Validates and lints a whole text (what `mcpdesc lint` reports for it). The Node host runs it
   * in a worker thread, so that requests are answered while a large document is checked; by
   * default it runs here. Undefined: superseded by a newer check of the same document.
   */
  fullCheck?(text: string, options: FullCheckOptions): Promise<Diagnostic[] | undefined>;
  /** How long a check waits for `findConfig` before it goes on with the recommended preset (default 2 s). */
  configTimeoutMs?: number;
}

/** What the host needs to know of the server to end the process as LSP says. */
export interface RunningServer {
  /** Whether the client sent `shutdown`: exit code 0 when the connection ends, 1 otherwise. */
  readonly shutdownReceived: boolean;
}

/** What a whole-text check needs: the file name (for the format) and the lint configuration. */
export interface FullCheckOptions {
  filename: string;
  config?: LintConfig;
  path?: string;
}

/**
 * Quiet time after an edit before the document is checked again: typing runs one check, not one
 * per key. Short, because an edit inside one declaration is re-checked alone (milliseconds).
 */
const debounceMs = 50;
/** Quiet time after a quick re-check before the exact whole-document check that confirms it. */
const exactDelayMs = 400;
/** Quick re-checks in a row before the text is decoded whole again (each adds a step to source-map lookups). */
const maxSplices = 32;

/** Whether two finished (sorted) lists hold the same findings at the same places. */
function sameFindings(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a.length !== b.length) return false;
  const place = (d: Diagnostic): string =>
    d.range ? `${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column}` : '';
  return a.every((d, i) => {
    const e = b[i]!;
    return (
      d === e ||
      (d.rule === e.rule &&
        d.code === e.code &&
        d.severity === e.severity &&
        d.pointer === e.pointer &&
        d.message === e.message &&
        place(d) === place(e))
    );
  });
}

/** What the server keeps per open description: the last findings (for hover), the pending check, the last decoding. */
interface DocumentState {
  diagnostics: Diagnostic[];
  timer?: ReturnType<typeof setTimeout>;
  /** The decoded text of one version, for symbols and definition (editors ask for them after every edit). */
  parsed?: { version: number; result: ParseResult; names?: NameSite[] };
  /** The text last checked and its findings: the next edit's quick re-check starts from them. */
  basis?: CheckedText;
  /** The pending exact check after a quick one. */
  exactTimer?: ReturnType<typeof setTimeout>;
  /** The last document value the text decoded to: completion reads declared names and branches from it mid-edit. */
  lastDecoded?: unknown;
}

/**
 * The fields of a request at a place in a document. Requests are registered with `onRequest`
 * rather than `onHover` and the like, which read progress tokens from the params before the
 * handler can check them (and fail on `"params": null`).
 */
const atPosition = { textDocument: documentIdentifier, position: lspPosition };

/**
 * The mcpdesc language server on an LSP connection: diagnostics (validate + lint) on open and on
 * change, debounced and never stale; document and workspace symbols; hover on keys and on
 * diagnostics; completion; formatting; definition, references and rename of named things; safe
 * quick fixes. The host owns the transport and the file system.
 */
export function startServer(connection: Connection, options: ServerOptions): RunningServer {
  const documents = new TextDocuments(TextDocument);
  const states = new Map<string, DocumentState>();
  const schemas = createSchemaService();
  const rules = new Map<string, RuleSummary>(ruleSummaries());
  for (const rule of documentedLintRules) rules.set(rule.id, { summary: rule.docs.summary, spec: rule.spec });
  const reportedConfigErrors = new Set<string>();
  const publish = latestPublications((params) => connection.sendDiagnostics(params));
  let shutdownReceived = false;
  const configTimeoutMs = options.configTimeoutMs ?? 2000;
  /** Configuration reads under way, per document: checks of the same document share one. */
  const configReads = new Map<string, { answer: Promise<ConfigLookup>; deadline: number }>();
  /**
   * The configuration for a check, waited for at most until the read's deadline: a read that
   * hangs (a file that never answers) delays each document's checks by the timeout once, and
   * holds one read per document, not one per edit. Checks run off the request path (timers), so
   * requests are answered meanwhile.
   */
  const configFor = async (uri: string): Promise<ConfigLookup> => {
    let read = configReads.get(uri);
    if (!read) {
      const answer = options.findConfig(uri).catch((error: unknown): ConfigLookup => ({
        error: `cannot read the configuration for ${uri}: ${String(error)}`,
      }));
      const started = { answer, deadline: Date.now() + configTimeoutMs };
      void answer.then(() => {
        if (configReads.get(uri) === started) configReads.delete(uri);
      });
      configReads.set(uri, started);
      read = started;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<ConfigLookup>((resolve) => {
      timer = setTimeout(
        () => resolve({ error: `the configuration for ${uri} was not read within ${configTimeoutMs} ms` }),
        Math.max(0, read.deadline - Date.now()),
      );
    });
    try {
      return await Promise.race([read.answer, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  let warm = false;
  /**
   * Whole texts are checked on the host's worker thread; the quick re-checks run here. The
   * first would pay for compiling the structural schema: a tiny document compiles it once, while
   * the first whole-text check runs.
   */
  const warmUp = (): void => {
    if (warm) return;
    warm = true;
    setTimeout(() => {
      const tool = { name: 'warm-up', inputSchema: { type: 'object' } };
      lintValue(
        {
          mcpdesc: defaultSpecVersion,
          info: { name: 'warm-up', version: '1' },
          protocolVersions: [...revisions],
          tools: [tool],
        },
        { schemas },
      );
    }, 0);
  };
  const fullCheck = (
    text: string,
    check: FullCheckOptions & { schemas: typeof schemas },
  ): Promise<Diagnostic[] | undefined> => {
    if (options.fullCheck) {
      const { schemas: _, ...transferable } = check;
      return options.fullCheck(text, transferable);
    }
    return Promise.resolve(lint(text, check).diagnostics);
  };

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
    if (state.parsed.result.document !== undefined) state.lastDecoded = state.parsed.result.document;
    return state.parsed.result;
  };
  /**
   * The format and the latest decoded value, without decoding again: completion and hover come
   * while the user types, before the edit's check, and read the cursor's place from the text.
   */
  const recent = (document: TextDocument): { format: 'json' | 'yaml'; value: unknown } => {
    const state = states.get(document.uri)!;
    const format =
      state.parsed?.result.format ?? formatFromName(document.uri) ?? sniffFormat(document.getText().slice(0, 4096));
    const value = state.parsed?.version === document.version ? state.parsed.result.document : undefined;
    return { format, value: value ?? state.lastDecoded };
  };
  /** The names of the current version (none when it does not decode): one walk per version. */
  const names = (document: TextDocument): NameSite[] => {
    const parsed = parse(document);
    const cached = states.get(document.uri)!.parsed!;
    cached.names ??= parsed.document === undefined ? [] : nameSites(parsed.document, parsed.sourceMap);
    return cached.names;
  };

  /**
   * Checks the document's current version and publishes its findings. `quick` allows the
   * declaration-only re-check of an edit inside one declaration (then an exact check follows
   * when the typing pauses); without it, or when the edit is not of that kind, the whole text
   * is checked (by `options.fullCheck`, off the main thread when the host provides one).
   */
  async function check(uri: string, quick: boolean): Promise<void> {
    const document = documents.get(uri);
    const state = states.get(uri);
    if (!document || !state || shutdownReceived) return;
    const checkedVersion = document.version;
    const found = await configFor(uri);
    if (found.error !== undefined && !reportedConfigErrors.has(found.error)) {
      reportedConfigErrors.add(found.error);
      // A notification, not window/showMessageRequest: there is nothing to choose.
      void connection.sendNotification(ShowMessageNotification.type, {
        type: MessageType.Error,
        message: `mcpdesc: ${found.error}; using the recommended preset`,
      });
    }
    // A newer edit (or a close) while the configuration was read: its own check publishes.
    const isCurrent = (): boolean => documents.get(uri)?.version === checkedVersion && states.get(uri) === state;
    if (!isCurrent()) return;
    const text = document.getText();
    const lintOptions = {
      filename: uri,
      schemas,
      ...(found.config ? { config: found.config } : {}),
      ...(found.path !== undefined ? { path: found.path } : {}),
    };
    const edited = { text, offsetAt: document.offsetAt.bind(document), positionAt: document.positionAt.bind(document) };
    const recheck = quick && state.basis ? quickRecheck(state.basis, edited, lintOptions) : undefined;
    clearTimeout(state.exactTimer);
    let diagnostics: Diagnostic[] | undefined;
    let parsed: ParseResult;
    let splices = 0;
    if (recheck) {
      ({ diagnostics, parsed, splices } = recheck);
      state.parsed = { version: checkedVersion, result: parsed };
      state.lastDecoded = parsed.document;
      state.exactTimer = setTimeout(() => {
        check(uri, false).catch((error: unknown) => connection.console.error(`mcpdesc: ${String(error)}`));
      }, exactDelayMs);
    } else {
      diagnostics = await fullCheck(text, lintOptions);
      // Checked off the main thread: the document may have moved on meanwhile.
      if (!diagnostics || !isCurrent()) return;
      const spliced = state.parsed?.version === checkedVersion && state.basis?.parsed === state.parsed.result;
      if (spliced && state.basis!.splices < maxSplices) {
        // The spliced decoding of this very text stays: decoding a large text again would block typing.
        parsed = state.basis!.parsed;
        splices = state.basis!.splices;
      } else {
        if (spliced) state.parsed = undefined;
        parsed = parse(document);
      }
    }
    const unchanged = state.basis?.text === text && sameFindings(state.diagnostics, diagnostics);
    state.diagnostics = diagnostics;
    state.basis = { text, parsed, diagnostics, splices };
    // The exact check of a quick result publishes only what it corrects: one publication per version otherwise.
    if (unchanged) return;
    publish({ uri, version: checkedVersion, diagnostics: diagnostics.map(toLspDiagnostic) });
  }

  function schedule(uri: string, delay: number): void {
    const state = states.get(uri);
    if (!state || shutdownReceived) return;
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      check(uri, true).catch((error: unknown) => connection.console.error(`mcpdesc: ${String(error)}`));
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
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        workspaceSymbolProvider: true,
        completionProvider: { triggerCharacters: ['"', "'", ':', '/'] },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
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
    warmUp();
  });
  documents.onDidClose(({ document }) => {
    const state = states.get(document.uri);
    if (!state) return;
    clearTimeout(state.timer);
    clearTimeout(state.exactTimer);
    states.delete(document.uri);
    publish({ uri: document.uri, diagnostics: [] });
  });

  connection.onRequest(DocumentSymbolRequest.type, (params: unknown) => {
    const { textDocument } = requestParams('textDocument/documentSymbol', params, { textDocument: documentIdentifier });
    const document = described(textDocument.uri);
    if (!document) return null;
    const parsed = parse(document);
    return parsed.document === undefined ? [] : documentSymbols(parsed.document, parsed.sourceMap);
  });
  connection.onRequest(HoverRequest.type, (params: unknown): Hover | null => {
    const { textDocument, position } = requestParams('textDocument/hover', params, atPosition);
    const document = described(textDocument.uri);
    if (!document) return null;
    const state = states.get(textDocument.uri)!;
    const { format, value } = recent(document);
    const key = keyHover(document.getText(), document.offsetAt(position), format, value, (offset) =>
      document.positionAt(offset),
    );
    const findings = diagnosticHover(state.diagnostics, position, rules);
    if (!key || !findings) return key ?? findings;
    const text = (hover: Hover): string => (hover.contents as MarkupContent).value;
    return { contents: { kind: MarkupKind.Markdown, value: `${text(key)}\n\n---\n\n${text(findings)}` } };
  });
  connection.onRequest(DocumentFormattingRequest.type, (params: unknown) => {
    const { textDocument } = requestParams('textDocument/formatting', params, { textDocument: documentIdentifier });
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
  connection.onRequest(DefinitionRequest.type, (params: unknown): Location | null => {
    const { textDocument, position } = requestParams('textDocument/definition', params, atPosition);
    const document = described(textDocument.uri);
    if (!document) return null;
    const parsed = parse(document);
    if (parsed.document === undefined) return null;
    const range = componentDefinition(parsed.document, parsed.sourceMap, position);
    if (range) return { uri: document.uri, range };
    const sites = names(document);
    const here = siteAt(sites, position);
    const declaration = here && occurrences(sites, here).find((site) => site.role === 'declaration');
    return declaration ? { uri: document.uri, range: declaration.range } : null;
  });
  connection.onRequest(ReferencesRequest.type, (params: unknown): Location[] | null => {
    const { textDocument, position, context } = requestParams('textDocument/references', params, {
      ...atPosition,
      context: referenceContext,
    });
    const document = described(textDocument.uri);
    if (!document) return null;
    const sites = names(document);
    const here = siteAt(sites, position);
    if (!here) return null;
    return occurrences(sites, here)
      .filter((site) => context.includeDeclaration || site.role === 'reference')
      .map((site) => ({ uri: document.uri, range: site.range }));
  });
  connection.onRequest(PrepareRenameRequest.type, (params: unknown) => {
    const { textDocument, position } = requestParams('textDocument/prepareRename', params, atPosition);
    const document = described(textDocument.uri);
    const here = document && siteAt(names(document), position);
    return here ? { range: here.range, placeholder: here.name } : null;
  });
  connection.onRequest(RenameRequest.type, (params: unknown) => {
    const { textDocument, position, newName } = requestParams('textDocument/rename', params, {
      ...atPosition,
      newName: string,
    });
    const document = described(textDocument.uri);
    if (!document) return null;
    const sites = names(document);
    const here = siteAt(sites, position);
    if (!here) return null;
    const outcome = renameEdits(sites, here, newName, parse(document).format, (range) => document.getText(range));
    // An invalid request is an error response: the editor shows its message and applies nothing.
    if (!outcome.ok) throw new ResponseError(-32602, outcome.message);
    return { changes: { [document.uri]: outcome.edits } };
  });
  connection.onRequest(WorkspaceSymbolRequest.type, (params: unknown) => {
    const { query } = requestParams('workspace/symbol', params, { query: string });
    const open = [...states.keys()].flatMap((uri) => {
      const document = described(uri);
      if (!document) return [];
      const parsed = parse(document);
      return parsed.document === undefined
        ? []
        : [{ uri, symbols: documentSymbols(parsed.document, parsed.sourceMap) }];
    });
    return workspaceSymbols(open, query);
  });
  connection.onRequest(CompletionRequest.type, (params: unknown) => {
    const { textDocument, position } = requestParams('textDocument/completion', params, atPosition);
    const document = described(textDocument.uri);
    if (!document) return null;
    const { format, value } = recent(document);
    return completions({
      text: document.getText(),
      offset: document.offsetAt(position),
      format,
      document: value,
      positionAt: (offset) => document.positionAt(offset),
    });
  });
  connection.onRequest(CodeActionRequest.type, (params: unknown) => {
    const { textDocument, range } = requestParams('textDocument/codeAction', params, {
      textDocument: documentIdentifier,
      range: lspRange,
    });
    const document = described(textDocument.uri);
    if (!document) return null;
    const parsed = parse(document);
    return codeActions({
      uri: document.uri,
      format: parsed.format,
      document: parsed.document,
      sourceMap: parsed.sourceMap,
      diagnostics: states.get(document.uri)!.diagnostics,
      range,
      textOf: (r) => document.getText(r),
    });
  });

  // After `shutdown` nothing more is checked: the pending checks are dropped, and `exit` (or the end of the connection) follows.
  connection.onShutdown(() => {
    shutdownReceived = true;
    for (const state of states.values()) {
      clearTimeout(state.timer);
      clearTimeout(state.exactTimer);
    }
  });

  documents.listen(connection);
  connection.listen();
  return {
    get shutdownReceived() {
      return shutdownReceived;
    },
  };
}
