import type { Position, TextEdit } from 'vscode-languageserver';
import { hasErrors } from 'mcpdesc-core/model';
import { parseDescription, serializeDescription } from 'mcpdesc-core/source';

/** A `#` at a line's start or after a blank: in restricted YAML, every comment begins so (a few quoted `#`s match too). */
const yamlCommentStart = /(^|[ \t])#/m;

export type FormatOutcome = { ok: true; edits: TextEdit[] } | { ok: false; reason: 'not-decoded' | 'yaml-comments' };

/**
 * The canonical serialization of the document as one whole-document edit (none when the text is
 * already canonical). Refused when the text does not decode, and for YAML with comments: the
 * serializer writes values, so it would drop them. `end` is the position after the last character.
 */
export function formatDocument(
  text: string,
  filename: string,
  end: Position,
  options: { sortKeys?: boolean } = {},
): FormatOutcome {
  const parsed = parseDescription(text, { filename });
  if (parsed.document === undefined || hasErrors(parsed.diagnostics)) return { ok: false, reason: 'not-decoded' };
  if (parsed.format === 'yaml' && yamlCommentStart.test(text)) return { ok: false, reason: 'yaml-comments' };
  const formatted = serializeDescription(parsed.document, {
    format: parsed.format,
    ...(options.sortKeys ? { sortKeys: true } : {}),
  });
  if (formatted === text) return { ok: true, edits: [] };
  return { ok: true, edits: [{ range: { start: { line: 0, character: 0 }, end }, newText: formatted }] };
}
