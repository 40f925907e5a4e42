import { hasErrors, type Diagnostic } from '../model/diagnostic.js';
import type { SpecVersion } from '../model/spec-versions.js';
import { parseDescription } from '../source/index.js';
import type { ParseOptions, SourceMap } from '../source/types.js';
import type { DocumentValidation } from './engine.js';
import { finishDiagnostics } from './finish-diagnostics.js';
import { validateDocument, type ValidateDocumentOptions } from './validate-document.js';

export interface ValidateOptions extends ParseOptions, ValidateDocumentOptions {}

export interface ValidationResult {
  /** No diagnostic of severity error. */
  valid: boolean;
  /** False when validation could not be complete; the reasons are warnings among the diagnostics. */
  complete: boolean;
  /** The MCP Description version the document was checked against. */
  specification?: SpecVersion;
  diagnostics: Diagnostic[];
  /** The decoded document, when the text could be decoded. */
  document?: unknown;
  sourceMap?: SourceMap;
}

/**
 * Validates an MCP Description: text (string or bytes, with `filename` or `format` to pick the
 * serialization) or an already decoded value. Pure: no file system or network access.
 */
export function validate(input: string | Uint8Array | unknown, options: ValidateOptions = {}): ValidationResult {
  return checkDescription(input, options, (document) => validateDocument(document, options));
}

/**
 * Decodes text input (an already decoded value is taken as is), runs `check` on the document
 * when it decoded, and finishes every diagnostic — source ranges, duplicates, order — in this
 * one place. validate and lint differ only in `check`.
 */
export function checkDescription(
  input: string | Uint8Array | unknown,
  options: ParseOptions,
  check: (document: unknown) => DocumentValidation,
): ValidationResult {
  const decoded = decode(input, options);
  if (!decoded.ok) {
    const diagnostics = finishDiagnostics(decoded.diagnostics, decoded.sourceMap);
    return { valid: false, complete: false, diagnostics, sourceMap: decoded.sourceMap };
  }
  const result = check(decoded.document);
  const diagnostics = finishDiagnostics([...decoded.diagnostics, ...result.diagnostics], decoded.sourceMap);
  return { ...result, diagnostics, document: decoded.document, sourceMap: decoded.sourceMap };
}

type Decoded = { diagnostics: Diagnostic[]; sourceMap?: SourceMap } & ({ ok: true; document: unknown } | { ok: false });

function decode(input: string | Uint8Array | unknown, options: ParseOptions): Decoded {
  if (typeof input !== 'string' && !(input instanceof Uint8Array))
    return { ok: true, document: input, diagnostics: [] };
  const parsed = parseDescription(input, options);
  if (parsed.document === undefined || hasErrors(parsed.diagnostics))
    return { ok: false, diagnostics: parsed.diagnostics, sourceMap: parsed.sourceMap };
  return { ok: true, document: parsed.document, diagnostics: parsed.diagnostics, sourceMap: parsed.sourceMap };
}
