import type { Diagnostic, Range, Severity } from '../model/diagnostic.js';
import { LineIndex } from '../source/line-index.js';
import { hasUnsafeInLine, isUnsafeInLine, printableLine, standIn } from './control-characters.js';
import { pointerLabel } from './pointer-label.js';
import { ruleHelpUri } from './sarif.js';
import { sortedDiagnostics } from './sorted.js';
import { summarize, type ReportSummary } from './summary.js';
import type { FileReport, Formatter, PieceFormatter, ReportCheck, SourceLines } from './types.js';

/** Tab stops in excerpts: tabs become spaces so the caret line up with what is printed. */
const TAB_WIDTH = 4;
/** Longest piece of a source line an excerpt shows; longer lines are cut around the fault. */
const MAX_EXCERPT_WIDTH = 100;
/** How much of a cut line stays visible before the fault. */
const LEFT_CONTEXT = 24;
/**
 * Lines longer than this (code units) are cut to a window around the fault before they are laid
 * out, so an excerpt costs its width, not the line's (a 1 MB one-line JSON document); tab stops
 * in a cut line count from the cut.
 */
const MAX_LAID_OUT_LINE = 1000;
/** Blocks joined into one piece of the report (a few hundred kB). */
const BATCH = 1000;

const styles = { red: '31', yellow: '33', blue: '34', green: '32', dim: '2', bold: '1' } as const;
type Style = keyof typeof styles;
/** Text in a style: its SGR parameters (`1;31`), joined once where a style is chosen, not per call. */
type Paint = (text: string, sgr: string) => string;
/** Text as a terminal hyperlink to `uri` (OSC 8), or as is. */
type Link = (text: string, uri: string) => string;

const severityStyle: Record<Severity, Style> = { error: 'red', warning: 'yellow', info: 'blue' };
const sgrOf = (...style: Style[]): string => style.map((s) => styles[s]).join(';');
const DIM = sgrOf('dim');

/** A severity as printed: its painted label, the painted `>` that marks the fault's row, the SGR of its caret. */
interface SeverityLook {
  label: string;
  marker: string;
  caret: string;
}

/** What every block of one report shares: how it paints, and the labels findings repeat, each built once. */
interface Look {
  paint: Paint;
  link: Link;
  /** Painted, linked `rule/code` by rule, then code: found without building the label first. */
  ruleLabels: Map<string, Map<string, string>>;
  severities: Map<Severity, SeverityLook>;
}

/**
 * `--format stylish`, the default human format. Each diagnostic is a block: a clickable
 * `path:line:col` header (its rule/code a hyperlink to the rule's page when hyperlinks are on), a source excerpt with a caret under the range, and the JSON pointer.
 * Files without diagnostics print nothing; a summary line ends the output. Every text that is
 * not ours is printed through `printableLine` or `layOut`, so the output is neutral as it is
 * made: the only escape sequences in it are our colours and links.
 */
export const formatStylish: Formatter = (report, options) => [...stylishPieces(report, options)].join('');

/**
 * The stylish report in pieces of up to BATCH blocks, each with the blank line that follows it:
 * a batch is one large string that the garbage collector does not move, where tens of
 * thousands of small blocks would be copied out of the young generation at every collection.
 */
export const stylishPieces: PieceFormatter = function* (report, options = {}) {
  const look: Look = {
    paint: options.color === true ? (text, sgr) => `\x1b[${sgr}m${text}\x1b[0m` : (text) => text,
    // OSC 8: ESC ] 8 ; ; URI ESC \ text ESC ] 8 ; ; ESC \ (the URI is percent-encoded, so printable).
    link: options.hyperlinks === true ? (text, uri) => `\x1b]8;;${uri}\x1b\\${text}\x1b]8;;\x1b\\` : (text) => text,
    ruleLabels: new Map(),
    severities: new Map(),
  };
  let blocks: string[] = [];
  for (const file of report.files) {
    if (file.diagnostics.length === 0) continue;
    const source = options.sources?.get(file.file);
    // Lines are looked up through a table of line starts, the decoder's or built once per file
    // with findings: an excerpt costs its own lines, not a copy of every line of the document.
    const lines = typeof source === 'string' ? new LineIndex(source) : source;
    const name = printableLine(file.file);
    for (const d of sortedDiagnostics(file.diagnostics)) {
      if (blocks.length === BATCH) {
        // The empty last block puts the blank line before the next block into this piece.
        blocks.push('');
        yield blocks.join('\n\n');
        blocks = [];
      }
      blocks.push(diagnosticBlock(name, d, lines, look));
    }
  }
  for (const file of report.files)
    if (file.checks && file.checks.length > 0) blocks.push(checksBlock(file, look.paint));
  const invalid = report.files.filter((f) => !f.valid).length;
  const summary = summaryLine(summarize(report), options.unreadable ?? 0, invalid, look.paint);
  blocks.push(options.strict ? `${summary}\n${strictNote}` : summary);
  yield blocks.join('\n\n') + '\n';
};

