import { Command, Option } from 'commander';
import { type Severity, specVersionList } from 'mcpdesc-core/model';
import type { TextFix } from 'mcpdesc-core/source';
import {
  formatNames,
  formatReportPieces,
  summarize,
  type FileReport,
  type FormatName,
  type SourceLines,
  version,
} from 'mcpdesc-core/report';
import { checkOutput, writeText } from './document-io.js';
import { ExitCode, UsageError, type CliIO } from './io.js';
import { addLimitOptions, limitsFromOptions } from './limits-options.js';
import { applyBaseline, baselineNote } from './baseline.js';
import { colorWanted, hyperlinksWanted, failSeverities, failSeverityOf, profileLabel } from './check-policy.js';
import { checkQuietDescription, configDescription, configFlags, quietFlags } from './reporting-options.js';
import { formatOption, reportFormatChoices, textFormat } from './format-option.js';
import type {
  CheckCommandOptions,
  CheckFormatName,
  CheckRun,
  CheckTask,
  FileCheckContext,
  FileOutcome,
  ParallelOptions,
  ReportCollector,
} from './check-types.js';

export type {
  CheckCommandName,
  CheckCommandOptions,
  CheckFormatName,
  CheckOutcome,
  CheckRun,
  CheckTask,
  ParallelOptions,
} from './check-types.js';

/** The formats of the checking commands: the report formats' table, and the streaming `jsonl`. */
export const checkFormatNames: readonly CheckFormatName[] = [...formatNames, 'jsonl'];

/**
 * What `validate` and `lint` share: the report options, reading each file, the strict profile,
 * one report in the chosen format, and the exit code (0 pass, 1 a file failed, 2 usage or I/O).
 */

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
      .addOption(
        formatOption(
          '-f, --format <format>',
          'report format; jsonl: one JSON object per file, written as each file is checked',
          reportFormatChoices(checkFormatNames),
          { defaultChoice: textFormat, textValue: 'stylish' },
        ),
      )
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
      .option(configFlags, configDescription)
      .option(
        '--no-config-js',
        'refuse JavaScript configurations, which run code (exit 2): for CI on untrusted checkouts; MCPDESC_NO_CONFIG_JS=1 does the same',
      )
      .option(quietFlags, checkQuietDescription)
      .option('--max-warnings <n>', 'fail when there are more than n warnings in total')
      .option(
        '--jobs <n>',
        'check n files at once, each in a worker thread (auto: one per available CPU); the report is the same as with 1',
      )
      .option(
        '--shard <I/N>',
        'check only shard I of N (1-based): a stable hash of each path relative to the working directory',
      )
      .option(
        '--file-timeout <ms>',
        "stop a file's check after this many milliseconds (in a worker): a source.limit error for that file",
      )
      .option(
        '--file-memory <MB>',
        "a file's check may use this much heap (in a worker): a source.limit error for that file when it needs more",
      )
      .option('-o, --output <file>', 'write the report to a file instead of standard output')
      .option('--color', 'ANSI colours in the text report even when not writing to a terminal')
      .option(
        '--no-color',
        'no ANSI colours in the text report; without either flag a non-empty NO_COLOR turns colours off and FORCE_COLOR on (NO_COLOR wins)',
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

export async function runCheck(
  args: string[],
  options: CheckCommandOptions,
  io: CliIO,
  run: CheckRun,
): Promise<number> {
  const maxWarnings = parseMaxWarnings(options.maxWarnings);
  const failSeverity = failSeverityOf(options);
  const baselined = options.baseline !== undefined || options.writeBaseline !== undefined;
  const { parseShard, inShard, fileShardKey } = await import('./shard.js');
  const shard = parseShard(options.shard);
  const parallel = await parallelOptions(options);
  if (options.format === 'jsonl' && baselined)
    throw new UsageError(
      '--format jsonl writes each file as it is checked; a baseline needs the whole run (use --format json)',
    );
  await checkOutput(io, options.output);
  // Loaded here, not at start-up: only the checking commands search the file system.
  const { expandFileArguments } = await import('./file-arguments.js');
  const expanded = await expandFileArguments(args, io.cwd, options);
  // A file keeps its index in the whole list in every shard: jsonl lines of all shards sort back into one order.
  const tasks = inShard(
    expanded.map((file, index) => ({ file, index })),
    shard,
    (task) => fileShardKey(task.file, io.cwd),
  );
  // SARIF gives each fix as a text replacement; with --fix the report is of the fixed text, whose fixes are written.
  const fixing =
    (options as { fix?: boolean; fixDryRun?: boolean }).fix || (options as { fixDryRun?: boolean }).fixDryRun;
  const context: FileCheckContext = {
    limits: limitsFromOptions(options),
    failSeverity,
    baselined,
    ...(options.format === 'sarif' && !fixing ? { textFixes: true } : {}),
  };
  const { checkFile } = await import('./check-file.js');
  const collect =
    options.format === 'jsonl' ? streamedReport(io, options) : orderedReport(tasks, io, options, options.format);
  if (parallel === undefined) {
    for (const task of tasks) await collect.add(task, await checkFile(task.file, io, run, context));
  } else {
    // Standard input is this process's: checked here; the files go to the workers.
    for (const task of tasks)
      if (task.file === '-') await collect.add(task, await checkFile(task.file, io, run, context));
    const { checkInWorkers } = await import('./check-pool.js');
    await checkInWorkers(
      tasks.filter((task) => task.file !== '-'),
      parallel,
      { command: run.command, options, cwd: io.cwd, env: io.env, context },
      collect,
      run.rules,
    );
  }
  return collect.finish(run, { maxWarnings, failSeverity });
}

/** `--jobs`, `--file-timeout` and `--file-memory`: undefined for the in-thread path (one job, no budget). */
async function parallelOptions(options: CheckCommandOptions): Promise<ParallelOptions | undefined> {
  const fileTimeout = wholeNumber('--file-timeout', options.fileTimeout);
  const fileMemory = wholeNumber('--file-memory', options.fileMemory);
  let jobs = 1;
  if (options.jobs === 'auto') jobs = (await import('node:os')).availableParallelism();
  else if (options.jobs !== undefined) jobs = wholeNumber('--jobs', options.jobs)!;
  // A budget needs a worker: a check in the command's own thread cannot be stopped.
  if (jobs === 1 && fileTimeout === undefined && fileMemory === undefined) return undefined;
  return {
    jobs,
    ...(fileTimeout !== undefined ? { fileTimeout } : {}),
    ...(fileMemory !== undefined ? { fileMemory } : {}),
  };
}

function wholeNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value)))
    throw new UsageError(
      `${flag} expects a positive whole number${flag === '--jobs' ? ' or auto' : ''}, got "${value}"`,
    );
  return Number(value);
}

