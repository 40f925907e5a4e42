import { compareDiagnostics, hasErrors, type Diagnostic } from '../model/diagnostic.js';
import { isObject } from '../model/values.js';
import { ComponentResolver } from '../model/components.js';
import type { SpecVersion } from '../model/spec-versions.js';
import { formatMessage, type ReportOptions, type Rule, type RuleContext } from '../validate/rule.js';
import { createSchemaService } from '../validate/schema-engine-service.js';
import { validate, type ValidateOptions } from '../validate/validate.js';
import { rootScopeOf } from '../model/document.js';
import { walk, type Visitors } from '../validate/walk.js';
import { effectiveSettings, severityFor, type LintConfig } from './config.js';
import { disabledIds, inlineDirectives, isInside } from './inline.js';
import type { PresetName } from './presets.js';
import { finishDiagnostics } from '../validate/finish-diagnostics.js';
import { lintRules } from './rules/index.js';

export interface LintOptions extends ValidateOptions {
  /** A checked configuration (see checkConfig); default: the recommended preset. */
  config?: LintConfig;
  /** Replaces the configuration's `extends`. */
  preset?: PresetName;
  /** The file's path relative to the configuration's directory, for `overrides`. */
  path?: string;
  /** Lint rules to run (default: every lint rule). */
  lintRules?: readonly Rule[];
}

export interface LintResult {
  /** No diagnostic of severity error, validation and lint together. */
  valid: boolean;
  complete: boolean;
  specification?: SpecVersion;
  /** Validation diagnostics and lint diagnostics, with source ranges, sorted. */
  diagnostics: Diagnostic[];
  document?: unknown;
}

/**
 * Validates, then — when the document decoded — runs the lint rules over one walk, with the
 * configured severities and the document's inline `x-mcpdesc-lint` disables. Pure.
 */
export function lint(input: string | Uint8Array | unknown, options: LintOptions = {}): LintResult {
  const schemas = options.schemas ?? createSchemaService();
  const validation = validate(input, { ...options, schemas });
  const document = validation.document;
  if (!isObject(document)) {
    return {
      valid: validation.valid,
      complete: validation.complete,
      ...specOf(validation.specification),
      diagnostics: validation.diagnostics,
    };
  }
  const settings = effectiveSettings(options.config, { preset: options.preset, path: options.path });
  const findings: Diagnostic[] = [];
  const specification = validation.specification ?? '0.8.0';
  const context: RuleContext = {
    document,
    specVersion: specification,
    rootScope: rootScopeOf(document),
    components: new ComponentResolver(document),
    schemas,
    report: () => undefined,
    markIncomplete: () => undefined, // completeness is validation's business
  };
  const visitors: Visitors[] = [];
  for (const rule of options.lintRules ?? lintRules) {
    if (rule.versions && !rule.versions.includes(specification)) continue;
    visitors.push(rule.create({ ...context, report: lintReporter(rule, settings, findings) }));
  }
  walk(document, context.components, visitors);

  const directives = inlineDirectives(document)
    .map((d) => ({ pointer: d.pointer, ids: new Set(disabledIds(d.value)) }))
    .filter((d) => d.ids.size > 0);
  const kept = findings.filter(
    (d) =>
      d.rule === 'lint.inline-config' || !directives.some((x) => x.ids.has(d.rule) && isInside(d.pointer, x.pointer)),
  );
  const diagnostics = [...validation.diagnostics, ...finishDiagnostics(kept, validation.sourceMap)].sort(
    compareDiagnostics,
  );
  return { valid: !hasErrors(diagnostics), complete: validation.complete, specification, diagnostics, document };
}

function specOf(specification: SpecVersion | undefined): { specification?: SpecVersion } {
  return specification ? { specification } : {};
}

function lintReporter(rule: Rule, settings: Record<string, string>, sink: Diagnostic[]): RuleContext['report'] {
  return (code: string, pointer: string, options: ReportOptions = {}) => {
    const entry = rule.codes[code];
    if (entry === undefined) throw new Error(`rule ${rule.id} reported unknown code "${code}"`);
    const severity = severityFor(rule, code, settings as never);
    if (severity === undefined) return;
    let message = formatMessage(typeof entry === 'string' ? entry : entry.message, options.values);
    if (options.note) message += ` (${options.note})`;
    const diagnostic: Diagnostic & { key?: boolean } = {
      rule: rule.id,
      code,
      severity,
      message,
      pointer,
      spec: rule.spec,
    };
    if (options.key) diagnostic.key = true;
    sink.push(diagnostic);
  };
}
