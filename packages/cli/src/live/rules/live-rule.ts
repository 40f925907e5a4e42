import type { Severity } from 'mcpdesc-core/model';
import type { DocumentedRule } from 'mcpdesc-core/validate';

/**
 * A rule of the live commands (capture, record, verify): the core's rule shape (id, spec section,
 * default severity, a closed set of codes with message templates, docs) with kind `live`. Its
 * findings come from a running server, so it has no check function and its docs no example document.
 */
export interface LiveRule<C extends string = string> extends DocumentedRule {
  kind: 'live';
  codes: Record<C, { message: string; severity: Severity }>;
}

/** Declares a live rule, keeping its code names as a type (a finding with another code fails to compile). */
export function liveRule<C extends string>(rule: LiveRule<C>): LiveRule<C> {
  return rule;
}
