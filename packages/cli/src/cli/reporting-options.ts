/**
 * The flags every command that reports findings shares, one spelling and one description each
 * (test/cli/flag-vocabulary.test.ts walks every command's help and holds them equal):
 *
 * - `-q, --quiet` means "errors only" everywhere, by the kind of command: a checking command
 *   (validate, lint, verify) reports errors only; a command that writes a document or a report
 *   (project, merge, split, resolve, bundle, diff, docs...) reprints only the input's errors on
 *   standard error and no progress or summary lines. Warnings still count wherever they decide
 *   an exit code.
 * - `-c, --config <file>` is the mcpdesc.config.json to apply (default: the nearest one); for the
 *   commands that reprint findings it sets their severities as for validate and lint.
 */
import type { Command } from 'commander';

export const quietFlags = '-q, --quiet';
export const checkQuietDescription = 'report errors only (warnings and infos still count for the exit code)';
export const operationQuietDescription =
  "print only the input's errors on standard error, and no progress or summary lines";

export const configFlags = '-c, --config <file>';
export const configDescription =
  'configuration file (default: the nearest mcpdesc.config.json, .js or .mjs): rule and code severities, validation rules included';

/** What the operation commands take from those flags. */
export interface ReportingOptions {
  quiet?: boolean;
  config?: string;
}

/** Which `--quiet` a command has: a checking command's report, or an operation's reprinted findings. */
export type ReportingKind = 'check' | 'operation';

/**
 * Adds `-q, --quiet` and, unless `config` is false, `-c, --config <file>` after the options the
 * command declared so far: each command states its reporting options once, in one call.
 */
export function addReportingOptions(
  command: Command,
  { kind = 'operation', config = true }: { kind?: ReportingKind; config?: boolean } = {},
): Command {
  command.option(quietFlags, kind === 'check' ? checkQuietDescription : operationQuietDescription);
  if (config) command.option(configFlags, configDescription);
  return command;
}
