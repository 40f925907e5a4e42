import { hasErrors, type Diagnostic } from '../model/diagnostic.js';
import { finishDiagnostics as finish } from './finish-diagnostics.js';
import { parseDescription } from '../source/index.js';
import type { ParseOptions, SourceMap } from '../source/types.js';
import type { SpecVersion } from '../model/spec-versions.js';
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
  let document: unknown;
  let sourceMap: SourceMap | undefined;
  const diagnostics: Diagnostic[] = [];
  if (typeof input === 'string' || input instanceof Uint8Array) {
    const parsed = parseDescription(input, options);
    diagnostics.push(...parsed.diagnostics);
    if (parsed.document === undefined || hasErrors(parsed.diagnostics)) {
      return {
        valid: false,
        complete: false,
        diagnostics: finish(diagnostics, parsed.sourceMap),
        sourceMap: parsed.sourceMap,
      };
    }
    document = parsed.document;
    sourceMap = parsed.sourceMap;
  } else {
    document = input;
  }
  const result = validateDocument(document, options);
  diagnostics.push(...result.diagnostics);
  return { ...result, diagnostics: finish(diagnostics, sourceMap), document, sourceMap };
}
