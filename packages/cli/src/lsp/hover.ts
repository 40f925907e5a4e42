import { MarkupKind, type Hover, type Position } from 'vscode-languageserver';
import type { Diagnostic } from 'mcpdesc-core/model';
import { ruleHelpUri, specReference } from 'mcpdesc-core/report';
import { toLspRange, contains } from './positions.js';

export interface RuleSummary {
  summary: string;
  spec?: string;
}

/**
 * Hover over a diagnostic's range: each rule found there, its one-line summary, the spec
 * section it comes from and a link to its page. Null where no diagnostic with a range lies.
 */
export function diagnosticHover(
  diagnostics: readonly Diagnostic[],
  position: Position,
  rules: ReadonlyMap<string, RuleSummary>,
): Hover | null {
  const here = diagnostics.filter((d) => d.range && contains(toLspRange(d.range), position));
  if (here.length === 0) return null;
  const seen = new Set<string>();
  const sections: string[] = [];
  for (const diagnostic of here) {
    const key = `${diagnostic.rule}/${diagnostic.code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rule = rules.get(diagnostic.rule);
    const spec = rule?.spec ?? diagnostic.spec;
    sections.push(
      [
        `**${key}** (${diagnostic.severity})`,
        rule ? rule.summary : diagnostic.message,
        ...(spec ? [`${specReference(spec)}.`] : []),
        ...(diagnostic.rule.includes('/') ? [] : [`[Rule reference](${ruleHelpUri(diagnostic.rule)})`]),
      ].join('\n\n'),
    );
  }
  return { contents: { kind: MarkupKind.Markdown, value: sections.join('\n\n---\n\n') } };
}