/**
 * The report formats: every outcome kept in its slot and the report written at the end in the
 * files' order, whichever finished first, so `--jobs 2` prints the bytes `--jobs 1` does.
 */
function orderedReport(
  tasks: readonly CheckTask[],
  io: CliIO,
  options: CheckCommandOptions,
  format: FormatName,
): ReportCollector {
  const slots: { outcome: FileOutcome; stderr?: string }[] = [];
  // Positions in this run's list: a task's index counts in the whole list (shards).
  const positions = new Map(tasks.map((task, position) => [task.index, position]));
  const count = tasks.length;
  let replayed = 0;
  const replayedWarnings = new Set<string>();
  return {
    add(task, outcome, stderr) {
      slots[positions.get(task.index)!] = { outcome, ...(stderr !== undefined ? { stderr } : {}) };
      // A worker's standard error is written once the files before it are done: in the files' order.
      while (replayed < count && slots[replayed] !== undefined) {
        const text = slots[replayed]!.stderr;
        if (text) replayStderr(io, text, replayedWarnings);
        replayed += 1;
      }
    },
    async finish(run, policy) {
      const reports: FileReport[] = [];
      const sources = new Map<string, string | SourceLines>();
      // Decoded only for a baseline: its entries name the tool or prompt a finding is in.
      const documents = new Map<FileReport, unknown>();
      const textFixes = new Map<string, TextFix[]>();
      let unreadable = 0;
      for (const { outcome } of slots) {
        if (outcome.kind === 'unreadable') {
          unreadable += 1;
          continue;
        }
        reports.push(outcome.report);
        if (outcome.source !== undefined) sources.set(outcome.report.file, outcome.source);
        if ('document' in outcome) documents.set(outcome.report, outcome.document);
        if (outcome.textFixes) textFixes.set(outcome.report.file, outcome.textFixes);
      }
      return writeOrderedReport(
        io,
        options,
        { reports, sources, documents, unreadable, textFixes },
        run,
        policy,
        format,
      );
    },
  };
}

/** A worker's lines of standard error; the same warning about a configuration is said once, as one thread says it. */
function replayStderr(io: CliIO, text: string, said: Set<string>): void {
  for (const line of text.split(/(?<=\n)/)) {
    if (line.startsWith('mcpdesc: warning: ')) {
      if (said.has(line)) continue;
      said.add(line);
    }
    io.stderr(line);
  }
}

