import { copyDiagnostic, type Diagnostic, type Severity } from '../model/diagnostic.js';
import { severityOf, type SeverityMap } from './presets.js';
import { lintRules } from './rules/index.js';
import { isNamespacedRuleId } from './plugins.js';

/**
 * The one place a configuration's severities reach validation findings (decoding, structural,
 * conformance and operation rules), for validate, lint and every command that reprints them.
 * Lint rules are configured inside the rule engine (lint.ts) and pass through unchanged.
 *
 * Presentation, not verdict: a document is valid or not by the specification (a MUST violation
 * is an error there), so a caller decides `valid` from the findings before this runs. Turning an
 * error off hides it from the report; `hiddenErrors` counts those so the report can say why the
 * document is still invalid. Raising a finding to error makes the check fail, as --fail-severity does.
 */
export interface PresentedFindings {
  diagnostics: Diagnostic[];
  /** Error findings the configuration turned off or lowered: the document is invalid all the same. */
  hiddenErrors: number;
}

const lintRuleIds = new Set(lintRules.map((r) => r.id));

/** The setting for one finding: `rule:code` (stored form of `rule/code`) first, then the rule. */
function settingFor(d: Diagnostic, settings: SeverityMap): SeverityMap[string] | undefined {
  return settings[`${d.rule}:${d.code}`] ?? settings[d.rule];
}

export function presentFindings(diagnostics: readonly Diagnostic[], settings: SeverityMap): PresentedFindings {
  const out: Diagnostic[] = [];
  let hiddenErrors = 0;
  for (const d of diagnostics) {
    // Plugin and declarative ids hold a "/": lint rules too, configured inside the engine.
    const setting = lintRuleIds.has(d.rule) || isNamespacedRuleId(d.rule) ? undefined : settingFor(d, settings);
    if (setting === undefined) {
      out.push(d);
      continue;
    }
    const severity: Severity | undefined = setting === 'off' ? undefined : severityOf(setting);
    if (d.severity === 'error' && severity !== 'error') hiddenErrors++;
    if (severity === undefined) continue;
    out.push(severity === d.severity ? d : { ...copyDiagnostic(d), severity });
  }
  return { diagnostics: out, hiddenErrors };
}
