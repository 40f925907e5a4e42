import { formatGithub } from './github.js';
import { formatJson, jsonPieces } from './json.js';
import { formatJunit } from './junit.js';
import { formatSarif, sarifPieces } from './sarif.js';
import { formatStylish, stylishPieces } from './stylish.js';
import type { FormatOptions, Formatter, PieceFormatter, Report } from './types.js';
import { neutralizeOutput } from './control-characters.js';

export { summarize, type ReportSummary } from './summary.js';
export type {
  FileReport,
  FormatOptions,
  Formatter,
  PieceFormatter,
  Report,
  ReportCheck,
  SourceLines,
} from './types.js';

export type FormatName = 'stylish' | 'json' | 'sarif' | 'github' | 'junit';

/** GitHub's commands and JUnit's XML are made whole and then neutralised whole (report/control-characters.ts). */
const formatGithubNeutral: Formatter = (report, options) => neutralizeOutput(formatGithub(report, options), 'text');
const formatJunitNeutral: Formatter = (report, options) => neutralizeOutput(formatJunit(report, options), 'xml');

/**
 * Every report format by its `--format` name; `stylish` is the default. Each neutralises its own
 * output (report/control-characters.ts): stylish prints what is not ours through `printableLine`,
 * JSON and SARIF escape, GitHub's and JUnit's are neutralised whole. What they give is safe to write.
 */
export const formatters: Record<FormatName, Formatter> = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithubNeutral,
  junit: formatJunitNeutral,
};

/**
 * Every report format as pieces (report/types.ts): the formats that can be large are written in
 * batches of diagnostics; GitHub's and JUnit's reports are one piece.
 */
export const pieceFormatters: Record<FormatName, PieceFormatter> = {
  stylish: stylishPieces,
  json: jsonPieces,
  sarif: sarifPieces,
  github: (report, options) => [formatGithubNeutral(report, options)],
  junit: (report, options) => [formatJunitNeutral(report, options)],
};

export const formatNames = Object.keys(formatters) as FormatName[];

export function isFormatName(name: string): name is FormatName {
  return Object.prototype.hasOwnProperty.call(formatters, name);
}

/** Renders a report in the named format. Pure: same report and options, same string. */
export function formatReport(name: FormatName, report: Report, options?: FormatOptions): string {
  return formatters[name](report, options);
}

/**
 * Renders a report in the named format as pieces to write one after the other, without joining
 * them: their concatenation is `formatReport`'s string. Each piece can be neutralised alone.
 */
export function formatReportPieces(name: FormatName, report: Report, options?: FormatOptions): Iterable<string> {
  return pieceFormatters[name](report, options);
}
