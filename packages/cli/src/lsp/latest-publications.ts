import type { PublishDiagnosticsParams } from 'vscode-languageserver';

/**
 * Publishes diagnostics with at most one publication per document on its way to the client and
 * one waiting: a newer publication replaces the waiting one. `send` resolves once its message
 * is written out (the connection's writer waits for the stream's write callback), so a client
 * that stops reading holds one message per open document, not one per edit.
 */
export function latestPublications(
  send: (params: PublishDiagnosticsParams) => Promise<void>,
): (params: PublishDiagnosticsParams) => void {
  const sending = new Set<string>();
  const waiting = new Map<string, PublishDiagnosticsParams>();
  const publish = (params: PublishDiagnosticsParams): void => {
    if (sending.has(params.uri)) {
      waiting.set(params.uri, params);
      return;
    }
    sending.add(params.uri);
    const written = (): void => {
      sending.delete(params.uri);
      const next = waiting.get(params.uri);
      if (next === undefined) return;
      waiting.delete(params.uri);
      publish(next);
    };
    // A failed write is the connection's to report (it closes); the next publication is still tried.
    send(params).then(written, written);
  };
  return publish;
}
