import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatJunit } from './junit.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';
import type { FormatOptions, Formatter, Report } from './types.js';
import type { OutputKind } from './control-characters.js';

export { summarize, type ReportSummary } from './summary.js';
export type { FileReport, FormatOptions, Formatter, Report, ReportCheck } from './types.js';

export type FormatName = 'stylish' | 'json' | 'sarif' | 'github' | 'junit';

/** Every report format by its `--format` name; `stylish` is the default. */
export const formatters: Record<FormatName, Formatter> = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
  junit: formatJunit,
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
