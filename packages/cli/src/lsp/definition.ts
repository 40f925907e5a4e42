import type { Position, Range as LspRange } from 'vscode-languageserver';
import { isReferenceObject, getAtPointer, joinPointer, isObject } from 'mcpdesc-core/model';
import type { SourceMap } from 'mcpdesc-core/source';
import { contains, toLspRange } from './positions.js';

/**
 * Go to definition on a `$componentRef` value: the range of the component it names (17.3),
 * when the value is a local `#/components/...` pointer to a member that exists. One walk over
 * the document with an explicit stack: linear, and no recursion depth to exhaust.
 */
export function componentDefinition(document: unknown, sourceMap: SourceMap, position: Position): LspRange | null {
  const stack: { value: unknown; pointer: string }[] = [{ value: document, pointer: '' }];
  while (stack.length > 0) {
    const { value, pointer } = stack.pop()!;
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, pointer: joinPointer(pointer, index) }));
      continue;
    }
    if (!isObject(value)) continue;
    if (isReferenceObject(value) && typeof value.$componentRef === 'string') {
      const at = sourceMap.rangeOf(joinPointer(pointer, '$componentRef'));
      if (at && contains(toLspRange(at), position)) return targetRange(document, sourceMap, value.$componentRef);
    }
    for (const [key, member] of Object.entries(value))
      stack.push({ value: member, pointer: joinPointer(pointer, key) });
  }
  return null;
}

function targetRange(document: unknown, sourceMap: SourceMap, ref: string): LspRange | null {
  if (!ref.startsWith('#/components/')) return null;
  const target = ref.slice(1);
  if (getAtPointer(document, target) === undefined) return null;
  const range = sourceMap.rangeOf(target, 'member');
  return range ? toLspRange(range) : null;
}
