import { formatGithub } from './github.js';
import { formatJson, jsonPieces } from './json.js';
import { formatJunit } from './junit.js';
import { formatSarif, sarifPieces } from './sarif.js';
import { formatStylish, stylishPieces } from './stylish.js';
import type { FormatOptions, Formatter, PieceFormatter, Report } from './types.js';
import type { OutputKind } from './control-characters.js';

export { summarize, type ReportSummary } from './summary.js';
export type { FileReport, FormatOptions, Formatter, PieceFormatter, Report, ReportCheck } from './types.js';

export type FormatName = 'stylish' | 'json' | 'sarif' | 'github' | 'junit';

/** Every report format by its `--format` name; `stylish` is the default. */
export const formatters: Record<FormatName, Formatter> = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
  junit: formatJunit,
};

/**
 * Every report format as pieces (report/types.ts): the formats that can be large are written in
 * batches of diagnostics; GitHub's and JUnit's reports are one piece.
 */
export const pieceFormatters: Record<FormatName, PieceFormatter> = {
  stylish: stylishPieces,
  json: jsonPieces,
  sarif: sarifPieces,
  github: (report, options) => [formatGithub(report, options)],
  junit: (report, options) => [formatJunit(report, options)],
};

/** How each format's output is written (report/control-characters.ts): stylish paints and neutralises its own text. */
export const formatOutputKinds: Record<FormatName, OutputKind> = {
  stylish: 'painted',
  json: 'json',
  sarif: 'json',
  github: 'text',
  junit: 'xml',
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
