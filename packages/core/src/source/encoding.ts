import type { Diagnostic } from '../model/diagnostic.js';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Bytes to text. Both serializations are UTF-8 (15.2; YAML 1.2.2 allows other encodings, the
 * profile does not need them). A leading byte-order mark is kept as U+FEFF: whether it is
 * allowed depends on the format (see `byteOrderMark`).
 */
export function decodeText(input: string | Uint8Array): { text: string } | { diagnostic: Diagnostic } {
  if (typeof input === 'string') return { text: input };
  try {
    return { text: decoder.decode(input) };
  } catch {
    const offset = firstInvalidUtf8(input);
    return {
      diagnostic: {
        rule: 'source.encoding',
        code: 'invalid-utf8',
        severity: 'error',
        message: `found bytes that are not valid UTF-8 at byte offset ${offset} (0x${input[offset]?.toString(16).padStart(2, '0') ?? '??'}); expected UTF-8 text`,
        pointer: '',
        spec: '15.2',
      },
    };
  }
}

/**
 * JSON: RFC 8259 (8.1) forbids a producer to add a byte-order mark and only allows a parser to
 * ignore one, so a JSON text that starts with one is rejected. YAML: 1.2.2 (5.2) allows one at
 * the start of the stream and the profile (15.3) does not forbid it, so it is accepted there
 * (and not counted in line 1's columns; see docs/yaml-profile.md).
 */
export function byteOrderMark(): Diagnostic {
  return {
    rule: 'source.encoding',
    code: 'byte-order-mark',
    severity: 'error',
    message: 'found a UTF-8 byte-order mark at the start of the input; expected UTF-8 without a byte-order mark',
    pointer: '',
    range: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } },
    spec: '15.2',
  };
}

/** Offset of the first byte that starts an invalid UTF-8 sequence (only called on invalid input). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    try {
      decoder.decode(bytes.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return 0;
}
