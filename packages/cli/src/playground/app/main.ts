/**
 * The playground page's script: the core (bundled) checks, converts, renders and projects the
 * editor's text in the page; nothing leaves it. Every value shown is set as text, never as
 * markup; the docs preview is the renderer's own escaped page in a sandboxed frame.
 */
import type { Diagnostic, SourceFormat } from 'mcpdesc-core';
import {
  check,
  convert,
  docsPage,
  effectiveView,
  isCheckName,
  revisionsOf,
  type CheckName,
  type CheckResult,
} from './checks.js';
import { byId, debounced, element } from './dom.js';
import { Editor } from './editor.js';

/** More diagnostics than this are counted, not listed: the list stays responsive on any input. */
const listedLimit = 500;
const typingDelay = 250;

const editor = new Editor(byId<HTMLTextAreaElement>('editor'), byId('gutter'));
const checkPicker = byId<HTMLSelectElement>('check');
const status = byId('status');
const caret = byId('caret');
const list = byId<HTMLOListElement>('diagnostics');
const count = byId('diagnostic-count');
const preview = byId<HTMLIFrameElement>('preview');
const previewNote = byId('preview-note');
const revisionPicker = byId<HTMLSelectElement>('revision');
const view = byId('view');
const viewNote = byId('view-note');
const tabs = { preview: byId('tab-preview'), view: byId('tab-view') };
const panels = { preview: byId('panel-preview'), view: byId('panel-view') };

/** The file's text as the CLI decoded it (the command's initial-text.ts), carried in a JSON data block. */
interface InitialText {
  text: string;
  format?: SourceFormat;
  decodingError?: Diagnostic;
}
const initial = JSON.parse(byId('initial-text').textContent ?? '') as InitialText;
editor.text = initial.text;
/** What the textarea made of the initial text: only its line ends differ (CR LF and CR become LF). */
const shownInitial = editor.text;
/** The file name's format while it holds (a conversion changes it); undefined: sniffed from the text. */
let format: SourceFormat | undefined = initial.format;
showEditorNote();

let shown: keyof typeof tabs = 'preview';
let latest: CheckResult | undefined;
let lastValid: unknown;
let shownPage = '';

function say(message: string): void {
  status.textContent = message;
}

