import type { Report } from './types.js';

export interface ReportSummary {
  files: number;
  errors: number;
  warnings: number;
  infos: number;
}

/** Counts diagnostics by severity over every file of a report. */
export function summarize(report: Report): ReportSummary {
  const summary: ReportSummary = { files: report.files.length, errors: 0, warnings: 0, infos: 0 };
  for (const file of report.files) {
    for (const d of file.diagnostics) {
      if (d.severity === 'error') summary.errors++;
      else if (d.severity === 'warning') summary.warnings++;
      else summary.infos++;
    }
  }
  return summary;
}
