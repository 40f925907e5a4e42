import { compareDiagnostics, copyDiagnostic, type Diagnostic, type Range } from '../model/diagnostic.js';
import type { Fix } from '../model/fix.js';
import type { SourceFormat, SourceMap } from '../source/types.js';

/**
 * Adds source ranges, removes
 * exact duplicates, sorts. A range covers what the pointer names: a scalar value; an object or
 * array with its key (in YAML the value of `inputSchema:` starts at its first member, `$schema`);
 * the key alone when asked; for a pointer to nothing, the nearest ancestor. The one place ranges are attached: validate.ts's checkDescription, for
 * validate and lint alike.
 */
export function finishDiagnostics(
  diagnostics: readonly Diagnostic[],
  sourceMap: SourceMap | undefined,
  format?: SourceFormat,
): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics as readonly (Diagnostic & { key?: boolean; textExpected?: boolean })[]) {
    const id = `${d.rule}\u0000${d.code}\u0000${d.pointer}\u0000${d.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const range =
      d.range ??
      (sourceMap && (sourceMap.rangeOf(d.pointer, d.key ? 'key' : 'member') ?? nearestRange(sourceMap, d.pointer)));
    // A literal copy (see copyDiagnostic: copies share one hidden class), without the marks.
    if ('key' in d || 'textExpected' in d) {
      const fix = d.textExpected && format === 'yaml' ? quotingFix(d.pointer, range, sourceMap) : undefined;
      out.push(copyDiagnostic(withoutMarks(d, fix), range));
    } else out.push(copyDiagnostic(d, range));
  }
  return out.sort(compareDiagnostics);
}

function withoutMarks(
  diagnostic: Diagnostic & { key?: boolean; textExpected?: boolean },
  fix: Fix | undefined,
): Diagnostic {
  const { key: _key, textExpected: _textExpected, ...rest } = diagnostic;
  return fix ? { ...rest, fix } : rest;
}

/**
 * A YAML plain scalar where the schema expects text (`version: 1.10`): the characters typed are
 * the string, which the decoded number has lost (1.1), so the fix is made here, from the source
 * line. Only a plain scalar on one line: a quoted, flow or multi-line value is left alone.
 */
function quotingFix(pointer: string, range: Range | undefined, sourceMap: SourceMap | undefined): Fix | undefined {
  if (!range || !sourceMap?.lineText || range.start.line !== range.end.line) return undefined;
  const text = sourceMap.lineText(range.start.line)?.slice(range.start.column - 1, range.end.column - 1);
  if (!text || !/^[-+.0-9A-Za-z][^\s#,[\]{}]*$/.test(text)) return undefined;
  return { kind: 'set', title: `Quote ${text} as the string ${JSON.stringify(text)}`, pointer, value: text };
}

function nearestRange(sourceMap: SourceMap, pointer: string): Diagnostic['range'] {
  let p = pointer;
  while (p !== '') {
    p = p.slice(0, p.lastIndexOf('/'));
    const range = sourceMap.rangeOf(p, 'member');
    if (range) return range;
  }
  return undefined;
}
