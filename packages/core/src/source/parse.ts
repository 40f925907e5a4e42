import type { Diagnostic } from '../model/diagnostic.js';
import { byteOrderMark, decodeText } from './encoding.js';
import { parseJson } from './json-parser.js';
import { limitDiagnostic, resolveLimits } from './limits.js';
import { emptySourceMap } from './source-map.js';
import type { ParseOptions, ParseResult, SourceFormat } from './types.js';
import { parseYaml } from './yaml-parser.js';

/**
 * Decodes an MCP Description from JSON or restricted YAML text (spec 15). Never throws on bad
 * input: every problem is a diagnostic, and `document` is undefined when any is an error.
 */
export function parseDescription(input: string | Uint8Array, options: ParseOptions = {}): ParseResult {
  const limits = resolveLimits(options.limits);
  const fail = (format: SourceFormat, diagnostic: Diagnostic): ParseResult => ({
    document: undefined,
    format,
    sourceMap: emptySourceMap,
    diagnostics: [diagnostic],
  });

  // Bytes are counted before decoding; a string is measured as the UTF-8 it stands for.
  const size = typeof input === 'string' ? utf8Length(input, limits.maxBytes) : input.byteLength;
  const formatGuess = options.format ?? formatFromName(options.filename);
  if (size > limits.maxBytes) {
    return fail(
      formatGuess ?? 'json',
      limitDiagnostic(
        'maxBytes',
        size > limits.maxBytes * 2 ? `more than ${limits.maxBytes * 2}` : size,
        limits.maxBytes,
        '',
      ),
    );
  }
  const decoded = decodeText(input);
  if ('diagnostic' in decoded) return fail(formatGuess ?? 'json', decoded.diagnostic);
  const format = formatGuess ?? sniffFormat(decoded.text);
  const marked = decoded.text.charCodeAt(0) === 0xfeff;
  if (marked && format === 'json') return fail(format, byteOrderMark());
  const text = marked ? decoded.text.slice(1) : decoded.text;
  const outcome = format === 'json' ? parseJson(text, limits) : parseYaml(text, limits);
  return { format, ...outcome };
}

/** `.json` / `.yaml` / `.yml` (including `x.mcpdesc.json`), case-insensitive. */
export function formatFromName(filename: string | undefined): SourceFormat | undefined {
  if (!filename) return undefined;
  const lower = filename.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  return undefined;
}

/** JSON when the first non-whitespace character (a byte-order mark is whitespace here) opens an object or array; YAML otherwise. */
export function sniffFormat(text: string): SourceFormat {
  const match = /[^\s]/.exec(text.slice(0, 4096));
  return match && (match[0] === '{' || match[0] === '[') ? 'json' : 'yaml';
}

const nonAscii = /[^\x00-\x7f]/;

/** UTF-8 length of a string, counting stops early once it passes twice `cap`. */
function utf8Length(text: string, cap: number): number {
  if (text.length * 3 <= cap) return text.length; // cannot exceed: skip counting
  if (!nonAscii.test(text)) return text.length; // one native scan: ASCII is one byte a unit
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= cap * 2; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair: one code point
      i++;
    } else bytes += 3; // the rest of the BMP, and a lone surrogate (written as U+FFFD)
  }
  return bytes;
}
