import {
  CodeActionRequest,
  CompletionRequest,
  DocumentFormattingRequest,
  HoverRequest,
  MarkupKind,
  MessageType,
  ShowMessageNotification,
  type Connection,
  type Hover,
  type MarkupContent,
} from 'vscode-languageserver';
import { documentedLintRules } from 'mcpdesc-core/lint';
import { ruleSummaries } from 'mcpdesc-core/validate';
import { codeActions } from './code-actions.js';
import { completions } from './completion.js';
import type { DocumentStore } from './document-store.js';
import { keyHover } from './field-hover.js';
import { formatDocument } from './formatting.js';
import { diagnosticHover, type RuleSummary } from './hover.js';
import { range as lspRange, requestParams, textDocument as documentIdentifier } from './request-params.js';
import { atPosition } from './request-shapes.js';

/** The requests that help write: hover, completion, formatting, quick fixes. */
export function registerEditingRequests(
  connection: Connection,
  store: DocumentStore,
  settings: { readonly sortKeys: boolean },
): void {
  const { described, parse, recent, states } = store;
  const rules = new Map<string, RuleSummary>(ruleSummaries());
  for (const rule of documentedLintRules) rules.set(rule.id, { summary: rule.docs.summary, spec: rule.spec });

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
    const outcome = formatDocument(document.getText(), document.uri, end, { sortKeys: settings.sortKeys });
    if (outcome.ok) return outcome.edits;
    const message =
      outcome.reason === 'yaml-comments'
        ? `mcpdesc: not formatting ${document.uri}: it has YAML comments, which the canonical serializer does not keep`
        : `mcpdesc: not formatting ${document.uri}: it does not decode`;
    // Shown, not only logged: an editor whose format command does nothing must say why.
    void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message });
    connection.console.info(message);
    return null;
  });
  connection.onRequest(CompletionRequest.type, (params: unknown) => {
    const { textDocument, position } = requestParams('textDocument/completion', params, atPosition);
    const document = described(textDocument.uri);
    if (!document) return null;
    const { format, value, stale } = recent(document);
    return completions({
      text: document.getText(),
      offset: document.offsetAt(position),
      format,
      document: value,
      stale,
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
      text: document.getText(),
      positionAt: (offset) => document.positionAt(offset),
    });
  });
}
