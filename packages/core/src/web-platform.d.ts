/**
 * The few Web platform APIs the core uses. The core compiles without Node's types (and without
 * the DOM's), so this list is all it asks of its host: every browser, worker and Node.js has them.
 */
declare class URL {
  constructor(url: string, base?: string | URL);
  readonly hash: string;
  readonly hostname: string;
  readonly href: string;
  readonly protocol: string;
  toString(): string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}
