import { compareDiagnostics, copyDiagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { SourceMap } from '../source/types.js';

/**
 * Adds source ranges, removes
 * exact duplicates, sorts. A range covers what the pointer names: a scalar value; an object or
 * array with its key (in YAML the value of `inputSchema:` starts at its first member, `$schema`);
 * the key alone when asked; for a pointer to nothing, the nearest ancestor. The one place ranges are attached: validate.ts's checkDescription, for
 * validate and lint alike.
 */
export function finishDiagnostics(diagnostics: readonly Diagnostic[], sourceMap: SourceMap | undefined): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics as readonly (Diagnostic & { key?: boolean })[]) {
    const id = `${d.rule}\u0000${d.code}\u0000${d.pointer}\u0000${d.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const range =
      d.range ??
      (sourceMap && (sourceMap.rangeOf(d.pointer, d.key ? 'key' : 'member') ?? nearestRange(sourceMap, d.pointer)));
    // A literal copy (see copyDiagnostic: copies share one hidden class), without the key mark.
    out.push(copyDiagnostic('key' in d ? withoutKeyMark(d) : d, range));
  }
  return out.sort(compareDiagnostics);
}

function withoutKeyMark(diagnostic: Diagnostic & { key?: boolean }): Diagnostic {
  const { key: _mark, ...rest } = diagnostic;
  return rest;
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
