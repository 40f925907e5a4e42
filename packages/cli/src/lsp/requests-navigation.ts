import {
  DefinitionRequest,
  DocumentSymbolRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  ResponseError,
  WorkspaceSymbolRequest,
  type Connection,
  type Location,
} from 'vscode-languageserver';
import { componentDefinition } from './definition.js';
import type { DocumentStore } from './document-store.js';
import { occurrences, siteAt } from './names.js';
import { renameEdits } from './rename.js';
import { referenceContext, requestParams, string, textDocument as documentIdentifier } from './request-params.js';
import { atPosition } from './request-shapes.js';
import { documentSymbols, workspaceSymbols } from './symbols.js';

/** The requests that find and rename things: symbols, definition, references, rename. */
export function registerNavigationRequests(connection: Connection, store: DocumentStore): void {
  const { described, parse, names } = store;
  connection.onRequest(DocumentSymbolRequest.type, (params: unknown) => {
    const { textDocument } = requestParams('textDocument/documentSymbol', params, { textDocument: documentIdentifier });
    const document = described(textDocument.uri);
    if (!document) return null;
    const parsed = parse(document);
    return parsed.document === undefined ? [] : documentSymbols(parsed.document, parsed.sourceMap);
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
    const open = [...store.states.keys()].flatMap((uri) => {
      const document = described(uri);
      if (!document) return [];
      const parsed = parse(document);
      return parsed.document === undefined
        ? []
        : [{ uri, symbols: documentSymbols(parsed.document, parsed.sourceMap) }];
    });
    return workspaceSymbols(open, query);
  });
}
