import { Command, Option } from 'commander';
import type { Diagnostic } from '../model/diagnostic.js';
import { specVersionList, type SpecVersion } from '../model/spec-versions.js';
import { formatNames, formatReport, summarize, type FileReport, type FormatName } from '../report/index.js';
import { version } from '../report/version.js';
import type { SourceLimits } from '../source/types.js';
import { filenameOf, readDocument, writeText, type ReadDocument } from './document-io.js';
import { CliExit, ExitCode, reportExit, UsageError, type CliIO } from './io.js';
import { addLimitOptions, limitsFromOptions } from './limits-options.js';

/**
 * What `validate` and `lint` share: the report options, reading each file, the strict profile,
 * one report in the chosen format, and the exit code (0 pass, 1 a file failed, 2 usage or I/O).
 */
export interface CheckCommandOptions {
  format: FormatName;
  strict?: boolean;
  spec?: SpecVersion;
  maxWarnings?: string;
  output?: string;
  color?: boolean;
  /** --max-bytes and the other input limits, as commander parsed them. */
  [option: string]: unknown;
}

/** Adds the options every checking command has: format, profile, warnings budget, output, limits. */
export function addCheckOptions(command: Command): Command {
  return addLimitOptions(
    command
      .argument('<files...>', 'description files (.json, .yaml, .yml; - for standard input)')
      .addOption(new Option('-f, --format <format>', 'report format').choices(formatNames).default('stylish'))
      .option('--strict', 'strict profile: warnings also fail the check (identified as "strict" in reports)')
      .addOption(
        new Option(
          '--spec <version>',
          "validate as this MCP Description version instead of the document's mcpdesc",
        ).choices(specVersionList),
      )
      .option('--max-warnings <n>', 'fail when there are more than n warnings in total')
      .option('-o, --output <file>', 'write the report to a file instead of standard output')
      .option('--no-color', 'no ANSI colours in the stylish report (NO_COLOR is respected too)'),
  );
}

/** Parses --max-warnings. */
export function parseMaxWarnings(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--max-warnings expects a non-negative whole number, got "${value}"`);
  return Number(value);
}

/** The outcome of checking one file's bytes. */
export interface CheckOutcome {
  valid: boolean;
  complete: boolean;
  specification?: string;
  diagnostics: Diagnostic[];
}

export interface CheckRun {
  /** "mcpdesc validate", for SARIF and JUnit. */
  toolName: string;
  /** Rule summaries for report formats that describe rules. */
  rules: ReadonlyMap<string, { summary: string; spec?: string }>;
  /** Checks one file; `filename` is undefined for standard input. */
  check(
    bytes: Uint8Array,
    file: string,
    filename: string | undefined,
    limits: Partial<SourceLimits>,
  ): CheckOutcome | Promise<CheckOutcome>;
}

export async function runCheck(
  files: string[],
  options: CheckCommandOptions,
  io: CliIO,
  run: CheckRun,
): Promise<number> {
  const maxWarnings = parseMaxWarnings(options.maxWarnings);
  const limits = limitsFromOptions(options);
  const reports: FileReport[] = [];
  const sources = new Map<string, string>();
  let unreadable = 0;
  for (const file of files) {
    let read: ReadDocument;
    try {
      read = await readDocument(file, io, limits.maxBytes);
    } catch (error) {
      // One unreadable file does not stop the others from being checked.
      if (!(error instanceof CliExit)) throw error;
      reportExit(io, error);
      unreadable += 1;
      continue;
    }
    const result: CheckOutcome = read.tooLarge
      ? { valid: false, complete: false, diagnostics: [read.tooLarge] }
      : await run.check(read.bytes, file, filenameOf(file), limits);
    sources.set(file, read.text);
    const failsStrict = options.strict === true && result.diagnostics.some((d) => d.severity === 'warning');
    reports.push({
      file,
      valid: result.valid && !failsStrict,
      complete: result.complete,
      ...(result.specification ? { specification: result.specification } : {}),
      diagnostics: result.diagnostics,
    });
  }
  // Nothing could be read: the error lines on stderr are the whole story (no "0 files checked").
  if (unreadable > 0 && reports.length === 0) return ExitCode.usage;
  const report = { files: reports };
  const text = formatReport(options.format, report, {
    sources,
    color: options.color !== false && !io.env.NO_COLOR && io.isTTY && !options.output,
    toolName: run.toolName + (options.strict ? ' (strict profile)' : ''),
    toolVersion: version,
    rules: run.rules,
  });
  await writeText(io, text, options.output);

  if (unreadable > 0) {
    // The report counts the files it checked; this line counts the ones it could not.
    const checked = `${reports.length} ${reports.length === 1 ? 'file' : 'files'} checked`;
    io.stderr(`mcpdesc: ${checked}, ${unreadable} could not be read\n`);
    return ExitCode.usage;
  }
  const totals = summarize(report);
  if (reports.some((r) => !r.valid)) return ExitCode.failed;
  if (maxWarnings !== undefined && totals.warnings > maxWarnings) {
    io.stderr(`mcpdesc: ${totals.warnings} warnings exceed --max-warnings ${maxWarnings}\n`);
    return ExitCode.failed;
  }
  return ExitCode.success;
}
