/**
 * Copies of the records the core makes by the thousand (diagnostics, occurrences, resolutions).
 *
 * Why not `{ ...value }`: on Node.js 20 (V8 11.3) an object spread gives each copy a map of its
 * own, so 40,000 copied diagnostics have 40,000 hidden classes and every later read of them
 * (sort, summary, formatters) goes megamorphic: 2–40x slower in the report. `Object.assign` onto
 * an empty literal follows the shared transition tree, so copies with the same keys in the same
 * order share one map. Key order is the same either way. Newer V8 (Node.js 22) has no such cost;
 * `test/shallow-copy-maps.test.ts` holds the property on the Node.js that runs the tests.
 */

/** A copy of `value`'s own enumerable members. */
export function shallowCopy<T extends object>(value: T): T {
  return Object.assign({}, value);
}

/** A copy of `value` with `extra`'s members added after (or over) its own. */
export function withMembers<T extends object, U extends object>(value: T, extra: U): Omit<T, keyof U> & U {
  return Object.assign({}, value, extra);
}
