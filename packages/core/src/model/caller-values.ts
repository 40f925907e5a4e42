/**
 * Checks on values a library caller built in memory (not decoded from text): the serializer, the
 * renderers and the operations walk them recursively, so a cycle or a very deep nesting would
 * overflow the stack. Decoded documents are trees no deeper than `maxDepth` (256 by default).
 */
import { escapePointerToken } from './json-pointer.js';

/**
 * How deep a caller's value may nest: a third of the depth the YAML serializer (the deepest
 * recursion) survives on Node's default stack, about 2,900 levels.
 */
export const maxValueDepth = 1000;

interface Frame {
  node: object;
  keys: string[];
  next: number;
  /** Levels below this node seen so far (0 for a leaf object). */
  height: number;
}

/** How many pointer tokens a message shows: a 1,000-level pointer is no help to read. */
const shownTokens = 12;

/**
 * Why the recursive walks cannot take `value`, or undefined: a cycle (naming the pointer that
 * leads back and where it leads) or a nesting deeper than `maxDepth`. One pass with an explicit
 * stack, linear in the distinct objects: a shared subtree is walked once (its height remembered).
 */
export function walkProblem(value: unknown, maxDepth = maxValueDepth): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const onPath = new Set<object>();
  const heights = new Map<object, number>();
  const stack: Frame[] = [];
  const enter = (node: object): void => {
    onPath.add(node);
    stack.push({ node, keys: Object.keys(node), next: 0, height: 0 });
  };
  enter(value);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next === frame.keys.length) {
      stack.pop();
      onPath.delete(frame.node);
      heights.set(frame.node, frame.height);
      const parent = stack[stack.length - 1];
      if (parent) parent.height = Math.max(parent.height, frame.height + 1);
      continue;
    }
    const child = (frame.node as Record<string, unknown>)[frame.keys[frame.next++]!];
    if (typeof child !== 'object' || child === null) continue;
    if (onPath.has(child)) {
      const target = pointerTo(stack, child);
      return `the value is cyclic: ${pointerTo(stack)} refers back to ${target === '' ? 'the root' : target} (JSON values are trees)`;
    }
    const known = heights.get(child);
    const depth = stack.length + (known ?? 0);
    if (depth > maxDepth)
      return `the value nests deeper than ${maxDepth} levels, at ${pointerTo(stack)} (JSON values are trees)`;
    if (known !== undefined) frame.height = Math.max(frame.height, known + 1);
    else enter(child);
  }
  return undefined;
}

/** The pointer of an object on the walked path; without one, of the value the top frame just read. */
function pointerTo(stack: readonly Frame[], node?: object): string {
  const tokens: string[] = [];
  for (const frame of stack) {
    if (frame.node === node) break;
    tokens.push(frame.keys[frame.next - 1]!);
  }
  const shown = tokens.length > shownTokens ? [...tokens.slice(0, shownTokens), '…'] : tokens;
  return shown.map((t) => `/${t === '…' ? t : escapePointerToken(t)}`).join('');
}

/**
 * Throws a TypeError naming `caller` when the recursive walks cannot take `value` (see
 * walkProblem): a caller's bug, reported as one, never a stack overflow.
 */
export function assertWalkable(value: unknown, caller: string): void {
  const problem = walkProblem(value);
  if (problem !== undefined) throw new TypeError(`${caller}: ${problem}`);
}

/** A value as a message names it: its kind, and a short form of a primitive. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array) return 'a Uint8Array';
  switch (typeof value) {
    case 'string':
      return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`;
    case 'number':
    case 'bigint':
    case 'boolean':
      return `a ${typeof value} (${String(value)})`;
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    default:
      return 'an object';
  }
}
