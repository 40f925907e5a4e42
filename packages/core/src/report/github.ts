import type { Severity } from '../model/diagnostic.js';
import { pointerLabel } from './pointer-label.js';
import { sortedDiagnostics } from './sorted.js';
import type { Formatter } from './types.js';

const command: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/**
 * `--format github`: one GitHub Actions workflow command per diagnostic, which the runner turns
 * into an annotation on the file. Clean reports print nothing.
 */
export const formatGithub: Formatter = (report, options = {}) => {
  let out = '';
  // Under the strict profile a warning fails the job: one notice says why.
  if (options.strict && report.files.some((file) => file.diagnostics.length > 0))
    out += '::notice title=mcpdesc::strict profile: warnings fail the check\n';
  for (const file of report.files) {
    for (const d of sortedDiagnostics(file.diagnostics)) {
      const properties: [string, string | number][] = [['file', file.file]];
      if (d.range) {
        const { start, end } = d.range;
        properties.push(['line', start.line]);
        // GitHub rejects columns on annotations that span several lines.
        if (start.line === end.line) properties.push(['col', start.column]);
        properties.push(['endLine', end.line]);
        if (start.line === end.line) properties.push(['endColumn', end.column]);
      }
      properties.push(['title', `${d.rule}/${d.code}`]);
      const list = properties.map(([key, value]) => `${key}=${escapeProperty(String(value))}`).join(',');
      out += `::${command[d.severity]} ${list}::${escapeData(`${d.message} (at ${pointerLabel(d.pointer)})`)}\n`;
    }
  }
  return out;
};

/** Escaping of a command's message, as in @actions/core's `escapeData`. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escaping of a command's property values, as in @actions/core's `escapeProperty`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
