/**
 * The mock's shared types, and the marker the handlers set and the transport wrapper removes: the
 * mock's modules (server, handlers, http, stdio, transport-wrapper) import this, not each other's
 * types, so the imports run one way (server -> transports -> handlers -> here).
 */
import type { Readable, Writable } from 'node:stream';
import type { JsonObject } from 'mcpdesc-core/model';
import type { LoadedModel, ModelOptions } from './model.js';

export interface MockOptions extends ModelOptions {
  /** `stdio` (default) or `http`. */
  transport?: 'stdio' | 'http';
  /** HTTP: host (default 127.0.0.1) and port (default 0: any free port). */
  host?: string;
  port?: number;
  /** HTTP: endpoint path (default /mcp). */
  path?: string;
  /** stdio: the streams (default process.stdin / process.stdout). */
  stdin?: Readable;
  stdout?: Writable;
  /** Items per list page (default: everything on one page). */
  pageSize?: number;
  /** `--example TOOL=NAME`: the example used for a tool when no example input equals the arguments. */
  examples?: Record<string, string>;
  /** HTTP: largest request body in bytes (default 4 MiB); larger bodies get 413. */
  maxBody?: number;
  /** HTTP: Origin hostnames accepted besides the localhost ones (`--allow-origin`); others get 403. */
  allowOrigins?: string[];
  /** One line per request (default: none). */
  log?: (line: string) => void;
}

export interface MockHandle {
  /** HTTP: the endpoint URL. */
  url?: string;
  port?: number;
  /** Revisions served, newest first. */
  revisions: string[];
  /** Replaces the document served (new requests use it); returns the diagnostics when it cannot be served. */
  reload(document: unknown): ReloadReport;
  /** The same with a description file, read and parsed (--watch). */
  reloadFile(path: string): Promise<ReloadReport>;
  close(): Promise<void>;
  /** Resolves when the server stops (stdio: the client closed the connection). */
  closed: Promise<void>;
}

export interface ReloadReport {
  ok: boolean;
  diagnostics: LoadedModel['diagnostics'];
}

/** What a transport hands back: where it listens, and how it stops. */
export type TransportHandle = Pick<MockHandle, 'url' | 'port' | 'closed' | 'close'> & {
  /** HTTP: hands a change notification of the stateless revision to the SDK's listen streams. */
  publish?: (notification: { method: string; params?: JsonObject }) => void;
};
/** The options a transport reads, with the body limit settled. */
export type TransportOptions = MockOptions & { maxBody: number };

/** The `data` member marking a resource-not-found error that goes out as -32002. */
export const legacyNotFoundMarker = 'io.mcpdesc/legacyResourceNotFound';

/** What the transport wrapper reads of the handlers to log one line per response. */
export interface RequestLog {
  readonly options: Pick<MockOptions, 'log'>;
  /** Each request's detail (tool name, URI...), by request id; the wrapper takes it out. */
  readonly details: Map<string | number, string>;
}
