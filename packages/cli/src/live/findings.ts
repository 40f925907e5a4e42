/**
 * Findings of the live commands (`capture`, `verify`): the Diagnostic shape of
 * src/model/diagnostic.ts, with the live value and the expected value attached.
 */
import { type Diagnostic, type Severity, shortJson } from 'mcpdesc-core/model';
import type { LiveRule } from './rules/live-rule.js';

export interface LiveFinding extends Diagnostic {
  /** The value the server reported (absent when the server has none). */
  live?: unknown;
  /** What the description (or the protocol) expected. */
  expected?: unknown;
  /** The MCP revision of the connection that produced the finding. */
  revision?: string;
}

/** A finding's parts: its rule, and one of the codes the rule declares (another fails to compile). */
export interface FindingInit<C extends string = string> {
  rule: LiveRule<C>;
  code: NoInfer<C>;
  severity?: Severity;
  message: string;
  pointer?: string;
  live?: unknown;
  expected?: unknown;
  revision?: string;
  spec?: string;
}

export function finding<C extends string>(init: FindingInit<C>): LiveFinding {
  const f: LiveFinding = {
    rule: init.rule.id,
    code: init.code,
    severity: init.severity ?? init.rule.codes[init.code]?.severity ?? init.rule.severity,
    message: init.revision ? `${init.message} (MCP ${init.revision})` : init.message,
    pointer: init.pointer ?? '',
  };
  if (init.spec) f.spec = init.spec;
  if (init.live !== undefined) f.live = init.live;
  if (init.expected !== undefined) f.expected = init.expected;
  if (init.revision) f.revision = init.revision;
  return f;
}

/** A value for a message: JSON, shortened when long. */
export function show(value: unknown, max = 120): string {
  if (value === undefined) return '(absent)';
  return shortJson(value, max);
}