/**
 * `--format jsonl`: each file's line written as soon as the file is checked (with workers, in
 * the order they finish; each line has the file's index). Only the totals are kept.
 */
function streamedReport(io: CliIO, options: CheckCommandOptions): ReportCollector {
  const totals = { files: 0, invalid: 0, warnings: 0, unreadable: 0 };
  const saidWarnings = new Set<string>();
  // To a file the lines are written at the end, atomically, like every report (-o is never half written).
  const lines: string[] = [];
  let jsonlLine: ((file: FileReport, index: number) => string) | undefined;
  return {
    async add(task, outcome, stderr) {
      if (stderr) replayStderr(io, stderr, saidWarnings);
      if (outcome.kind === 'unreadable') {
        totals.unreadable += 1;
        return;
      }
      const report = outcome.report;
      totals.files += 1;
      if (!report.valid) totals.invalid += 1;
      totals.warnings += report.diagnostics.filter((d) => d.severity === 'warning').length;
      if (options.quiet) report.diagnostics = report.diagnostics.filter((d) => d.severity === 'error');
      jsonlLine ??= (await import('mcpdesc-core/report')).jsonlLine;
      const line = jsonlLine(report, task.index);
      if (options.output !== undefined) lines.push(line);
      else {
        io.stdout(line);
        await io.stdoutDrained?.();
      }
    },
    async finish(_run, policy) {
      if (options.output !== undefined) await writeText(io, lines, options.output, 'neutral');
      if (totals.unreadable > 0) {
        io.stderr(
          `mcpdesc: ${totals.files} ${totals.files === 1 ? 'file' : 'files'} checked, ${totals.unreadable} could not be read\n`,
        );
        return ExitCode.usage;
      }
      if (totals.invalid > 0) return ExitCode.failed;
      return warningsExit(io, totals.warnings, policy.maxWarnings);
    },
  };
}

function warningsExit(io: CliIO, warnings: number, maxWarnings: number | undefined): number {
  if (maxWarnings !== undefined && warnings > maxWarnings) {
    io.stderr(`mcpdesc: ${warnings} warnings exceed --max-warnings ${maxWarnings}\n`);
    return ExitCode.failed;
  }
  return ExitCode.success;
}

/** The whole run's reports, in the files' order. */
interface CollectedReports {
  reports: FileReport[];
  sources: Map<string, string | SourceLines>;
  documents: Map<FileReport, unknown>;
  unreadable: number;
  textFixes?: Map<string, TextFix[]>;
}

async function writeOrderedReport(
  io: CliIO,
  options: CheckCommandOptions,
  { reports, sources, documents, unreadable, textFixes }: CollectedReports,
  run: CheckRun,
  { maxWarnings, failSeverity }: { maxWarnings: number | undefined; failSeverity: Severity },
  format: FormatName,
): Promise<number> {
  // Nothing could be read: the error lines on stderr are the whole story (no "0 files checked").
  if (unreadable > 0 && reports.length === 0) return ExitCode.usage;
  const baseline = await applyBaseline(reports, documents, options, io, failSeverity, unreadable === 0);
  // The totals the exit code uses are counted before --quiet leaves warnings and infos out.
  const totals = summarize({ files: reports });
  if (options.quiet) for (const r of reports) r.diagnostics = r.diagnostics.filter((d) => d.severity === 'error');
  const report = { files: reports };
  const color = colorWanted(options.color, io.env, io.isTTY && !options.output);
  const pieces = formatReportPieces(format, report, {
    sources,
    color,
    hyperlinks: hyperlinksWanted(color, io.env),
    toolName: run.toolName + profileLabel(failSeverity),
    strict: failSeverity === 'warning',
    toolVersion: version,
    rules: run.rules,
    unreadable,
    ...(textFixes && textFixes.size > 0 ? { textFixes } : {}),
  });
  // Every report format neutralises its own output (report/index.ts).
  await writeText(io, pieces, options.output, 'neutral');
  if (baseline) io.stderr(baselineNote(baseline, options.writeBaseline !== undefined));

  if (unreadable > 0) {
    // The stylish summary counts the unreadable files; the machine formats have no place for them.
    if (format !== 'stylish') {
      const checked = `${reports.length} ${reports.length === 1 ? 'file' : 'files'} checked`;
      io.stderr(`mcpdesc: ${checked}, ${unreadable} could not be read\n`);
    }
    return ExitCode.usage;
  }
  if (reports.some((r) => !r.valid)) return ExitCode.failed;
  if (options.failOnStale && baseline && baseline.stale.length > 0) return ExitCode.failed;
  return warningsExit(io, totals.warnings, maxWarnings);
}
