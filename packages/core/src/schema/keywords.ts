/**
 * Where subschemas sit in a JSON Schema (2020-12 and draft-07 together): the one list of
 * subschema-bearing keywords, and one traversal over them. Data keywords (`const`, `enum`,
 * `default`, `examples`) never hold subschemas and are never entered.
 */
import { joinPointer } from '../model/json-pointer.js';
import { isObject, type JsonObject } from '../model/values.js';
import type { Dialect } from './dialect.js';

/** Keywords whose value is one subschema (`items` also takes an array in draft-07). */
export const singleSubschemaKeywords = [
  'not',
  'if',
  'then',
  'else',
  'items',
  'additionalItems',
  'contains',
  'propertyNames',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
] as const;

/** Keywords whose value maps names to subschemas (draft-07 `dependencies` values may also be string arrays). */
export const subschemaMapKeywords = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
] as const;

/** Keywords whose value is an array of subschemas (draft-07 `items` too). */
export const subschemaArrayKeywords = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'] as const;

type SubschemaShape = 'single' | 'map' | 'array' | 'single-or-array';

/** Each subschema keyword's shape, looked up once per keyword of every schema walked (a hot path). */
const shapes = new Map<string, SubschemaShape>([
  ...singleSubschemaKeywords.map((k) => [k, 'single'] as const),
  ...subschemaMapKeywords.map((k) => [k, 'map'] as const),
  ...subschemaArrayKeywords.map((k) => [k, 'array'] as const),
  ['items', 'single-or-array'],
]);

/** How a keyword holds subschemas, if it does. */
export function subschemaShape(keyword: string): SubschemaShape | undefined {
  return shapes.get(keyword);
}

/** Subschema keywords only one dialect's meta-schema defines (every other one above is in both). */
const subschemaKeywordsOnlyIn: Readonly<Record<Dialect, readonly string[]>> = {
  '2020-12': ['$defs', 'prefixItems', 'dependentSchemas', 'unevaluatedProperties', 'unevaluatedItems', 'contentSchema'],
  'draft-07': ['additionalItems'],
};

/** Whether `dialect` defines `keyword` as holding subschemas. */
export function isSubschemaKeywordOf(keyword: string, dialect: Dialect): boolean {
  if (subschemaShape(keyword) === undefined) return false;
  const other: Dialect = dialect === 'draft-07' ? '2020-12' : 'draft-07';
  return !subschemaKeywordsOnlyIn[other].includes(keyword);
}

/**
 * Object subschemas (boolean schemas have none) directly below `schema`, with the keyword that
 * holds each and, in a map or an array, its member name or index: the one place that knows how
 * each keyword holds its subschemas.
 */
export function forEachChild(
  schema: JsonObject,
  fn: (child: JsonObject, keyword: string, member: string | number | undefined) => void,
): void {
  for (const keyword of Object.keys(schema)) {
    const shape = subschemaShape(keyword);
    if (shape === undefined) continue;
    const value = schema[keyword];
    if (shape === 'map') {
      if (!isObject(value)) continue;
      for (const name of Object.keys(value)) {
        const child = value[name];
        if (isObject(child)) fn(child, keyword, name);
      }
    } else if (Array.isArray(value)) {
      if (shape === 'single') continue;
      value.forEach((child, index) => {
        if (isObject(child)) fn(child, keyword, index);
      });
    } else if (isObject(value) && shape !== 'array') {
      fn(value, keyword, undefined);
    }
  }
}

/** Object subschemas directly below `schema`, with their pointers. */
export function forEachChildSchema(
  schema: JsonObject,
  pointer: string,
  fn: (child: JsonObject, pointer: string, keyword: string) => void,
): void {
  forEachChild(schema, (child, keyword, member) =>
    fn(child, member === undefined ? joinPointer(pointer, keyword) : joinPointer(pointer, keyword, member), keyword),
  );
}

/**
 * Calls `fn` for `schema` and every object subschema below it, depth first, down to `maxDepth`
 * levels (embedded schemas are untrusted: the traversal is bounded).
 */
export function forEachSubschema(
  schema: unknown,
  pointer: string,
  fn: (schema: JsonObject, pointer: string) => void,
  maxDepth = 32,
): void {
  const visit = (node: JsonObject, at: string, depth: number): void => {
    fn(node, at);
    if (depth + 1 >= maxDepth) return;
    forEachChildSchema(node, at, (child, childAt) => visit(child, childAt, depth + 1));
  };
  if (isObject(schema) && maxDepth > 0) visit(schema, pointer, 0);
}
