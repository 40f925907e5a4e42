import type { Fix } from './fix.js';

/** The one diagnostic shape every check in mcpdesc reports (see PRODUCT.md, "The diagnostic contract"). */

/** The severities, most severe first. */
export const severities = ['error', 'warning', 'info'] as const;
export type Severity = (typeof severities)[number];

/** 1-based line and column. Columns count UTF-16 code units, as editors do. */
export interface Position {
  line: number;
  column: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface Diagnostic {
  /** Namespaced rule id: `mcpdesc.*`, `mcp.*`, `json-schema.*`, `json.*`, `yaml.*`, `source.*`, `lint.*`... */
  rule: string;
  /** The specific failure within the rule; each rule has a closed set of codes. */
  code: string;
  severity: Severity;
  /** Names the value found and what was expected. */
  message: string;
  /** RFC 6901 pointer into the decoded document, as specific as possible ('' is the root). */
  pointer: string;
  /** Where the pointer's value sits in the source text, when there is one. */
  range?: Range;
  /** Section of the specification the rule comes from, e.g. "9.2". */
  spec?: string;
  /** A safe fix of the finding (model/fix.ts), when the document determines one. */
  fix?: Fix;
}

/** Deterministic order: by position in the source when known, then pointer, rule, code. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  const la = a.range?.start.line ?? Number.MAX_SAFE_INTEGER;
  const lb = b.range?.start.line ?? Number.MAX_SAFE_INTEGER;
  if (la !== lb) return la - lb;
  const ca = a.range?.start.column ?? 0;
  const cb = b.range?.start.column ?? 0;
  if (ca !== cb) return ca - cb;
  if (a.pointer !== b.pointer) return a.pointer < b.pointer ? -1 : 1;
  if (a.severity !== b.severity) return severities.indexOf(a.severity) - severities.indexOf(b.severity);
  if (a.rule !== b.rule) return a.rule < b.rule ? -1 : 1;
  if (a.code !== b.code) return a.code < b.code ? -1 : 1;
  return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/**
 * A copy of `d` with `range` (its own by default), built as an object literal. Why a literal:
 * V8 gives an object built from `{}` (member by member, by spread or by `Object.assign`) a map
 * from the empty object's transitions, and once a program has given empty objects some 1,500
 * different first keys (a decoded document's property names do), each new such object gets a map
 * of its own; 40,000 findings with 40,000 maps made every later read of them (sort, summary,
 * formatters) megamorphic. A literal's map comes from its own site. Members beyond the contract's
 * follow in their order; `spec` and `range` that are undefined are left out.
 */
export function copyDiagnostic<T extends Diagnostic>(d: T, range: Range | undefined = d.range): T {
  const { rule, code, severity, message, pointer, spec } = d;
  const copy: Diagnostic =
    spec === undefined
      ? range === undefined
        ? { rule, code, severity, message, pointer }
        : { rule, code, severity, message, pointer, range }
      : range === undefined
        ? { rule, code, severity, message, pointer, spec }
        : { rule, code, severity, message, pointer, spec, range };
  let members = 0;
  for (const _ in d) members++;
  if (members > 5 + Number('spec' in d) + Number('range' in d)) {
    const into = copy as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(d)) if (!contractMembers.has(key)) into[key] = value;
  }
  return copy as T;
}

const contractMembers = new Set(['rule', 'code', 'severity', 'message', 'pointer', 'spec', 'range']);
