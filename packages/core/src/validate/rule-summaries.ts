import { documentedValidationRules } from './rule-documentation.js';
import { serializationRules, structuralRule } from './builtin-rules.js';

/** Rule id -> one-line summary and spec section, for report formats that describe rules (SARIF). */
export function ruleSummaries(): Map<string, { summary: string; spec?: string }> {
  const map = new Map<string, { summary: string; spec?: string }>();
  for (const r of [...serializationRules, structuralRule, ...documentedValidationRules]) {
    map.set(r.id, { summary: r.docs.summary, spec: r.spec });
  }
  return map;
}
