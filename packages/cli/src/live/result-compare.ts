/**
 * The comparison behind `verify --results`: a recorded result against the live one.
 *
 * Structure is always compared, ignored paths included: the JSON type at every path (null,
 * boolean, number, string, array, object), the set of members of every object, the length of
 * every array (items are compared in order, so content blocks keep their order), and the value
 * of every `type` member holding a string (the discriminator of content blocks, resource links
 * and references: a text block turning into an image is structure, not a value).
 *
 * Values (every other string, number, boolean) are compared unless the path matches an ignore
 * pattern: a JSON Pointer whose `*` tokens match any array index, matching the value at that path
 * and everything below it.
 *
 * The walk is iterative (no recursion limit) and visits each node pair once, linear in the size
 * of the results (bench/results.ts); differences come out in the recording's order (an object's
 * members in its order, then the members only the live result has), and those beyond
 * `maxDifferences` are counted, not kept.
 */
import { escapePointerToken, parsePointer, isObject } from 'mcpdesc-core/model';

/** A parsed --ignore-path or x-mcpdesc-volatile entry: unescaped tokens, `*` matching any array index. */
export type PathPattern = readonly string[];

export const differenceKinds = [
  'type-differs',
  'member-missing',
  'member-added',
  'length-differs',
  'block-type-differs',
  'value-differs',
] as const;
export type DifferenceKind = (typeof differenceKinds)[number];

export interface ResultDifference {
  kind: DifferenceKind;
  /** JSON Pointer inside the result. */
  path: string;
  /** The recorded value at the path (absent for member-added). */
  recorded?: unknown;
  /** The live value at the path (absent for member-missing). */
  live?: unknown;
}

export interface ResultComparison {
  differences: ResultDifference[];
  /** Differences found beyond maxDifferences, not kept. */
  more: number;
}

/** Reads one ignore pattern; undefined when it is not a JSON Pointer. */
export function parsePathPattern(text: string): PathPattern | undefined {
  if (text === '') return [];
  return parsePointer(text);
}

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

interface Node {
  a: unknown;
  b: unknown;
  parent?: Node;
  /** A number for an array index (so `*` matches it), a string for a member. */
  token?: string | number;
  /** Patterns whose tokens so far match this node's path (all of them, when `ignored`). */
  matching: readonly PathPattern[];
  ignored: boolean;
  depth: number;
}

/** The node's pointer, built only for a kept difference (so the walk stays linear). */
function pathOf(node: Node, last?: string): string {
  const tokens: (string | number)[] = last === undefined ? [] : [last];
  for (let n: Node | undefined = node; n?.token !== undefined; n = n.parent) tokens.push(n.token);
  return tokens
    .reverse()
    .map((t) => `/${escapePointerToken(t)}`)
    .join('');
}

function child(parent: Node, a: unknown, b: unknown, token: string | number): Node {
  const depth = parent.depth;
  const matching =
    parent.ignored || parent.matching.length === 0
      ? parent.matching
      : parent.matching.filter((p) => {
          const want = p[depth];
          return typeof token === 'number' ? want === '*' || want === String(token) : want === token;
        });
  const ignored = parent.ignored || matching.some((p) => p.length === depth + 1);
  return { a, b, parent, token, matching, ignored, depth: depth + 1 };
}

/** Compares a recorded result with the live one; see the module documentation for what counts. */
export function compareResults(
  recorded: unknown,
  live: unknown,
  patterns: readonly PathPattern[] = [],
  maxDifferences = 10,
): ResultComparison {
  const differences: ResultDifference[] = [];
  let more = 0;
  const report = (kind: DifferenceKind, node: Node, values: { recorded?: unknown; live?: unknown }, last?: string) => {
    if (differences.length < maxDifferences) differences.push({ kind, path: pathOf(node, last), ...values });
    else more++;
  };
  const ignored = patterns.some((p) => p.length === 0);
  const stack: Node[] = [{ a: recorded, b: live, matching: patterns, ignored, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { a, b } = node;
    if (jsonType(a) !== jsonType(b)) {
      report('type-differs', node, { recorded: a, live: b });
      continue;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) report('length-differs', node, { recorded: a.length, live: b.length });
      // Pushed in reverse so differences come out in document order.
      for (let i = Math.min(a.length, b.length) - 1; i >= 0; i--) stack.push(child(node, a[i], b[i], i));
      continue;
    }
    if (isObject(a) && isObject(b)) {
      // The recording's members in its order, then the members only the live result has: no sort,
      // so a wide object costs what its members do.
      const children: Node[] = [];
      for (const key of Object.keys(a)) {
        if (!hasOwn(b, key)) report('member-missing', node, { recorded: a[key] }, key);
        else if (key === 'type' && typeof a[key] === 'string' && typeof b[key] === 'string') {
          if (a[key] !== b[key]) report('block-type-differs', node, { recorded: a[key], live: b[key] }, key);
        } else children.push(child(node, a[key], b[key], key));
      }
      for (const key of Object.keys(b)) if (!hasOwn(a, key)) report('member-added', node, { live: b[key] }, key);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
      continue;
    }
    if (a !== b && !node.ignored) report('value-differs', node, { recorded: a, live: b });
  }
  return { differences, more };
}
