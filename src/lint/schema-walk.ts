import { joinPointer } from '../model/json-pointer.js';
import { isObject, type JsonObject } from '../model/values.js';

/** Bounds the heuristic traversals of embedded schemas (untrusted input). */
const maxDepth = 32;

/**
 * Calls `fn` for each property schema statically reachable from `schema` through `properties`
 * chains only (the reachability 9.2 uses for x-mcp-header), with its name and pointer.
 */
export function forEachPropertyChain(
  schema: unknown,
  pointer: string,
  fn: (name: string, property: JsonObject, pointer: string, depth: number) => void,
  depth = 0,
): void {
  if (!isObject(schema) || depth >= maxDepth) return;
  const properties = schema.properties;
  if (!isObject(properties)) return;
  for (const name of Object.keys(properties)) {
    const property = properties[name];
    if (!isObject(property)) continue;
    const at = joinPointer(pointer, 'properties', name);
    fn(name, property, at, depth);
    forEachPropertyChain(property, at, fn, depth + 1);
  }
}

const schemaMaps = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const schemaArrays = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const schemaValues = [
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
];

/**
 * Calls `fn` for `schema` and every subschema under a schema keyword (not inside data
 * keywords such as `const`, `enum`, `default` or `examples`).
 */
export function forEachSubschema(
  schema: unknown,
  pointer: string,
  fn: (schema: JsonObject, pointer: string) => void,
  depth = 0,
): void {
  if (!isObject(schema) || depth >= maxDepth) return;
  fn(schema, pointer);
  for (const key of schemaMaps) {
    const map = schema[key];
    if (!isObject(map)) continue;
    for (const name of Object.keys(map)) forEachSubschema(map[name], joinPointer(pointer, key, name), fn, depth + 1);
  }
  for (const key of schemaArrays) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((s, i) => forEachSubschema(s, joinPointer(pointer, key, i), fn, depth + 1));
  }
  for (const key of schemaValues) {
    const value = schema[key];
    if (Array.isArray(value)) value.forEach((s, i) => forEachSubschema(s, joinPointer(pointer, key, i), fn, depth + 1));
    else forEachSubschema(value, joinPointer(pointer, key), fn, depth + 1);
  }
}

/** The `type` keyword as a list of names. */
export function schemaTypes(schema: JsonObject): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return [];
}
