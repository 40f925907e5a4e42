import type { Diagnostic } from '../model/diagnostic.js';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Bytes to text. Both serializations are UTF-8 (15.2; YAML 1.2.2 allows other encodings, the
 * profile does not need them). A byte-order mark is rejected in both: RFC 8259 forbids adding
 * one, and a file that starts with one is not the same bytes a conforming producer writes.
 */
export function decodeText(input: string | Uint8Array): { text: string } | { diagnostic: Diagnostic } {
  if (typeof input === 'string') {
    if (input.charCodeAt(0) === 0xfeff) return { diagnostic: byteOrderMark() };
    return { text: input };
  }
  if (input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) return { diagnostic: byteOrderMark() };
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

function byteOrderMark(): Diagnostic {
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
