/**
 * The lint rules' own views of embedded schemas; the traversal of every subschema is
 * forEachSubschema in schema/keywords.ts.
 */
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

/** The `type` keyword as a list of names. */
export function schemaTypes(schema: JsonObject): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return [];
}
