/**
 * The wrapper around each transport the mock constructs: it sees every message both ways, so it
 * rewrites marked resource-not-found errors to -32002 (the SDK encodes -32002 as -32602 on every
 * revision), logs one line per response, and tells the stdio leg which revision `initialize` asks for.
 */
import { isObject, type JsonObject } from 'mcpdesc-core/model';
import type { TransportLike } from './sdk.js';
import { legacyNotFoundMarker, type RequestLog } from './types.js';

/** The JSON-RPC code of Unsupported protocol version. */
const unsupportedVersionCode = -32022;

/**
 * The log outcome of an error response: its code, and for -32022 the requested and supported
 * revisions with a hint, so an author sees why a client was turned away (the requested value is
 * client input: quoted and cut short).
 */
export function errorOutcome(error: JsonObject): string {
  const outcome = `error ${String(error.code)}`;
  if (error.code !== unsupportedVersionCode || !isObject(error.data)) return outcome;
  const requested = JSON.stringify(String(error.data.requested ?? 'none').slice(0, 64));
  const supported = Array.isArray(error.data.supported) ? error.data.supported.map(String).join(', ') : '';
  return (
    `${outcome} unsupported protocol version: the client asked for ${requested}; the document declares ${supported || 'none'}` +
    ` (hint: add the client's revision to protocolVersions, or use a client that speaks one of these)`
  );
}

/** Rewrites marked resource-not-found errors to -32002 (2025-era revisions) and logs responses. */
export function wrapTransport(
  transport: TransportLike,
  handlers: RequestLog,
  label: string | undefined,
  onInitialize?: (version: unknown) => void,
): void {
  const starts = new Map<string | number, { method: string; t0: number }>();
  const send = transport.send.bind(transport);
  transport.send = (message: unknown, opts?: unknown) => {
    if (
      isObject(message) &&
      isObject(message.error) &&
      isObject(message.error.data) &&
      message.error.data[legacyNotFoundMarker] === true
    ) {
      const data: JsonObject = { ...message.error.data };
      delete data[legacyNotFoundMarker];
      message = { ...message, error: { ...message.error, code: -32002, data } };
    }
    if (
      label &&
      handlers.options.log &&
      isObject(message) &&
      (typeof message.id === 'string' || typeof message.id === 'number') &&
      ('result' in message || 'error' in message)
    ) {
      const start = starts.get(message.id);
      starts.delete(message.id);
      const detail = handlers.details.get(message.id);
      handlers.details.delete(message.id);
      const outcome = isObject(message.error) ? errorOutcome(message.error) : 'ok';
      handlers.options.log(
        `${new Date().toISOString()} ${label} ${start?.method ?? '?'}${detail ? ` ${detail}` : ''} -> ${outcome} ${start ? `${Date.now() - start.t0}ms` : ''}`.trimEnd(),
      );
    }
    return send(message, opts);
  };
  let inner: ((message: unknown, extra?: unknown) => void) | undefined;
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () =>
      inner
        ? (message: unknown, extra?: unknown) => {
            if (
              isObject(message) &&
              typeof message.method === 'string' &&
              (typeof message.id === 'string' || typeof message.id === 'number')
            ) {
              if (label && handlers.options.log) starts.set(message.id, { method: message.method, t0: Date.now() });
              if (message.method === 'initialize' && onInitialize)
                onInitialize(isObject(message.params) ? message.params.protocolVersion : undefined);
            }
            inner!(message, extra);
          }
        : undefined,
    set: (fn) => {
      inner = fn;
    },
  });
}
