/**
 * The types `validate` and `lint` share between the command (check-command.ts), the file check
 * (check-file.ts) and the checking workers (check-pool.ts, check-worker.ts): one module all of
 * them import, so none imports another for a type.
 */
import type { Diagnostic, Severity, SpecVersion } from 'mcpdesc-core/model';
import type { FileReport, FormatName, SourceLines } from 'mcpdesc-core/report';
import type { SourceLimits, SourceMap, TextFix } from 'mcpdesc-core/source';
import type { BaselineOptions } from './baseline.js';

/** The report formats, and `jsonl`: one line per file, written as each file is checked (`--format jsonl`). */
export type CheckFormatName = FormatName | 'jsonl';

export interface CheckCommandOptions extends BaselineOptions {
  format: CheckFormatName;
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
  /** --jobs: files checked at once, each in a worker thread (a number, or auto: the available parallelism). */
  jobs?: string;
  /** --shard I/N: check only the files of shard I of N (a stable hash of each path, shard.ts). */
  shard?: string;
  /** --file-timeout: milliseconds one file's check may take in its worker. */
  fileTimeout?: string;
  /** --file-memory: megabytes of heap one file's check may use in its worker. */
  fileMemory?: string;
  /** --max-bytes and the other input limits, as commander parsed them. */
  [option: string]: unknown;
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

/** The commands that check files. */
export type CheckCommandName = 'validate' | 'lint';

/** One file of a run: its path and its index in the whole list of files (before --shard). */
export interface CheckTask {
  file: string;
  index: number;
}

/** How a run over workers is bounded (check-pool.ts). */
export interface ParallelOptions {
  jobs: number;
  fileTimeout?: number;
  fileMemory?: number;
}

/** How a report describes a rule (SARIF's rule descriptors). */
export interface RuleDescription {
  summary: string;
  spec?: string;
  helpUri?: string;
}

export interface CheckRun {
  /** "mcpdesc validate", for SARIF and JUnit. */
  toolName: string;
  /**
   * Rule summaries for report formats that describe rules; a configuration's own rules (plugin
   * and declarative, ids with a "/") are added as files are checked, by a worker's too.
   */
  rules: Map<string, RuleDescription>;
  /** Which command this is: a checking worker builds the same run from it (check-worker.ts). */
  command: CheckCommandName;
  /** Checks one file; `filename` is undefined for standard input. */
  check(
    bytes: Uint8Array,
    file: string,
    filename: string | undefined,
    limits: Partial<SourceLimits>,
  ): CheckOutcome | Promise<CheckOutcome>;
}

/** What every file of a run is checked with. */
export interface FileCheckContext {
  limits: Partial<SourceLimits>;
  failSeverity: Severity;
  /** A baseline is read or written: a file with findings keeps its decoded document (its entries name tools and prompts). */
  baselined: boolean;
  /** The report is SARIF: each finding's fix is also given as its text replacement (`fixes`). */
  textFixes?: boolean;
}

/** A file's outcome: unreadable (the reason is on standard error), or its report. */
export type FileOutcome =
  | { kind: 'unreadable' }
  | {
      kind: 'checked';
      report: FileReport;
      /** The lines excerpts are taken from: present when the file has findings. */
      source?: string | SourceLines;
      /** Present (possibly undefined: the text is no document) when the run keeps documents for a baseline. */
      document?: unknown;
      /** With FileCheckContext.textFixes: the findings' fixes as text replacements. */
      textFixes?: TextFix[];
    };

/** What a run's reports are gathered into, file by file, and how the run ends. */
export interface ReportCollector {
  /** A file's outcome; `stderr` is what its check wrote there in a worker (replayed in the report's order). */
  add(task: CheckTask, outcome: FileOutcome, stderr?: string): void | Promise<void>;
  finish(run: CheckRun, policy: { maxWarnings: number | undefined; failSeverity: Severity }): Promise<number>;
}

/** What a checking worker is started with: enough to build the same run as the command's own thread. */
export interface WorkerSetup {
  command: CheckCommandName;
  options: CheckCommandOptions;
  cwd: string;
  env: Record<string, string | undefined>;
  context: FileCheckContext;
}

/**
 * A file's outcome as a worker sends it: the excerpt lines of a file with findings as
 * `[line, text]` pairs (the lines an excerpt shows: each finding's first line and the one
 * before), not its whole source.
 */
export type SentOutcome =
  | { kind: 'unreadable' }
  | { kind: 'checked'; report: FileReport; lines?: [number, string][]; document?: unknown; textFixes?: TextFix[] };

/** A worker's messages: ready for files, a file's outcome, or a failure that ends the command (a bad configuration). */
export type WorkerMessage =
  | { ready: true }
  | { index: number; outcome: SentOutcome; stderr: string; rules?: [string, RuleDescription][] }
  | { index: number; failure: string }
  | { index: number; exit: { code: number; message: string } };
