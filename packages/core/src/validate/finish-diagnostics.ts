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
  const seen = new SeenFindings();
  const out: Diagnostic[] = [];
  for (const d of diagnostics as readonly (Diagnostic & { key?: boolean; textExpected?: boolean })[]) {
    if (!seen.add(d)) continue;
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

/**
 * The findings seen so far, by pointer: an exact duplicate (the same rule, code and message)
 * shares its pointer, and comparing a pointer's few findings costs less than a key string per
 * finding. A pointer with many findings gets a set of keys, so that the work stays linear.
 */
class SeenFindings {
  private readonly byPointer = new Map<string, Diagnostic | Diagnostic[] | Set<string>>();

  /** Records `d`; false when an exact duplicate was recorded before. */
  add(d: Diagnostic): boolean {
    const at = this.byPointer.get(d.pointer);
    if (at === undefined) {
      this.byPointer.set(d.pointer, d);
      return true;
    }
    if (at instanceof Set) return at.size < at.add(keyOf(d)).size;
    if (!Array.isArray(at)) {
      if (sameFinding(at, d)) return false;
      this.byPointer.set(d.pointer, [at, d]);
      return true;
    }
    if (at.some((e) => sameFinding(e, d))) return false;
    if (at.length < 16) at.push(d);
    else this.byPointer.set(d.pointer, new Set([...at, d].map(keyOf)));
    return true;
  }
}

const keyOf = (d: Diagnostic): string => `${d.rule}\u0000${d.code}\u0000${d.message}`;

const sameFinding = (a: Diagnostic, b: Diagnostic): boolean =>
  a.rule === b.rule && a.code === b.code && a.message === b.message;

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
