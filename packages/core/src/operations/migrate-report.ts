/** The migration report as JSON text and as a human summary (both deterministic). */
import type { MigrationReport } from './migrate.js';

/** The report as JSON text (2-space indentation, trailing newline); field order is fixed. */
export function formatMigrationReportJson(report: MigrationReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}

/** A plain-text summary: outcome, then changes, defaults, approvals, security names and open questions. */
export function formatMigrationSummary(report: MigrationReport): string {
  const lines: string[] = [];
  const blocking = report.openQuestions.filter((q) => q.blocking).length;
  lines.push(
    `MCP Description ${report.from} -> ${report.to}: ${report.ok ? 'migrated' : 'not migrated'}` +
      (report.protocolVersions.length > 0 ? ` (protocolVersions ${report.protocolVersions.join(', ')})` : ''),
  );
  lines.push(
    `${count(report.changes.length, 'change')}, ${count(report.defaults.length, 'default')}, ${count(report.approvals.length, 'author approval')}, ` +
      `${count(report.openQuestions.length, 'open question')}${blocking > 0 ? ` (${blocking} blocking)` : ''}`,
  );
  section(
    lines,
    'Changes',
    report.changes.map((c) => `${c.detail}${where(c.from, c.to)}`),
  );
  section(
    lines,
    'Defaults',
    report.defaults.map((d) => `${d.pointer}: ${JSON.stringify(d.value)} from ${d.source}: ${d.detail}`),
  );
  section(
    lines,
    'Author approvals',
    report.approvals.map((a) => `${a.pointer}: ${a.detail} (${a.source})`),
  );
  section(
    lines,
    'Security schemes',
    report.securitySchemes.map((s) => `${s.name}: from ${s.basis}; replaces ${s.occurrences.join(', ')}`),
  );
  section(
    lines,
    'Open questions',
    report.openQuestions.map((q) => `${q.blocking ? '[blocking] ' : ''}${q.pointer || '/'}: ${q.question}`),
  );
  return lines.join('\n') + '\n';
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function where(from: string | undefined, to: string | undefined): string {
  if (from !== undefined && to !== undefined) return from === to ? ` [${from}]` : ` [${from} -> ${to}]`;
  if (from !== undefined) return ` [${from}]`;
  if (to !== undefined) return ` [-> ${to}]`;
  return '';
}

function section(lines: string[], title: string, items: string[]): void {
  if (items.length === 0) return;
  lines.push('', `${title}:`);
  for (const item of items) lines.push(`  - ${item}`);
}
