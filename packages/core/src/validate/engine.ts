import { hasErrors, type Diagnostic, type Severity } from '../model/diagnostic.js';
import { ComponentResolver } from '../model/components.js';
import { rootScopeOf } from '../model/document.js';
import { specVersionOf, type SpecVersion } from '../model/spec-versions.js';
import { isObject } from '../model/values.js';
import { formatMessage, type ReportOptions, type Rule, type RuleContext, type RuleMeta } from './rule.js';
import type { SchemaService } from './schema-service.js';
import { createSchemaService, documentStepBudget, withStepBudget } from './schema-engine-service.js';
import { checkStructure } from './structural.js';
import { walk, type Visitors } from './walk.js';

/**
 * The one rule engine of validate and lint: the structural check, then every rule over one
 * walk with one component resolver and one reporter. What differs between the commands is the
 * rule list and the severity policy.
 */

/**
 * The severity a finding is reported at, or undefined when it is switched off. `requested` is
 * the severity the rule asked for in its report, if any.
 */
export type SeverityPolicy = (
  rule: Rule,
  code: string,
  pointer: string,
  requested: Severity | undefined,
) => Severity | undefined;

/** A code's own severity, else its rule's. */
export function defaultSeverity(rule: RuleMeta, code: string): Severity {
  const entry = rule.codes[code];
  return entry !== undefined && typeof entry !== 'string' ? entry.severity : rule.severity;
}

/** Conformance: what the rule asked for, else the code's default; nothing is switched off. */
export const conformancePolicy: SeverityPolicy = (rule, code, _pointer, requested) =>
  requested ?? defaultSeverity(rule, code);

export interface RunOptions {
  /** Check as this MCP Description version instead of the document's `mcpdesc`. */
  spec?: SpecVersion;
  /** Schema services to share across documents (compiled schemas are reused). */
  schemas?: SchemaService;
}

export interface DocumentValidation {
  valid: boolean;
  /** False when a conformance rule could not check everything (lint rules never count). */
  complete: boolean;
  specification: SpecVersion;
  /** Unsorted, without source ranges. */
  diagnostics: Diagnostic[];
}

/** Checks a decoded document's structure, then runs the rules that apply to its version over one walk. */
export function runRules(
  document: unknown,
  rules: readonly Rule[],
  policy: SeverityPolicy,
  options: RunOptions = {},
): DocumentValidation {
  const specification = options.spec ?? specVersionOf(document);
  const diagnostics = checkStructure(document, specification);
  if (!isObject(document)) return { valid: false, complete: false, specification, diagnostics };

  let complete = true;
  const markIncomplete = (): void => {
    complete = false;
  };
  const ignore = (): void => undefined;
  const shared = {
    document,
    specVersion: specification,
    rootScope: rootScopeOf(document),
    components: new ComponentResolver(document),
    schemas: withStepBudget(options.schemas ?? createSchemaService(), {
      name: "the document's schema-evaluation budget",
      total: documentStepBudget,
      remaining: documentStepBudget,
    }),
  };
  const visitors: Visitors[] = [];
  for (const rule of rules) {
    if (rule.versions && !rule.versions.includes(specification)) continue;
    const context: RuleContext = {
      ...shared,
      report: reporterFor(rule, policy, diagnostics),
      markIncomplete: rule.kind === 'conformance' ? markIncomplete : ignore,
    };
    visitors.push(rule.create(context));
  }
  walk(document, shared.components, visitors);
  return { valid: !hasErrors(diagnostics), complete, specification, diagnostics };
}

function reporterFor(rule: Rule, policy: SeverityPolicy, sink: Diagnostic[]): RuleContext['report'] {
  return (code: string, pointer: string, options: ReportOptions = {}) => {
    const entry = rule.codes[code];
    if (entry === undefined) throw new Error(`rule ${rule.id} reported unknown code "${code}"`);
    const severity = policy(rule, code, pointer, options.severity);
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
    if (options.fix) {
      // A fix of a code the rule does not declare fixable would be missing from its documentation.
      if (!rule.fixable?.includes(code))
        throw new Error(`rule ${rule.id} attached a fix to code "${code}", not declared fixable`);
      diagnostic.fix = options.fix;
    }
    sink.push(diagnostic);
  };
}
