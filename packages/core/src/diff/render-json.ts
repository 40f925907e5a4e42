/** `mcpdesc diff --format json`: the report as one JSON object (stable key order, two-space indent). */
import type { DiffReport } from './types.js';

export interface DiffRenderOptions {
  /** Names of the compared inputs, shown in headers. */
  oldName?: string;
  newName?: string;
  /** Include the semver suggestion (text and markdown always carry it in JSON). */
  suggestVersion?: boolean;
}

export function renderDiffJson(report: DiffReport, options: DiffRenderOptions = {}): string {
  const out = {
    ...(options.oldName !== undefined ? { old: options.oldName } : {}),
    ...(options.newName !== undefined ? { new: options.newName } : {}),
    revisions: report.revisions,
    info: report.info,
    summary: report.summary,
    ...(options.suggestVersion ? { version: report.version } : {}),
    changes: report.changes.map((c) => ({
      id: c.id,
      class: c.class,
      message: c.message,
      reason: c.reason,
      subject: c.subject,
      ...(c.path !== undefined ? { path: c.path } : {}),
      revisions: c.revisions,
      ...(c.old ? { old: c.old } : {}),
      ...(c.new ? { new: c.new } : {}),
      ...(c.locations ? { locations: c.locations } : {}),
    })),
  };
  return JSON.stringify(out, null, 2) + '\n';
}
