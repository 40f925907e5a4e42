/** `mcpdesc diff --format text`: changes grouped by class, each with its id, revisions, pointers and reason. */
import { formatRevisions, type Revision } from '../model/revisions.js';
import type { ChangeClass } from './classification.js';
import type { DiffRenderOptions } from './render-json.js';
import type { DiffChange, DiffReport, VersionSuggestion } from './types.js';

export const classHeadings: Record<ChangeClass, string> = {
  breaking: 'Breaking changes',
  'non-breaking': 'Non-breaking changes',
  informational: 'Informational changes',
};

export function renderDiffText(report: DiffReport, options: DiffRenderOptions = {}): string {
  const lines: string[] = [];
  const name = (side: 'old' | 'new'): string => {
    const file = side === 'old' ? options.oldName : options.newName;
    const info = report.info[side];
    const label = [info.name, info.version].filter((x) => x !== undefined).join(' ');
    return file !== undefined ? `${file}${label ? ` (${label})` : ''}` : label || side;
  };
  lines.push(`mcpdesc diff ${name('old')} -> ${name('new')}`);
  lines.push(
    `protocol revisions compared: ${report.revisions.compared.length > 0 ? formatRevisions(report.revisions.compared) : 'none in common'}`,
  );
  lines.push('');
  if (report.changes.length === 0) lines.push('No changes.');
  for (const cls of ['breaking', 'non-breaking', 'informational'] as const) {
    const list = report.changes.filter((c) => c.class === cls);
    if (list.length === 0) continue;
    lines.push(`${classHeadings[cls]} (${list.length})`);
    for (const c of list) lines.push(...changeLines(c, report.revisions.compared));
    lines.push('');
  }
  const s = report.summary;
  lines.push(`${s.breaking} breaking, ${s.nonBreaking} non-breaking, ${s.informational} informational`);
  if (options.suggestVersion) lines.push(versionLine(report.version));
  return lines.join('\n').replace(/\n+$/, '') + '\n';
}

function changeLines(c: DiffChange, compared: readonly Revision[]): string[] {
  const out = [`  - ${c.message}`];
  out.push(`      ${c.id} (${formatRevisions(c.revisions)}${isScopedChange(c, compared) ? ' only' : ''})`);
  if (c.locations) {
    // One change in several scoped variants: the pointers of each, with their revisions.
    const where = (pointer: string | undefined, revisions: readonly Revision[]): string =>
      `${pointer || '(root)'} (${formatRevisions(revisions)})`;
    const olds = c.locations.filter((l) => l.old !== undefined).map((l) => where(l.old, l.revisions));
    const news = c.locations.filter((l) => l.new !== undefined).map((l) => where(l.new, l.revisions));
    if (olds.length > 0) out.push(`      old: ${olds.join(', ')}`);
    if (news.length > 0) out.push(`      new: ${news.join(', ')}`);
  } else {
    if (c.old) out.push(`      old: ${c.old.pointer || '(root)'}`);
    if (c.new) out.push(`      new: ${c.new.pointer || '(root)'}`);
  }
  out.push(`      why: ${c.reason}`);
  return out;
}

/** Whether a change applies to only some of the compared revisions (worth saying). */
export function isScopedChange(c: DiffChange, compared: readonly Revision[]): boolean {
  if (c.subject.kind === 'document' || c.subject.kind === 'protocol' || c.subject.kind === 'securityScheme')
    return false;
  return !sameSet(c.revisions, compared);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

export function versionLine(v: VersionSuggestion): string {
  if (v.suggested === undefined) return `suggested version: ${v.bump} bump${v.note ? ` (${v.note})` : ''}`;
  if (v.bump === 'none') return `suggested version: ${v.suggested} (no change)`;
  let line = `suggested version: ${v.suggested} (${v.bump} bump from ${v.from})`;
  if (v.actual !== undefined && v.sufficient !== undefined) {
    line += v.sufficient
      ? `; the new info.version ${v.actual} is sufficient`
      : `; the new info.version ${v.actual} is lower than suggested`;
  }
  if (v.note) line += `\nnote: ${v.note}`;
  return line;
}
