import { compareDiagnostics, type Diagnostic } from '../model/diagnostic.js';
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
  for (const d of diagnostics) {
    const { key, ...rest } = d as Diagnostic & { key?: boolean };
    const id = `${rest.rule}\u0000${rest.code}\u0000${rest.pointer}\u0000${rest.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!rest.range && sourceMap) {
      const range = sourceMap.rangeOf(rest.pointer, key ? 'key' : 'member') ?? nearestRange(sourceMap, rest.pointer);
      if (range) rest.range = range;
    }
    out.push(rest);
  }
  return out.sort(compareDiagnostics);
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
