import { hasErrors, type Diagnostic } from '../model/diagnostic.js';
import type { McpDescription } from '../model/description.js';
import type { SpecVersion } from '../model/spec-versions.js';
import { parseDescription } from '../source/index.js';
import type { ParseOptions, SourceFormat, SourceMap } from '../source/types.js';
import type { DocumentValidation } from './engine.js';
import { finishDiagnostics } from './finish-diagnostics.js';
import { validateDocument, type ValidateDocumentOptions } from './validate-document.js';

export interface ValidateOptions extends ParseOptions, ValidateDocumentOptions {}

/** What every validation result carries, valid or not. */
export interface ValidationResultCommon {
  /** False when validation could not be complete; the reasons are warnings among the diagnostics. */
  complete: boolean;
  /** The MCP Description version the document was checked against. */
  specification?: SpecVersion | undefined;
  diagnostics: Diagnostic[];
  /** Source ranges of the decoded document; present when the input was text. */
  sourceMap?: SourceMap | undefined;
}

/**
 * A document without error diagnostics: it has the MCP Description shape (the structural schema
 * and every rule run found no error). With a custom `rules` list that leaves out the structural
 * rule, the shape is only as checked as those rules check it.
 */
export interface ValidDescriptionResult extends ValidationResultCommon {
  valid: true;
  document: McpDescription;
}

/** A document with at least one error diagnostic, or text that could not be decoded. */
export interface InvalidDescriptionResult extends ValidationResultCommon {
  valid: false;
  /** The decoded document, when the text could be decoded. */
  document?: unknown;
}

/** The result of `validate`, discriminated on `valid`: `valid: true` gives the typed document. */
export type ValidationResult = ValidDescriptionResult | InvalidDescriptionResult;

/** The result of validating text: it always has the text's source map. */
export type TextValidationResult = ValidationResult & { sourceMap: SourceMap };

/**
 * Validates an MCP Description: text (string or bytes, with `filename` or `format` to pick the
 * serialization) or an already decoded value. Pure: no file system or network access.
 */
export function validate(input: string | Uint8Array, options?: ValidateOptions): TextValidationResult;
export function validate(input: unknown, options?: ValidateOptions): ValidationResult;
export function validate(input: unknown, options: ValidateOptions = {}): ValidationResult {
  return checkDescription(input, options, (document) => validateDocument(document, options));
}

/**
 * Decodes text input (an already decoded value is taken as is), runs `check` on the document
 * when it decoded, and finishes every diagnostic — source ranges, duplicates, order — in this
 * one place. validate and lint differ only in `check`.
 */
export function checkDescription(
  input: unknown,
  options: ParseOptions,
  check: (document: unknown) => DocumentValidation,
): ValidationResult {
  const decoded = decode(input, options);
  if (!decoded.ok) {
    const diagnostics = finishDiagnostics(decoded.diagnostics, decoded.sourceMap);
    return { valid: false, complete: false, diagnostics, sourceMap: decoded.sourceMap };
  }
  const result = check(decoded.document);
  const diagnostics = finishDiagnostics(
    [...decoded.diagnostics, ...result.diagnostics],
    decoded.sourceMap,
    decoded.format,
  );
  const { complete, specification } = result;
  const { document, sourceMap } = decoded;
  // No error: the rules (the structural schema among them) found the document well shaped.
  return result.valid
    ? { valid: true, complete, specification, diagnostics, document: document as McpDescription, sourceMap }
    : { valid: false, complete, specification, diagnostics, document, sourceMap };
}

type Decoded = { diagnostics: Diagnostic[]; sourceMap?: SourceMap; format?: SourceFormat } & (
  { ok: true; document: unknown } | { ok: false }
);

function decode(input: string | Uint8Array | unknown, options: ParseOptions): Decoded {
  if (typeof input !== 'string' && !(input instanceof Uint8Array))
    return { ok: true, document: input, diagnostics: [] };
  const parsed = parseDescription(input, options);
  if (parsed.document === undefined || hasErrors(parsed.diagnostics))
    return { ok: false, diagnostics: parsed.diagnostics, sourceMap: parsed.sourceMap };
  return {
    ok: true,
    document: parsed.document,
    diagnostics: parsed.diagnostics,
    sourceMap: parsed.sourceMap,
    format: parsed.format,
  };
}
