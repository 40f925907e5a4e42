/**
 * What a schema holds anywhere in its subschemas, from one allocation-free walk (the schema
 * service caches it per schema object for one run): rules that look for rare keywords (`$ref`, an embedded `$schema`,
 * `x-mcp-header`) skip their own pointer-building traversal when the answer is no. The walk
 * enters every object reachable through a subschema keyword, so it sees at least what each
 * exact traversal sees: a fact that is false is false for all of them.
 */
import { subschemaShape } from './keywords.js';

export interface SchemaFacts {
  /** Some subschema has a string `$ref` or `$dynamicRef`. */
  references: boolean;
  /** Some subschema below the root has both `$id` and `$schema` (an embedded resource naming its dialect). */
  embeddedDialect: boolean;
  /** Some subschema (the root included) has an `x-mcp-header` member. */
  xMcpHeader: boolean;
}

/** Past this many objects the walk stops and reports every fact as possible (the exact walks decide). */
const maxObjects = 100_000;

const everything: Readonly<SchemaFacts> = Object.freeze({ references: true, embeddedDialect: true, xMcpHeader: true });
const hasOwn = Object.prototype.hasOwnProperty;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const nothing: Readonly<SchemaFacts> = Object.freeze({ references: false, embeddedDialect: false, xMcpHeader: false });

export function schemaFacts(root: unknown): Readonly<SchemaFacts> {
  if (!isPlainObject(root)) return nothing;
  const facts: SchemaFacts = { references: false, embeddedDialect: false, xMcpHeader: false };
  const stack: Record<string, unknown>[] = [root];
  let visited = 0;
  while (stack.length > 0) {
    const node = stack.pop()!;
    // Bounds a cyclic or hugely shared (programmatic) value; decoded JSON is a tree.
    if (++visited > maxObjects) return everything;
    if (typeof node['$ref'] === 'string' || typeof node['$dynamicRef'] === 'string') facts.references = true;
    if (node !== root && hasOwn.call(node, '$id') && hasOwn.call(node, '$schema')) facts.embeddedDialect = true;
    if (hasOwn.call(node, 'x-mcp-header')) facts.xMcpHeader = true;
    for (const keyword in node) {
      if (!hasOwn.call(node, keyword)) continue;
      const shape = subschemaShape(keyword);
      if (shape === undefined) continue;
      const value = node[keyword];
      if (Array.isArray(value)) {
        for (const item of value) if (isPlainObject(item)) stack.push(item);
      } else if (isPlainObject(value)) {
        if (shape !== 'map') stack.push(value);
        if (shape !== 'single' && shape !== 'array') {
          for (const name in value) {
            const member = value[name];
            if (hasOwn.call(value, name) && isPlainObject(member)) stack.push(member);
          }
        }
      }
    }
  }
  return facts;
}
