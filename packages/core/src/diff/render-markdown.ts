/**
 * `mcpdesc diff --format markdown`: a changelog section. Breaking changes first; each entry names
 * the subject (tool, resource, prompt...) and the exact property, and says why it is classified so.
 */
import { formatRevisions, type Revision } from '../model/revisions.js';
import type { DiffRenderOptions } from './render-json.js';
import { classHeadings, isScopedChange } from './render-text.js';
import { subjectName } from './change-collector.js';
import type { DiffChange, DiffReport, SubjectKind } from './types.js';

/** Escapes Markdown inline syntax in plain text. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|#]/g, (c) => '\\' + c);
}

/** A subject's name at the start of an entry ("Resource template"). */
function subjectWord(kind: SubjectKind): string {
  const name = subjectName(kind);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function renderDiffMarkdown(report: DiffReport, options: DiffRenderOptions = {}): string {
  const lines: string[] = [];
  const n = report.info.new;
  const o = report.info.old;
  const version =
    options.suggestVersion && report.version.suggested !== undefined && report.version.bump !== 'none'
      ? report.version.suggested
      : n.version;
  lines.push(`## ${escapeMarkdown([n.name, version].filter((x) => x !== undefined).join(' ') || 'Changes')}`);
  lines.push('');
  // The heading shows the suggestion: say so when the new document does not carry that version (as text does).
  if (version !== undefined && version !== n.version) {
    const actual =
      n.version === undefined
        ? 'the new document has no info.version'
        : `the new document's info.version is ${escapeMarkdown(n.version)}${report.version.sufficient === false ? ', lower than suggested' : ''}`;
    lines.push(`> **Warning:** ${escapeMarkdown(version)} is the suggested version; ${actual}.`);
    lines.push('');
  }
  const since = o.version !== undefined ? `Changes since ${escapeMarkdown(o.version)}` : 'Changes';
  const compared =
    report.revisions.compared.length > 0
      ? `MCP protocol revisions compared: ${formatRevisions(report.revisions.compared)}`
      : 'no MCP protocol revision in common';
  lines.push(`${since} (${compared}).`);
  lines.push('');
  if (report.changes.length === 0) {
    lines.push('No changes.');
    lines.push('');
  }
  for (const cls of ['breaking', 'non-breaking', 'informational'] as const) {
    const list = report.changes.filter((c) => c.class === cls);
    if (list.length === 0) continue;
    lines.push(`### ${classHeadings[cls]}`);
    lines.push('');
    for (const c of list) lines.push(entry(c, report.revisions.compared));
    lines.push('');
  }
  if (options.suggestVersion) {
    const v = report.version;
    if (v.suggested !== undefined && v.bump !== 'none')
      lines.push(
        `Suggested version: **${escapeMarkdown(v.suggested)}** (${v.bump} bump from ${escapeMarkdown(v.from ?? '')}).`,
      );
    else if (v.bump === 'none') lines.push('Suggested version: unchanged.');
    else lines.push(`Suggested version: a ${v.bump} bump; ${escapeMarkdown(v.note ?? '')}.`);
    if (v.note && v.suggested !== undefined) lines.push('', `_${escapeMarkdown(v.note)}._`);
    lines.push('');
  }
  return lines.join('\n').replace(/\n+$/, '') + '\n';
}

/** Plain text with its JSON-quoted strings (names, paths, values) as code spans. */
function inline(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/"(?:[^"\\]|\\.)*"/g)) {
    out += escapeMarkdown(text.slice(last, m.index));
    let value: string;
    try {
      value = JSON.parse(m[0]) as string;
    } catch {
      value = m[0];
    }
    out += codeSpan(value);
    last = m.index! + m[0].length;
  }
  return out + escapeMarkdown(text.slice(last));
}

/** A CommonMark code span whose fence is longer than any backtick run inside. */
export function codeSpan(value: string): string {
  let longest = 0; // a loop: spreading every run into Math.max overflows the stack on hostile text
  for (const run of value.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  const fence = '`'.repeat(longest + 1);
  const pad = value.startsWith('`') || value.endsWith('`') || value === '' ? ' ' : '';
  return fence + pad + value.replace(/\n/g, ' ') + pad + fence;
}

function entry(c: DiffChange, compared: readonly Revision[]): string {
  const subject =
    c.subject.name !== undefined && c.subject.kind !== 'protocol'
      ? `**${subjectWord(c.subject.kind)} ${codeSpan(c.subject.name)}**`
      : `**${subjectWord(c.subject.kind)}**`;
  const revisions = isScopedChange(c, compared) ? ` _(MCP ${formatRevisions(c.revisions)} only)_` : '';
  return `- ${subject}: ${inline(c.detail)} — ${escapeMarkdown(c.reason)}.${revisions} \`${c.id}\``;
}
