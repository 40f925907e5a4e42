import { hasErrors, type Diagnostic, type Severity } from '../model/diagnostic.js';
import { isObject } from '../model/values.js';
import { validationRules } from './catalogue.js';
import { ComponentResolver } from '../model/components.js';
import type { SpecVersion } from '../model/spec-versions.js';
import { formatMessage, type ReportOptions, type Rule, type RuleContext } from './rule.js';
import type { SchemaService } from './schema-service.js';
import { createSchemaService } from './schema-engine-service.js';
import { checkStructure } from './structural.js';
import { rootScopeOf } from '../model/document.js';
import { walk, type Visitors } from './walk.js';

export interface ValidateDocumentOptions {
  /** Validate as this MCP Description version instead of the document's `mcpdesc`. */
  spec?: SpecVersion;
  /** Rules to run (default: every validation rule). */
  rules?: readonly Rule[];
  /** Schema services to share across documents (compiled schemas are reused). */
  schemas?: SchemaService;
}

export interface DocumentValidation {
  valid: boolean;
  complete: boolean;
  specification: SpecVersion;
  /** Unsorted, without source ranges. */
  diagnostics: Diagnostic[];
}

/** Validates a decoded document: structure, then every semantic rule over one walk. */
export function validateDocument(document: unknown, options: ValidateDocumentOptions = {}): DocumentValidation {
  const specification = options.spec ?? specVersionOf(document);
  const diagnostics = checkStructure(document, specification);
  if (!isObject(document)) return { valid: false, complete: false, specification, diagnostics };

  let complete = true;
  const context: RuleContext = {
    document,
    specVersion: specification,
    rootScope: rootScopeOf(document),
    components: new ComponentResolver(document),
    schemas: options.schemas ?? createSchemaService(),
    report: () => undefined,
    markIncomplete: () => {
      complete = false;
    },
  };
  const visitors: Visitors[] = [];
  for (const rule of options.rules ?? validationRules) {
    if (rule.versions && !rule.versions.includes(specification)) continue;
    visitors.push(rule.create({ ...context, report: reporterFor(rule, diagnostics) }));
  }
  walk(document, context.components, visitors);
  return { valid: !hasErrors(diagnostics), complete, specification, diagnostics };
}

/** The version named by `mcpdesc`, defaulting to 0.8.0 when it is missing or unrecognized (reported by mcpdesc.version). */
function specVersionOf(document: unknown): SpecVersion {
  return isObject(document) && document.mcpdesc === '0.9.0-rc.3' ? '0.9.0-rc.3' : '0.8.0';
}

function reporterFor(rule: Rule, sink: Diagnostic[]): RuleContext['report'] {
  return (code: string, pointer: string, options: ReportOptions = {}) => {
    const entry = rule.codes[code];
    if (entry === undefined) throw new Error(`rule ${rule.id} reported unknown code "${code}"`);
    const template = typeof entry === 'string' ? entry : entry.message;
    const severity: Severity = options.severity ?? (typeof entry === 'string' ? rule.severity : entry.severity);
    let message = formatMessage(template, options.values);
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
