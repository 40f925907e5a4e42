import { compareDiagnostics, hasErrors, type Diagnostic } from '../model/diagnostic.js';
import { parseDescription } from '../source/index.js';
import type { ParseOptions, SourceMap } from '../source/types.js';
import type { SpecVersion } from './rule.js';
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
      return { valid: false, complete: false, diagnostics: finish(diagnostics, parsed.sourceMap), sourceMap: parsed.sourceMap };
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

/** Adds source ranges, removes exact duplicates, sorts. */
function finish(diagnostics: Diagnostic[], sourceMap: SourceMap | undefined): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const { key, ...rest } = d as Diagnostic & { key?: boolean };
    const id = `${rest.rule}\u0000${rest.code}\u0000${rest.pointer}\u0000${rest.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!rest.range && sourceMap) {
      const range = sourceMap.rangeOf(rest.pointer, key ? 'key' : 'value') ?? nearestRange(sourceMap, rest.pointer);
      if (range) rest.range = range;
    }
    out.push(rest);
  }
  return out.sort(compareDiagnostics);
}

/** The range of the closest existing ancestor, for pointers to values that are missing. */
function nearestRange(sourceMap: SourceMap, pointer: string): Diagnostic['range'] {
  let p = pointer;
  while (p !== '') {
    p = p.slice(0, p.lastIndexOf('/'));
    const range = sourceMap.rangeOf(p, 'value');
    if (range) return range;
  }
  return undefined;
}
