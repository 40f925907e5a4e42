/**
 * Findings' fixes as text replacements in lines and columns (SARIF 2.1.0 `fixes`, §3.55): the
 * very edits `lint --fix` and the editor's quick fix write (fix-edits.ts), computed once per
 * file from the text the findings were found in.
 */
import type { Diagnostic, Range } from '../model/diagnostic.js';
import type { Fix } from '../model/fix.js';
import { applyFixes, fixEdit, type TextEdit } from './fix-edits.js';
import { LineIndex } from './line-index.js';
import type { SourceFormat } from './types.js';

/** One finding's fix: the region it replaces (empty: an insertion point) and the text it puts there. */
export interface TextFix {
  /** The finding, by rule, code and pointer (what `--format json` prints of it). */
  rule: string;
  code: string;
  pointer: string;
  /** The fix's title, e.g. "remove the repeated revision". */
  description: string;
  deleted: Range;
  inserted: string;
}

/**
 * The text fixes of the findings that carry a fix, each one alone on `text` (a SARIF consumer
 * applies one at a time). All are written in one pass and checked with one decode; only a fix
 * that overlaps another's edit (deferred by that pass) is computed on its own. A fix that would
 * be refused has none.
 */
export function textFixes(text: string, diagnostics: readonly Diagnostic[], format: SourceFormat): TextFix[] {
  const withFix = diagnostics.filter((d): d is Diagnostic & { fix: Fix } => d.fix !== undefined);
  if (withFix.length === 0) return [];
  const pass = applyFixes(
    text,
    withFix.map((d) => d.fix),
    { format },
  );
  const edits = new Map<Fix, TextEdit>(pass.applied.map((fix, i) => [fix, pass.edits[i]!]));
  const deferred = new Set(pass.deferred);
  const lines = new LineIndex(text);
  const out: TextFix[] = [];
  for (const d of withFix) {
    let edit = edits.get(d.fix);
    if (edit === undefined && deferred.has(d.fix)) {
      const alone = fixEdit(text, d.fix, { format });
      if ('edit' in alone) edit = alone.edit;
    }
    if (edit === undefined) continue;
    out.push({
      rule: d.rule,
      code: d.code,
      pointer: d.pointer,
      description: d.fix.title,
      deleted: lines.range(edit.start, edit.end),
      inserted: edit.text,
    });
  }
  return out;
}
