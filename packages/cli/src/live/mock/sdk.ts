/**
 * The parts of the official MCP SDK v2 server packages the mock uses, typed as far as it needs:
 * the low-level `Server`, errors, the HTTP handler and transports.
 */
import type { JsonObject } from 'mcpdesc-core/model';

export interface SdkServer {
  setRequestHandler(
    method: string,
    handler: (request: { params?: JsonObject }, ctx: HandlerContext) => Promise<JsonObject>,
  ): void;
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
  getNegotiatedProtocolVersion(): string | undefined;
  getClientCapabilities?(): unknown;
  notification(notification: { method: string; params?: JsonObject }): Promise<void>;
}
export interface HandlerContext {
  mcpReq: { id: string | number; method: string; envelope?: Record<string, unknown>; _meta?: Record<string, unknown> };
}
export interface SdkModule {
  Server: new (info: JsonObject, options: JsonObject) => SdkServer;
  ProtocolError: new (code: number, message: string, data?: unknown) => Error;
  MissingRequiredClientCapabilityError: new (data: { requiredCapabilities: JsonObject }) => Error;
  UnsupportedProtocolVersionError: new (data: { supported: string[]; requested: string }) => Error & {
    code: number;
    data: unknown;
  };
  validateOriginHeader: (origin: string | null, allowed: string[]) => { ok: boolean; message?: string };
  localhostAllowedOrigins: () => string[];
  createMcpHandler: (
    factory: (ctx: { era: 'legacy' | 'modern'; requestInfo?: Request }) => SdkServer,
    options: JsonObject,
  ) => {
    fetch: (r: Request, o?: { parsedBody?: unknown }) => Promise<Response>;
    close: () => Promise<void>;
    notify: {
      toolsChanged(): void;
      promptsChanged(): void;
      resourcesChanged(): void;
      resourceUpdated(uri: string): void;
    };
  };
  isLegacyRequest: (r: Request, parsedBody?: unknown, o?: JsonObject) => Promise<boolean>;
  WebStandardStreamableHTTPServerTransport: new (options: JsonObject) => TransportLike & {
    handleRequest(r: Request, o?: { parsedBody?: unknown }): Promise<Response>;
    setSupportedProtocolVersions?(v: string[]): void;
  };
  hostHeaderValidationResponse: (r: Request, allowed: string[]) => Response | undefined;
  localhostAllowedHostnames: () => string[];
}
export interface TransportLike {
  send(message: unknown, options?: unknown): Promise<void>;
  onmessage?: (message: unknown, extra?: unknown) => void;
  close(): Promise<void>;
}
