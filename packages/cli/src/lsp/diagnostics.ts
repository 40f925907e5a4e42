import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic, Severity } from 'mcpdesc-core/model';
import { ruleHelpUri } from 'mcpdesc-core/report';
import { toLspRange } from './positions.js';

const severity: Readonly<Record<Severity, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** A diagnostic without a source range (a whole-document finding) sits at the document's start. */
const documentStart = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** One mcpdesc diagnostic as the editor shows it: `rule/code`, a link to the rule's page, the pointer in the message. */
export function toLspDiagnostic(diagnostic: Diagnostic): LspDiagnostic {
  const pointer = diagnostic.pointer === '' ? '' : ` (at ${diagnostic.pointer})`;
  return {
    range: diagnostic.range ? toLspRange(diagnostic.range) : documentStart,
    severity: severity[diagnostic.severity],
    code: `${diagnostic.rule}/${diagnostic.code}`,
    // A plugin's or a declarative rule's id holds a "/": our reference pages do not describe it.
    ...(diagnostic.rule.includes('/') ? {} : { codeDescription: { href: ruleHelpUri(diagnostic.rule) } }),
    source: 'mcpdesc',
    message: diagnostic.message + pointer,
  };
}
