/**
 * The lint rules' own views of embedded schemas; the traversal of every subschema is
 * forEachSubschema in schema/keywords.ts.
 */
import { joinPointer } from '../model/json-pointer.js';
import { hasOwn, isObject, type JsonObject } from '../model/values.js';
import { forEachChild } from '../schema/keywords.js';

/** Bounds the heuristic traversals of embedded schemas (untrusted input). */
const maxDepth = 32;

/**
 * Builds the pointer of the node being visited: the traversals below keep the path as tokens and
 * join them only when a rule asks (to report), not once per node. Valid only during the call.
 */
export type PointerOf = () => string;

/**
 * Calls `fn` for each property schema statically reachable from `schema` through `properties`
 * chains only (the reachability 9.2 uses for x-mcp-header), with its name and pointer.
 */
export function forEachPropertyChain(
  schema: unknown,
  pointer: string,
  fn: (name: string, property: JsonObject, pointerOf: PointerOf, depth: number) => void,
): void {
  const path: string[] = [];
  const pointerOf: PointerOf = () => joinPointer(pointer, ...path);
  const visit = (node: unknown, depth: number): void => {
    if (!isObject(node) || depth >= maxDepth) return;
    const properties = node.properties;
    if (!isObject(properties)) return;
    // for-in allocates no key array per schema; own keys come in Object.keys order.
    for (const name in properties) {
      const property = properties[name];
      if (!isObject(property) || !hasOwn(properties, name)) continue;
      path.push('properties', name);
      fn(name, property, pointerOf, depth);
      visit(property, depth + 1);
      path.length -= 2;
    }
  };
  visit(schema, 0);
}

/**
 * forEachSubschema (schema/keywords.ts: `schema` and every object subschema below it, depth
 * first, the same order and the same depth bound) with the pointer built on demand.
 */
export function forEachSubschemaLazily(
  schema: unknown,
  pointer: string,
  fn: (schema: JsonObject, pointerOf: PointerOf) => void,
): void {
  const path: (string | number)[] = [];
  const pointerOf: PointerOf = () => joinPointer(pointer, ...path);
  const visit = (node: JsonObject, depth: number): void => {
    fn(node, pointerOf);
    if (depth + 1 >= maxDepth) return;
    forEachChild(node, (child, keyword, member) => {
      const at = path.length;
      if (member === undefined) path.push(keyword);
      else path.push(keyword, member);
      visit(child, depth + 1);
      path.length = at;
    });
  };
  if (isObject(schema)) visit(schema, 0);
}

/** The `type` keyword as a list of names. */
export function schemaTypes(schema: JsonObject): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return [];
}