function ruleLabel(look: Look, rule: string, code: string): string {
  let codes = look.ruleLabels.get(rule);
  if (codes === undefined) look.ruleLabels.set(rule, (codes = new Map()));
  let shown = codes.get(code);
  if (shown === undefined) {
    const label = look.paint(printableLine(`${rule}/${code}`), DIM);
    // A plugin's or a declarative rule's id holds a "/": our reference pages do not describe it.
    codes.set(code, (shown = rule.includes('/') ? label : look.link(label, ruleHelpUri(rule))));
  }
  return shown;
}

function severityOf(look: Look, severity: Severity): SeverityLook {
  let shown = look.severities.get(severity);
  if (shown === undefined) {
    const style = severityStyle[severity];
    const caret = sgrOf(style);
    shown = { label: look.paint(printableLine(severity), caret), marker: look.paint('>', sgrOf('bold', style)), caret };
    look.severities.set(severity, shown);
  }
  return shown;
}

/**
 * `file` is the file's name as printed. The block stays a tree of concatenations: the batch's
 * join copies it once, where joining each block first copied every byte twice.
 */
function diagnosticBlock(file: string, d: Diagnostic, lines: SourceLines | undefined, look: Look): string {
  const range = d.range;
  const severity = severityOf(look, d.severity);
  return (
    file +
    (range ? `:${range.start.line}:${range.start.column}` : '') +
    '  ' +
    severity.label +
    '  ' +
    printableLine(d.message) +
    '  ' +
    ruleLabel(look, d.rule, d.code) +
    '\n' +
    (range && lines ? sourceExcerpt(lines, range, severity, look.paint) : '') +
    '  at ' +
    printableLine(pointerLabel(d.pointer))
  );
}

/** The faulty line (and the one before it) with a line-number gutter and a caret line, each row ending with a line break. */
function sourceExcerpt(lines: SourceLines, range: Range, severity: SeverityLook, paint: Paint): string {
  const { start, end } = range;
  const raw = lines.lineText(start.line);
  if (raw === undefined) return ''; // a range outside the source: say only where, not what
  // The same window of code units of both lines, so the context line stays aligned with the fault.
  const long = raw.length > MAX_LAID_OUT_LINE;
  const cut = long ? Math.min(Math.max(0, start.column - 1 - LEFT_CONTEXT), raw.length - MAX_EXCERPT_WIDTH) : 0;
  const cutEnd = long ? cut + MAX_EXCERPT_WIDTH : raw.length;
  const fault = layOut(long ? raw.slice(cut, cutEnd) : raw);
  const windowLength = cutEnd - cut;
  const from = columnOf(fault, start.column - 1 - cut, windowLength);
  // A range over several lines is underlined to the end of its first line.
  const to = end.line === start.line ? columnOf(fault, end.column - 1 - cut, windowLength) : fault.text.length;

  // One window of columns for both lines, so the context line stays aligned with the fault.
  const width = fault.text.length;
  const left = width > MAX_EXCERPT_WIDTH ? Math.min(Math.max(0, from - LEFT_CONTEXT), width - MAX_EXCERPT_WIDTH) : 0;
  const right = left + MAX_EXCERPT_WIDTH;
  const cutLeft = left > 0 || cut > 0;
  const label = String(start.line);

  // The context line needs no more code units than the window has columns: each takes one or more.
  const before = lines.lineText(start.line - 1);
  let context = '';
  if (before !== undefined) {
    const beforeEnd = long ? cutEnd : right + 1;
    const shown = layOut(before.length > beforeEnd || cut > 0 ? before.slice(cut, beforeEnd) : before).text;
    const clipped = clip(shown, before.length > beforeEnd, left, right, cutLeft);
    context = excerptRow(' ', String(start.line - 1).padStart(label.length), clipped, paint);
  }
  const caretAt = from - left + (cutLeft ? 1 : 0);
  const caretCount = Math.max(1, Math.min(to, right) - from);
  return (
    context +
    excerptRow(severity.marker, label, clip(fault.text, raw.length > cutEnd, left, right, cutLeft), paint) +
    excerptRow(' ', spaces(label.length), spaces(caretAt) + paint(carets(caretCount), severity.caret), paint)
  );
}

/**
 * Runs of spaces and carets are cut from one string each: `repeat` builds its result as a tree of
 * concatenations, which every later copy of the block then has to walk.
 */
