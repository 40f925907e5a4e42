import {
  CodeActionKind,
  type CodeAction,
  type Position as LspPosition,
  type Range as LspRange,
} from 'vscode-languageserver';
import { fixEdit, type SourceMap } from 'mcpdesc-core/source';
import { type Diagnostic, parsePointer } from 'mcpdesc-core/model';
import { valueAtPath } from './cursor.js';
import { toLspDiagnostic } from './diagnostics.js';
import { toLspRange } from './positions.js';
import { availability, fieldFeature, scopeAt } from './revision-gates.js';
import { treeSiteAt } from './tree-site.js';

export interface CodeActionInput {
  uri: string;
  format: 'json' | 'yaml';
  /** The decoded document, when the text decodes. */
  document: unknown;
  sourceMap: SourceMap;
  /** The findings of the last check, and the range the editor asks about. */
  diagnostics: readonly Diagnostic[];
  range: LspRange;
  textOf(range: LspRange): string;
  /** The whole text and its positions: a finding's own fix is written as `lint --fix` writes it. */
  text: string;
  positionAt(offset: number): LspPosition;
}

const overlaps = (a: LspRange, b: LspRange): boolean =>
  !(
    a.end.line < b.start.line ||
    (a.end.line === b.start.line && a.end.character < b.start.character) ||
    b.end.line < a.start.line ||
    (b.end.line === a.start.line && b.end.character < a.start.character)
  );

/** The `title` member each title rule asks for: the object it goes in, and its definition. */
const titleRules: Readonly<Record<string, string>> = {
  'lint.tool.title/missing-title': 'Tool',
  'lint.info.title/missing-title': 'Info',
};

/**
 * Quick fixes that keep the author's meaning: a finding's own fix (model/fix.ts: the edit
 * `lint --fix` writes, from source/fix-edits.ts, such as the exact schema URI for a mutable
 * `$schema` alias, or a YAML number where text is expected quoted as typed); quoting a plain
 * scalar the YAML decoder rejects as ambiguous (`0x1F`, `True`) where the specification expects
 * text (the text does not decode, so no finding of the document can carry that fix); and an
 * empty `title` member for the author to fill in. None invents a value: no hint, no annotation,
 * no text.
 */
export function codeActions(input: CodeActionInput): CodeAction[] {
  const out: CodeAction[] = [];
  for (const diagnostic of input.diagnostics) {
    if (!diagnostic.range) continue;
    const range = toLspRange(diagnostic.range);
    if (!overlaps(range, input.range)) continue;
    const id = `${diagnostic.rule}/${diagnostic.code}`;
    const fix = (title: string, editRange: LspRange, newText: string, preferred = true): void => {
      out.push({
        title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [toLspDiagnostic(diagnostic)],
        isPreferred: preferred,
        edit: { changes: { [input.uri]: [{ range: editRange, newText }] } },
      });
    };
    if (diagnostic.fix) {
      // The finding's own fix is its only one, so it is the preferred one.
      const written = fixEdit(input.text, diagnostic.fix, { format: input.format });
      if ('edit' in written) {
        const { start, end, text } = written.edit;
        fix(diagnostic.fix.title, { start: input.positionAt(start), end: input.positionAt(end) }, text);
      }
    } else if (
      input.format === 'yaml' &&
      id === 'yaml.scalar/ambiguous-scalar' &&
      expectsString(input.document, diagnostic.pointer)
    ) {
      const text = input.textOf(range);
      if (range.start.line === range.end.line && text !== '' && !/^['"[{|>!&*]/.test(text))
        fix(`Quote ${text} as the string "${text}"`, range, JSON.stringify(text));
    } else if (titleRules[id]) {
      const scaffold = titleScaffold(input, diagnostic.pointer, titleRules[id]);
      if (scaffold) fix('Add a title to fill in', scaffold.range, scaffold.newText, false);
    }
  }
  return out;
}

/** The tree's value types written as JSON strings. */
const stringTypes = new Set(['string', 'uri', 'base64']);

/** Whether the shape tree types the value at `pointer` as a string (a field's value, or a list field's item). */
function expectsString(document: unknown, pointer: string): boolean {
  const path = parsePointer(pointer);
  if (!path || path.length === 0) return false;
  const site = treeSiteAt(document, path);
  return site?.field !== undefined && (!site.field.container || site.item) && stringTypes.has(site.field.type);
}

/**
 * An empty `title` member on the line after the object's `name` (same indentation), when the
 * object's protocol scope defines `title` for every revision: otherwise the fix would create an
 * error of its own.
 */
function titleScaffold(
  input: CodeActionInput,
  pointer: string,
  definition: string,
): { range: LspRange; newText: string } | undefined {
  const path = parsePointer(pointer);
  if (!path) return undefined;
  const object = valueAtPath(input.document, path);
  if (typeof object !== 'object' || object === null || 'title' in object) return undefined;
  const offered = availability(fieldFeature(definition, 'title'), scopeAt(input.document, path));
  if (!offered.offer || offered.note) return undefined;
  const name = input.sourceMap.rangeOf(`${pointer}/name`, 'member');
  const key = input.sourceMap.rangeOf(`${pointer}/name`, 'key');
  if (!name || !key) return undefined;
  const end = toLspRange(name).end;
  const indent = ' '.repeat(key.start.column - 1);
  const newText = input.format === 'json' ? `,\n${indent}"title": ""` : `\n${indent}title: ''`;
  return { range: { start: end, end }, newText };
}
