import { compareDiagnostics, type Diagnostic } from '../model/diagnostic.js';

/**
 * Diagnostics in the one deterministic order every format prints, without touching the input.
 * validate and lint return them in that order already: one pass checks it, and only a list out
 * of order is sorted (40,000 findings cost a sort per format otherwise).
 */
export function sortedDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const copy = diagnostics.slice();
  for (let i = 1; i < copy.length; i++)
    if (compareDiagnostics(copy[i - 1]!, copy[i]!) > 0) return copy.sort(compareDiagnostics);
  return copy;
}