const RUN = 256;
const SPACES = ' '.repeat(RUN);
const CARETS = '^'.repeat(RUN);
const spaces = (count: number): string => (count <= RUN ? SPACES.slice(0, count) : ' '.repeat(count));
const carets = (count: number): string => (count <= RUN ? CARETS.slice(0, count) : '^'.repeat(count));

/** The column of code unit `unit` of a laid-out window of `length` code units (clamped to the window). */
function columnOf(line: { offsets: number[] | undefined }, unit: number, length: number): number {
  const clamped = Math.min(Math.max(unit, 0), length);
  return line.offsets === undefined ? clamped : line.offsets[clamped]!;
}

/** Columns `left` to `right` of a laid-out line, with an ellipsis where more of it is cut off. */
function clip(text: string, more: boolean, left: number, right: number, cutLeft: boolean): string {
  const shown = left === 0 && text.length <= right ? text : text.slice(left, right);
  return cutLeft || more || text.length > right
    ? (cutLeft ? '…' : '') + shown + (text.length > right || more ? '…' : '')
    : shown;
}

/** A row of an excerpt: its marker, its gutter (a line number, padded) and its text. */
function excerptRow(marker: string, gutter: string, text: string, paint: Paint): string {
  return `  ${marker} ${paint(gutter + ' |', DIM)}${text === '' ? '' : ' ' + text}\n`;
}

/**
 * A source line as printed: tabs expanded to the next tab stop and control characters made
 * visible (a document must not drive the terminal). `offsets[i]` is where code unit `i` lands;
 * undefined when every code unit lands on its own column (the common line: nothing to expand).
 */
function layOut(line: string): { text: string; offsets: number[] | undefined } {
  // A tab is one of the characters that are unsafe in a line.
  if (!hasUnsafeInLine(line)) return { text: line, offsets: undefined };
  let plain = 0;
  while (!isUnsafeInLine(line.charCodeAt(plain))) plain++;
  let text = line.slice(0, plain);
  const offsets: number[] = [];
  for (let i = 0; i < plain; i++) offsets.push(i);
  for (let i = plain; i < line.length; i++) {
    offsets.push(text.length);
    const code = line.charCodeAt(i);
    if (code === 9) text += ' '.repeat(TAB_WIDTH - (text.length % TAB_WIDTH));
    else text += isUnsafeInLine(code) ? standIn(line[i]!) : line[i]!;
  }
  offsets.push(text.length);
  return { text, offsets };
}

const checkMark: Record<ReportCheck['status'], [string, Style]> = {
  passed: ['✔', 'green'],
  failed: ['✖', 'red'],
  skipped: ['-', 'dim'],
};

/** What was checked: one line per check, its outcome and what it covered (or why it was skipped). */
function checksBlock(file: FileReport, paint: Paint): string {
  const lines = [`${printableLine(file.file)}: checks`];
  for (const c of file.checks!) {
    const [mark, style] = checkMark[c.status];
    const found = c.diagnostics.length > 0 ? ` (${count(c.diagnostics.length, 'finding')})` : '';
    lines.push(
      `  ${paint(mark, sgrOf(style))} ${printableLine(c.name)}${c.status === 'skipped' ? ' skipped' : ''}: ${printableLine(c.detail)}${found}`,
    );
  }
  return lines.join('\n');
}

/** What the stylish summary adds under the strict profile. */
const strictNote = 'strict profile: warnings fail the check';

function summaryLine(s: ReportSummary, unreadable: number, invalid: number, paint: Paint): string {
  const problems = s.errors + s.warnings + s.infos;
  // A file that could not be read is never "no problems"; nor is an invalid one whose errors the
  // configuration hides (presentation, not verdict: finding-settings.ts) or --quiet left out.
  const notRead = unreadable > 0 ? `, ${unreadable} could not be read` : '';
  if (problems === 0 && unreadable === 0 && invalid > 0)
    return paint(
      `✖ ${count(s.files, 'file')} checked, ${invalid} failed (findings hidden by the configuration or --quiet)`,
      sgrOf('bold', 'red'),
    );
  if (problems === 0 && unreadable === 0)
    return paint(`✔ ${count(s.files, 'file')} checked, no problems`, sgrOf('green'));
  if (problems === 0) return paint(`✖ ${count(s.files, 'file')} checked${notRead}`, sgrOf('bold', 'red'));
  const style: Style = s.errors > 0 || unreadable > 0 ? 'red' : s.warnings > 0 ? 'yellow' : 'blue';
  const counts = `${count(s.errors, 'error')}, ${count(s.warnings, 'warning')}, ${count(s.infos, 'info')}`;
  return paint(`✖ ${count(problems, 'problem')} (${counts})${notRead}`, sgrOf('bold', style));
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
