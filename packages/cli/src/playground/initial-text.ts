/**
 * The editor's initial text, exactly as `mcpdesc validate` sees the file: the core's decoder
 * (UTF-8, fatal, a byte-order mark kept as U+FEFF) and the format the file's name gives. The
 * page receives this text, not the bytes: the textarea holds text, and one decoder (the core's,
 * run here) decides. A file that is not UTF-8 (WTF-8 surrogates, Latin-1) has no such text: the
 * page then shows each invalid sequence as U+FFFD (the WHATWG decoder's replacement) and, until
 * the first edit, the core's decoding error, which is the CLI's verdict.
 */
import type { Diagnostic, SourceFormat } from 'mcpdesc-core';
import { decodeText, formatFromName } from 'mcpdesc-core/source';

export interface InitialText {
  /** The text the editor starts with. */
  text: string;
  /** The file name's format (.json, .yaml, .yml), as the CLI parses it; absent: sniffed from the text. */
  format?: SourceFormat;
  /** The core's decoding error when the bytes are not UTF-8 (`text` then has U+FFFD in their place). */
  decodingError?: Diagnostic;
}

const replacingDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export function initialText(input: string | Uint8Array, filename?: string): InitialText {
  const format = formatFromName(filename);
  const decoded = decodeText(input);
  const base = format === undefined ? {} : { format };
  if ('text' in decoded) return { text: decoded.text, ...base };
  return { text: replacingDecoder.decode(input as Uint8Array), decodingError: decoded.diagnostic, ...base };
}

/**
 * The initial text as the content of a `<script type="application/json">` data block: nothing in
 * it can end the block or open a comment (`<`, `>`, `&` escaped), and nothing is remapped by the
 * HTML parser or lost in UTF-8 (control characters, C1 controls, U+2028/2029, a U+FEFF and lone
 * surrogates travel as \u escapes; JSON.stringify escapes U+0000-U+001F and lone surrogates),
 * and nothing is left for the HTML output's neutralising of controls and bidirectional
 * characters (report/control-characters.ts), whose character references a data block would keep.
 */
export function initialTextBlock(initial: InitialText): string {
  return JSON.stringify(initial).replace(
    /[<>&\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
