import type { Diagnostic } from '../model/diagnostic.js';
import type { TextFix } from '../source/text-fixes.js';

/** The outcome of checking one file; `--format json` prints `{ files: FileReport[] }` exactly. */
export interface FileReport {
  file: string;
  valid: boolean;
  complete: boolean;
  /** The MCP Description version the file was checked against, e.g. "0.8.0". */
  specification?: string;
  diagnostics: Diagnostic[];
  /** What was checked (verify: drift, contract and hygiene per revision), each with its outcome. */
  checks?: ReportCheck[];
}

/** One check a command ran or skipped, with the diagnostics it produced (members of the file's diagnostics). */
export interface ReportCheck {
  /** e.g. "MCP 2025-11-25 drift". */
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  /** What was compared or called; for a skipped check, why. */
  detail: string;
  diagnostics: Diagnostic[];
}

export interface Report {
  files: FileReport[];
}

/** The lines of a source (a LineIndex, a decoded document's SourceMap), as excerpts read them. */
export interface SourceLines {
  /** The text of 1-based line `line` without its line break; undefined past the last line. */
  lineText(line: number): string | undefined;
}

export interface FormatOptions {
  /**
   * Source of each file by its `file` name, for excerpts: its text, or its lines as the decoder
   * that gave the ranges holds them (no second table of line starts).
   */
  sources?: ReadonlyMap<string, string | SourceLines>;
  /** ANSI colours (never when NO_COLOR is set). */
  color?: boolean;
  /** OSC 8 hyperlinks in the stylish report: each rule/code links to the rule's reference page. */
  hyperlinks?: boolean;
  /**
   * The strict profile (--strict, --fail-severity warning): warnings fail the check. Every format
   * names it: the stylish summary, a JSON `"strict": true`, SARIF run properties, a GitHub notice,
   * the JUnit suite name (through `toolName`).
   */
  strict?: boolean;
  /** Name of the tool run, for SARIF/JUnit ("mcpdesc validate"). */
  toolName?: string;
  /** Version of the tool, for SARIF. */
  toolVersion?: string;
  /** Files named on the command line that could not be read (the stylish summary counts them). */
  unreadable?: number;
  /**
   * Rule metadata by id, for SARIF rule descriptors and help (summary, spec section, and the
   * reference page of a plugin's rule: ours are at ruleHelpUri).
   */
  rules?: ReadonlyMap<string, { summary: string; spec?: string; helpUri?: string }>;
  /** Each file's findings' fixes as text replacements (source/text-fixes.ts), for SARIF `fixes`. */
  textFixes?: ReadonlyMap<string, readonly TextFix[]>;
}

export type Formatter = (report: Report, options?: FormatOptions) => string;

/**
 * A formatter that gives its report as pieces, in order, whose concatenation is the report: a
 * large report is written piece by piece, never copied into one string. Pieces are whole blocks
 * (a diagnostic, a batch of them, a skeleton line), so a piece never ends inside an escape
 * sequence or between a CR and its LF, and each can be neutralised alone.
 */
export type PieceFormatter = (report: Report, options?: FormatOptions) => Iterable<string>;
