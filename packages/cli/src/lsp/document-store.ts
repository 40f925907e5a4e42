import { TextDocuments } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'mcpdesc-core/model';
import { formatFromName, parseDescription, sniffFormat, type ParseResult } from 'mcpdesc-core/source';
import type { CheckedText } from './incremental.js';
import { nameSites, type NameSite } from './names.js';

/** What the server keeps per open description: the last findings (for hover), the pending check, the last decoding. */
export interface DocumentState {
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

/** The open documents (the client's texts) and, for those that are descriptions, the server's state. */
export interface DocumentStore {
  documents: TextDocuments<TextDocument>;
  states: Map<string, DocumentState>;
  /** The open document at `uri` when it is a description the server took. */
  described(uri: string): TextDocument | undefined;
  /** The decoding of the document's current version: one decoding per version. */
  parse(document: TextDocument): ParseResult;
  /**
   * The format and the latest decoded value, without decoding again: completion and hover come
   * while the user types, before the edit's check, and read the cursor's place from the text.
   * `stale`: the value is an older text's (this one is not checked yet, or does not decode).
   */
  recent(document: TextDocument): { format: 'json' | 'yaml'; value: unknown; stale: boolean };
  /** The names of the current version (none when it does not decode): one walk per version. */
  names(document: TextDocument): NameSite[];
}

export function createDocumentStore(): DocumentStore {
  const documents = new TextDocuments(TextDocument);
  const states = new Map<string, DocumentState>();
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
  return {
    documents,
    states,
    described(uri) {
      const document = documents.get(uri);
      return document && states.has(uri) ? document : undefined;
    },
    parse,
    recent(document) {
      const state = states.get(document.uri)!;
      const format =
        state.parsed?.result.format ?? formatFromName(document.uri) ?? sniffFormat(document.getText().slice(0, 4096));
      const value = state.parsed?.version === document.version ? state.parsed.result.document : undefined;
      return value !== undefined
        ? { format, value, stale: false }
        : { format, value: state.lastDecoded, stale: state.lastDecoded !== undefined };
    },
    names(document) {
      const parsed = parse(document);
      const cached = states.get(document.uri)!.parsed!;
      cached.names ??= parsed.document === undefined ? [] : nameSites(parsed.document, parsed.sourceMap);
      return cached.names;
    },
  };
}
