import { severities, type Severity } from 'mcpdesc-core/model';
import { UsageError } from './io.js';

/** --fail-severity's choices, most severe first: a threshold fails on itself and everything above it. */
export const failSeverities = severities;

/** The lowest severity that fails a file: --fail-severity, or warning for --strict (its older name), else error. */
export function failSeverityOf(options: { strict?: boolean; failSeverity?: Severity; failOn?: Severity }): Severity {
  if (options.failOn !== undefined && options.failSeverity !== undefined && options.failOn !== options.failSeverity)
    throw new UsageError(
      `--fail-on is an alias of --fail-severity; they disagree (${options.failOn} and ${options.failSeverity})`,
    );
  const failSeverity = options.failSeverity ?? options.failOn;
  if (options.strict && failSeverity !== undefined && failSeverity !== 'warning')
    throw new UsageError(
      `--strict is --fail-severity warning; it cannot be combined with --fail-severity ${failSeverity}`,
    );
  return failSeverity ?? (options.strict ? 'warning' : 'error');
}

/** Whether a diagnostic at or above the threshold is among these. */
export function failsAt(diagnostics: readonly { severity: Severity }[], threshold: Severity): boolean {
  const failing: readonly Severity[] = failSeverities.slice(0, failSeverities.indexOf(threshold) + 1);
  return diagnostics.some((d) => failing.includes(d.severity));
}

/** How reports name a threshold other than the default: warning is the strict profile. */
export function profileLabel(threshold: Severity): string {
  if (threshold === 'warning') return ' (strict profile)';
  return threshold === 'info' ? ' (fail-severity info)' : '';
}

/**
 * Whether the stylish report is coloured, by the conventions of no-color.org and force-color.org:
 * a command-line flag (--color, --no-color) wins over the environment; a non-empty NO_COLOR turns
 * colour off and wins over FORCE_COLOR (an opt-out is never overridden by a variable); a non-empty
 * FORCE_COLOR turns it on even when writing to a pipe or a file, except "0" and "false", which
 * turn it off as Node.js and chalk read them; otherwise colour only on a terminal.
 */
export function colorWanted(
  flag: boolean | undefined,
  env: Record<string, string | undefined>,
  toTerminal: boolean,
): boolean {
  if (flag !== undefined) return flag;
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  return toTerminal;
}

/**
 * Whether the stylish report's rule column is an OSC 8 hyperlink: FORCE_HYPERLINK decides when
 * set, as supports-hyperlinks reads it (non-empty "0" off, anything else on); otherwise links go
 * with colour (a terminal, not NO_COLOR, FORCE_COLOR as for colour), so a pipe, a file or NO_COLOR
 * never gets escape sequences.
 */
export function hyperlinksWanted(color: boolean, env: Record<string, string | undefined>): boolean {
  const force = env.FORCE_HYPERLINK;
  if (force !== undefined) return !(force.length > 0 && Number.parseInt(force, 10) === 0);
  return color;
}
