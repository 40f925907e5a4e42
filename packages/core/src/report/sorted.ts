import { compareDiagnostics, type Diagnostic } from '../model/diagnostic.js';

/** Diagnostics in the one deterministic order every format prints, without touching the input. */
export function sortedDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(compareDiagnostics);
}
