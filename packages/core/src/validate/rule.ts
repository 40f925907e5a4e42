import type { Severity } from '../model/diagnostic.js';
import type { Fix } from '../model/fix.js';
import type { Revision } from '../model/revisions.js';
import type { Visitors } from './walk.js';
import type { ComponentResolver } from '../model/components.js';
import type { SchemaService } from './schema-service.js';
import { shortJson } from '../model/short-json.js';
import { specVersionsDefining, type SpecVersion } from '../model/spec-versions.js';

export interface RuleDocs {
  /** One line: what the rule checks. */
  summary: string;
  /** A document (or fragment of one) that makes the rule fire, and a close variant that does not. */
  bad?: unknown;
  good?: unknown;
}

/**
 * A rule is data plus a function (ESLint's `meta` beside `create`): its id, spec section,
 * default severity and message templates sit beside the check.
 */
export interface RuleMeta {
  id: string;
  /**
   * Decoding rules come from the source layer; conformance and lint rules run on the one rule
   * engine; operation rules are requirements on what an operation produces (native, project);
   * live rules are what the CLI's capture, record and verify find on a running server.
   */
  kind: 'serialization' | 'conformance' | 'lint' | 'operation' | 'live';
  /** Spec section the rule enforces, e.g. "9.2". */
  spec: string;
  /** Default severity; a code may override it (a rule can have error and warning codes). */
  severity: Severity;
  /** Closed set of codes with message templates; `{name}` placeholders are filled from report values. */
  codes: Record<string, string | { message: string; severity: Severity }>;
  /** Which specification versions the rule applies to (default: all). */
  versions?: readonly SpecVersion[];
  /** The specification versions whose text names this rule id (links a requirement to it). */
  namedBy?: readonly SpecVersion[];
  /** Codes whose reports may carry a safe fix (model/fix.ts); the rule pages list them. */
  fixable?: readonly string[];
}

/**
 * A rule with its documentation, for the rules catalogue, the rule pages and the summaries
 * reports and the language server show. A rule file exports a function `docs()` beside its
 * `rule`, which does not reference it: validation and lint never read documentation, so a bundle
 * of them leaves the text and its example documents out (a function, unlike an object built
 * with spreads and helper calls, is dropped when unused; validate/rule-documentation.ts and
 * lint/rule-documentation.ts collect it).
 */
export type DocumentedRule<R extends RuleMeta = RuleMeta> = R & { docs: RuleDocs };

/** The versions whose Tools section links its requirements to rule ids: `namedBy` of the rules it names. */
export const namedByToolsSection: readonly SpecVersion[] = specVersionsDefining('rule-ids.tools-section');

/** A checking rule: its metadata plus the check. */
export interface Rule extends RuleMeta {
  kind: 'conformance' | 'lint';
  /** Subscribes to the object kinds the rule cares about. Called once per document. */
  create(context: RuleContext): Visitors;
}

export interface ReportOptions {
  /** Values for the message template placeholders. */
  values?: Record<string, unknown>;
  /** Overrides the code's severity for this report. */
  severity?: Severity;
  /** Text appended to the message, e.g. the use site of a component. */
  note?: string;
  /** Point at the key of the property instead of its value. */
  key?: boolean;
  /** A safe fix (model/fix.ts): only where the document itself determines the value. */
  fix?: Fix;
}

export interface RuleContext {
  /** The decoded document (already known to be an object). */
  readonly document: Record<string, unknown>;
  readonly specVersion: SpecVersion;
  /** Root `protocolVersions` restricted to known revisions, unique, in document order. */
  readonly rootScope: readonly Revision[];
  readonly components: ComponentResolver;
  readonly schemas: SchemaService;
  report(code: string, pointer: string, options?: ReportOptions): void;
  /**
   * Records that validation could not be complete (the reason is also reported as a warning by the
   * caller). Only conformance rules count: a lint rule's call changes nothing.
   */
  markIncomplete(reason: string): void;
}

/** Fills `{name}` placeholders; values are shown as JSON (strings quoted), long ones shortened. */
export function formatMessage(template: string, values: Record<string, unknown> = {}): string {
  const pieces = templatePieces(template);
  if (pieces.length === 1) return pieces[0]!;
  // Even indexes hold literal text, odd ones placeholder names.
  let message = pieces[0]!;
  for (let i = 1; i < pieces.length; i += 2) {
    const name = pieces[i]!;
    message += (name in values ? showValue(values[name]) : `{${name}}`) + pieces[i + 1]!;
  }
  return message;
}

/** Templates split once (a rule's few templates are filled for every finding): text, name, text, … */
const splitTemplates = new Map<string, readonly string[]>();

function templatePieces(template: string): readonly string[] {
  let pieces = splitTemplates.get(template);
  if (pieces === undefined) {
    pieces = template.split(/\{(\w+)\}/);
    // Templates are rule metadata, a bounded set; a caller's ad hoc template is not kept.
    if (splitTemplates.size < 10_000) splitTemplates.set(template, pieces);
  }
  return pieces;
}

/** A value as it appears in a message: strings quoted, arrays and objects as short JSON. */
export function showValue(value: unknown, max = 80): string {
  if (value instanceof Raw) return value.text;
  return shortJson(value, max);
}

/** Wraps text that a message shows as is (not JSON-quoted). */
export class Raw {
  constructor(readonly text: string) {}
}
export const raw = (text: string): Raw => new Raw(text);
