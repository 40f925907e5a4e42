import { Command, Option } from 'commander';
import type { Diagnostic, Severity } from 'mcpdesc-core/internal/model/diagnostic.js';
import { specVersionList, type SpecVersion } from 'mcpdesc-core/internal/model/spec-versions.js';
import {
  formatNames,
  formatReportPieces,
  summarize,
  type FileReport,
  type FormatName,
  type SourceLines,
} from 'mcpdesc-core/internal/report/index.js';
import { version } from 'mcpdesc-core/internal/report/version.js';
import { parseDescription } from 'mcpdesc-core/internal/source/parse.js';
import type { SourceLimits, SourceMap } from 'mcpdesc-core/internal/source/types.js';
import { checkOutput, filenameOf, readDocument, writeText, type ReadDocument } from './document-io.js';
import { CliExit, ExitCode, reportExit, UsageError, type CliIO } from './io.js';
import { addLimitOptions, limitsFromOptions } from './limits-options.js';
import { applyBaseline, baselineNote, type BaselineOptions } from './baseline.js';
import {
  colorWanted,
  hyperlinksWanted,
  failSeverities,
  failSeverityOf,
  failsAt,
  profileLabel,
} from './check-policy.js';

/**
 * What `validate` and `lint` share: the report options, reading each file, the strict profile,
 * one report in the chosen format, and the exit code (0 pass, 1 a file failed, 2 usage or I/O).
 */
export interface CheckCommandOptions extends BaselineOptions {
  format: FormatName;
  strict?: boolean;
  /** --fail-severity: the lowest severity that fails a file (default error). */
  failSeverity?: Severity;
  /** --fail-on: an alias of --fail-severity, the threshold flag's name in diff. */
  failOn?: Severity;
  spec?: SpecVersion;
  /** -c/--config: the configuration file (default: the nearest mcpdesc.config.json). */
  config?: string;
  /** --no-config-js: refuse JavaScript configurations (false), as MCPDESC_NO_CONFIG_JS does. */
  configJs?: boolean;
  /** -q/--quiet: report errors only (warnings and infos still count for --fail-severity and --max-warnings). */
  quiet?: boolean;
  maxWarnings?: string;
  output?: string;
  color?: boolean;
  /** --ext: extensions searched for in directory arguments, besides the default ones. */
  ext?: string[];
  /** --ignore-pattern: globs (relative to the working directory) left out of directories and globs. */
  ignorePattern?: string[];
  /** --max-bytes and the other input limits, as commander parsed them. */
  [option: string]: unknown;
}

/** Adds the options every checking command has: format, profile, warnings budget, output, limits. */
export function addCheckOptions(command: Command): Command {
  return addLimitOptions(
    command
      .argument(
        '<files...>',
        'description files (.json, .yaml, .yml; - for standard input), directories (searched for *.mcpdesc.json, *.mcpdesc.yaml, *.mcpdesc.yml) or quoted globs',
      )
      .option(
        '--ext <extensions>',
        'also search directories for these extensions (comma-separated, repeatable)',
        collect,
      )
      .option(
        '--ignore-pattern <glob>',
        'leave out files matching this glob when expanding directories and globs (repeatable; node_modules and dot-folders always are)',
        collect,
      )
      .addOption(new Option('-f, --format <format>', 'report format').choices(formatNames).default('stylish'))
      .addOption(
        new Option(
          '--fail-severity <severity>',
          'the lowest severity that fails a file, exit code 1 (default: error)',
        ).choices(failSeverities),
      )
      .addOption(
        new Option('--fail-on <severity>', 'alias of --fail-severity (the failure-threshold name diff uses)').choices(
          failSeverities,
        ),
      )
      .option(
        '--strict',
        'strict profile, the same as --fail-severity warning: warnings also fail the check (identified as "strict" in reports)',
      )
      .addOption(
        new Option(
          '--spec <version>',
          "validate as this MCP Description version instead of the document's mcpdesc",
        ).choices(specVersionList),
      )
      .option(
        '-c, --config <file>',
        'configuration file (default: the nearest mcpdesc.config.json, .js or .mjs): rule and code severities, validation rules included',
      )
      .option(
        '--no-config-js',
        'refuse JavaScript configurations, which run code (exit 2): for CI on untrusted checkouts; MCPDESC_NO_CONFIG_JS=1 does the same',
      )
      .option('-q, --quiet', 'report errors only (warnings and infos still count for the exit code)')
      .option('--max-warnings <n>', 'fail when there are more than n warnings in total')
      .option('-o, --output <file>', 'write the report to a file instead of standard output')
      .option('--color', 'ANSI colours in the stylish report even when not writing to a terminal')
      .option(
        '--no-color',
        'no ANSI colours in the stylish report; without either flag a non-empty NO_COLOR turns colours off and FORCE_COLOR on (NO_COLOR wins)',
      ),
  );
}