/** Runs a core call; an exception (a bug, or a platform refusal) is reported, not thrown into the page. */
function guarded<T>(what: string, run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    say(`${what} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    return undefined;
  }
}

function checkName(): CheckName {
  return isCheckName(checkPicker.value) ? checkPicker.value : 'recommended';
}

/**
 * Says when the editor does not hold the file's exact text. Until the first edit the checks run
 * on the file's own text (or report its decoding error), so the verdict is the CLI's.
 */
function showEditorNote(): void {
  const note = byId('editor-note');
  const notes: string[] = [];
  if (initial.decodingError)
    notes.push(`The file is not UTF-8 (${initial.decodingError.message}): each invalid sequence is shown as U+FFFD.`);
  if (shownInitial !== initial.text)
    notes.push('The file\u2019s CR LF (or CR) line ends are shown as LF: a text area normalises them.');
  if (notes.length > 0) notes.push('Until you edit, the checks are those of the file as it is.');
  note.textContent = notes.join(' ');
  note.hidden = notes.length === 0;
}

/** The check of the editor's text; while it is unedited, of the file's exact text (the CLI's verdict). */
function checkText(): CheckResult {
  if (editor.text !== shownInitial) return check(editor.text, checkName(), format);
  if (initial.decodingError) return { format: format ?? 'json', diagnostics: [initial.decodingError] };
  return check(initial.text, checkName(), format);
}

function refresh(): void {
  const result = guarded('checking', checkText);
  if (!result) return;
  latest = result;
  if (result.valid !== undefined) lastValid = result.valid;
  showDiagnostics(result.diagnostics);
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  say(`${result.format.toUpperCase()} · ${errors === 0 ? 'valid' : `${errors} error${errors === 1 ? '' : 's'}`}`);
  showPanel();
}

function showDiagnostics(diagnostics: readonly Diagnostic[]): void {
  const items = diagnostics.slice(0, listedLimit).map(diagnosticItem);
  if (diagnostics.length > listedLimit) {
    items.push(element('li', 'more', `… and ${diagnostics.length - listedLimit} more`));
  }
  list.replaceChildren(...items);
  count.textContent = diagnostics.length === 0 ? 'none' : String(diagnostics.length);
}

function diagnosticItem(d: Diagnostic): HTMLLIElement {
  const item = element('li', `diagnostic ${d.severity}`);
  const at = d.range ? `${d.range.start.line}:${d.range.start.column}` : '–';
  const button = element('button', 'jump');
  button.type = 'button';
  button.dataset.line = d.range ? String(d.range.start.line) : '';
  button.append(
    element('span', 'severity', d.severity),
    element('span', 'at', at),
    element('span', 'message', d.message),
    element('span', 'rule', `${d.rule}/${d.code}`),
  );
  const range = d.range;
  if (range) button.addEventListener('click', () => editor.select(range));
  else button.disabled = true;
  item.append(button);
  return item;
}

/** Computes only the visible panel: the preview and the view are the costly parts. */
function showPanel(): void {
  for (const name of Object.keys(tabs) as (keyof typeof tabs)[]) {
    tabs[name].setAttribute('aria-selected', String(name === shown));
    panels[name].hidden = name !== shown;
  }
  if (shown === 'preview') showPreview();
  else showView();
}

function staleNote(): string {
  return lastValid === undefined
    ? 'The document has errors: fix them to see it here.'
    : 'The document has errors: this is its last valid version.';
}

function showPreview(): void {
  previewNote.textContent = latest?.valid !== undefined ? '' : staleNote();
  previewNote.hidden = latest?.valid !== undefined;
  if (lastValid === undefined) return;
  const page = guarded('rendering', () => docsPage(lastValid));
  // Reloading the frame only when the page changed keeps its scroll position while typing.
  if (page !== undefined && page !== shownPage) {
    preview.srcdoc = page;
    shownPage = page;
  }
}

function showView(): void {
  viewNote.textContent = latest?.valid !== undefined ? '' : staleNote();
  viewNote.hidden = latest?.valid !== undefined;
  if (lastValid === undefined) {
    view.textContent = '';
    revisionPicker.replaceChildren();
    return;
  }
  const revisions = revisionsOf(lastValid);
  const chosen = revisions.includes(revisionPicker.value) ? revisionPicker.value : revisions[0];
  revisionPicker.replaceChildren(
    ...revisions.map((revision) => {
      const option = element('option', '', revision);
      option.value = revision;
      return option;
    }),
  );
  if (chosen === undefined) {
    view.textContent = 'The document declares no known protocol revision.';
    return;
  }
  revisionPicker.value = chosen;
  const viewFormat: SourceFormat = latest?.format ?? 'yaml';
  const projected = guarded('projecting', () => effectiveView(lastValid, chosen, viewFormat));
  if (!projected) return;
  view.textContent = projected.ok ? projected.text : projected.diagnostics.map((d) => d.message).join('\n');
}

function convertTo(to: SourceFormat): void {
  const converted = guarded('converting', () => convert(editor.text, to, format));
  if (!converted) return;
  if (!converted.ok) {
    const first = converted.diagnostics[0];
    say(`Cannot convert: the text does not decode${first ? ` (${first.message})` : ''}`);
    return;
  }
  editor.text = converted.text;
  format = to;
  refresh();
  say(`Converted to ${to.toUpperCase()}`);
}

function showCaret(): void {
  const { line, column } = editor.caret();
  caret.textContent = `Ln ${line}, Col ${column}`;
}

const refreshSoon = debounced(refresh, typingDelay);
editor.textarea.addEventListener('input', () => {
  editor.refreshGutter();
  refreshSoon();
});
for (const event of ['keyup', 'click', 'select', 'focus'] as const) editor.textarea.addEventListener(event, showCaret);
checkPicker.addEventListener('change', refresh);
revisionPicker.addEventListener('change', showView);
byId('to-json').addEventListener('click', () => convertTo('json'));
byId('to-yaml').addEventListener('click', () => convertTo('yaml'));
tabs.preview.addEventListener('click', () => {
  shown = 'preview';
  showPanel();
});
tabs.view.addEventListener('click', () => {
  shown = 'view';
  showPanel();
});
refresh();
showCaret();