/** Commander's way of making an option repeatable. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
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
  /** Errors the configuration turned off or lowered: they still make the file invalid (finding-settings.ts). */
  hiddenErrors?: number;
  /** Where the diagnostics' ranges were found: its lines serve the excerpts (validate's and lint's results have it). */
  sourceMap?: SourceMap | undefined;
}

export interface CheckRun {
  /** "mcpdesc validate", for SARIF and JUnit. */
  toolName: string;
  /** Rule summaries for report formats that describe rules. */
  rules: ReadonlyMap<string, { summary: string; spec?: string; helpUri?: string }>;
  /** Checks one file; `filename` is undefined for standard input. */
  check(
    bytes: Uint8Array,
    file: string,
    filename: string | undefined,
    limits: Partial<SourceLimits>,
  ): CheckOutcome | Promise<CheckOutcome>;
}

export async function runCheck(
  args: string[],
  options: CheckCommandOptions,
  io: CliIO,
  run: CheckRun,
): Promise<number> {
  const maxWarnings = parseMaxWarnings(options.maxWarnings);
  const failSeverity = failSeverityOf(options);
  await checkOutput(io, options.output);
  // Loaded here, not at start-up: only the checking commands search the file system.
  const { expandFileArguments } = await import('./file-arguments.js');
  const files = await expandFileArguments(args, io.cwd, options);
  const limits = limitsFromOptions(options);
  const reports: FileReport[] = [];
  const sources = new Map<string, string | SourceLines>();
  // Decoded only for a baseline: its entries name the tool or prompt a finding is in.
  const documents = new Map<FileReport, unknown>();
  const baselined = options.baseline !== undefined || options.writeBaseline !== undefined;
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
    // Excerpts are shown for findings only: a clean file's text is never decoded twice, and a
    // file the checker decoded gives its own lines (the ones its ranges count in).
    if (result.diagnostics.length > 0) sources.set(file, hasLines(result.sourceMap) ? result.sourceMap : read.text);
    // Errors already make a file invalid; a lower threshold fails it on warnings (and infos) too.
    const failsThreshold = failSeverity !== 'error' && failsAt(result.diagnostics, failSeverity);
    // `valid` is the specification's verdict; a finding the configuration raised to error fails too.
    const raised = failsAt(result.diagnostics, 'error');
    if (result.hiddenErrors)
      io.stderr(
        `mcpdesc: ${file === '-' ? 'standard input' : file}: ${result.hiddenErrors} error${result.hiddenErrors === 1 ? '' : 's'} turned off or lowered by the configuration still make the document invalid (a MUST of the specification)\n`,
      );
    const fileReport: FileReport = {
      file,
      valid: result.valid && !raised && !failsThreshold,
      complete: result.complete,
      ...(result.specification ? { specification: result.specification } : {}),
      diagnostics: result.diagnostics,
    };
    reports.push(fileReport);
    if (baselined && !read.tooLarge && result.diagnostics.length > 0)
      documents.set(fileReport, parseDescription(read.bytes, { filename: filenameOf(file), limits }).document);
  }
  // Nothing could be read: the error lines on stderr are the whole story (no "0 files checked").
  if (unreadable > 0 && reports.length === 0) return ExitCode.usage;
  const baseline = await applyBaseline(reports, documents, options, io, failSeverity, unreadable === 0);
  // The totals the exit code uses are counted before --quiet leaves warnings and infos out.
  const totals = summarize({ files: reports });
  if (options.quiet) for (const r of reports) r.diagnostics = r.diagnostics.filter((d) => d.severity === 'error');
  const report = { files: reports };
  const color = colorWanted(options.color, io.env, io.isTTY && !options.output);
  const pieces = formatReportPieces(options.format, report, {
    sources,
    color,
    hyperlinks: hyperlinksWanted(color, io.env),
    toolName: run.toolName + profileLabel(failSeverity),
    toolVersion: version,
    rules: run.rules,
    unreadable,
  });
  // Every report format neutralises its own output (report/index.ts).
  await writeText(io, pieces, options.output, 'neutral');
  if (baseline) io.stderr(baselineNote(baseline, options.writeBaseline !== undefined));

  if (unreadable > 0) {
    // The stylish summary counts the unreadable files; the machine formats have no place for them.
    if (options.format !== 'stylish') {
      const checked = `${reports.length} ${reports.length === 1 ? 'file' : 'files'} checked`;
      io.stderr(`mcpdesc: ${checked}, ${unreadable} could not be read\n`);
    }
    return ExitCode.usage;
  }
  if (reports.some((r) => !r.valid)) return ExitCode.failed;
  if (options.failOnStale && baseline && baseline.stale.length > 0) return ExitCode.failed;
  if (maxWarnings !== undefined && totals.warnings > maxWarnings) {
    io.stderr(`mcpdesc: ${totals.warnings} warnings exceed --max-warnings ${maxWarnings}\n`);
    return ExitCode.failed;
  }
  return ExitCode.success;
}

function hasLines(sourceMap: SourceMap | undefined): sourceMap is SourceMap & SourceLines {
  return sourceMap?.lineText !== undefined;
}
