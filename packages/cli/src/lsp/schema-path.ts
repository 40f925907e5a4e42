import { specVersionOf } from 'mcpdesc-core/internal/model/spec-versions.js';
import { isObject } from 'mcpdesc-core/internal/model/values.js';
import { structuralSchema, type StructuralVersion } from 'mcpdesc-core/internal/validate/structural-schema.js';

type Schema = Record<string, unknown>;

/** What the structural schema says about a value at a path: its definition (when it is one) and its schema. */
export interface SchemaSite {
  /** The `$defs` name of the object there (`Tool`, `StdioTransport`…), when the value is a named definition. */
  definition?: string;
  /** The schema of the value, with `$ref`s and the branches chosen by the document resolved. */
  schema: Schema;
  /** Properties of the object there, conditionals applied (for a discriminated union, the chosen branch). */
  properties: Record<string, Schema>;
  /** Properties a condition of the value forbids (`url` on a form-mode elicitation declaration). */
  forbidden: Set<string>;
}

const schemas = new Map<StructuralVersion, { $defs: Record<string, Schema> }>();

function definitions(version: StructuralVersion): Record<string, Schema> {
  let schema = schemas.get(version);
  if (!schema) schemas.set(version, (schema = structuralSchema(version) as { $defs: Record<string, Schema> }));
  return schema.$defs;
}

const isForbidden = (schema: unknown): boolean =>
  isObject(schema) && isObject(schema.not) && Object.keys(schema.not).length === 0;

/** Whether an `if` of the structural schema holds for `value`: its `required` members and `const` properties. */
function holds(condition: Schema, value: unknown): boolean {
  if (!isObject(value)) return false;
  const required = Array.isArray(condition.required) ? (condition.required as string[]) : [];
  if (!required.every((key) => Object.prototype.hasOwnProperty.call(value, key))) return false;
  const properties = isObject(condition.properties) ? condition.properties : {};
  return Object.entries(properties).every(
    ([key, s]) => !isObject(s) || !('const' in s) || (value as Record<string, unknown>)[key] === s.const,
  );
}

/**
 * Resolves `schema` for `value`: follows `$ref`, takes the `then` or `else` of a condition and the
 * matching `allOf` branches, merging their properties. Bounded by the schema's own depth (it has
 * no reference cycles that a value does not break: each step follows a `$ref` into a definition).
 */
function resolve(defs: Record<string, Schema>, schema: Schema, value: unknown, depth = 0): SchemaSite {
  const site: SchemaSite = { schema, properties: {}, forbidden: new Set() };
  if (depth > 8) return site;
  const merge = (part: SchemaSite): void => {
    if (part.definition !== undefined) site.definition = part.definition;
    for (const [key, s] of Object.entries(part.properties)) {
      if (isForbidden(s)) site.forbidden.add(key);
      else site.properties[key] = s;
    }
    for (const key of part.forbidden) site.forbidden.add(key);
    if (part.schema !== schema) site.schema = { ...site.schema, ...part.schema };
  };
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/$defs/', '');
    const target = defs[name];
    if (target) {
      const inner = resolve(defs, target, value, depth + 1);
      merge(inner);
      // A discriminated union's chosen branch (StdioTransport) names the object better than the union.
      site.definition = inner.definition ?? name;
      site.schema = target;
    }
    return site;
  }
  if (isObject(schema.properties))
    for (const [key, s] of Object.entries(schema.properties as Record<string, Schema>)) {
      if (isForbidden(s)) site.forbidden.add(key);
      else site.properties[key] = s;
    }
  if (isObject(schema.if)) {
    const branch = holds(schema.if, value) ? schema.then : schema.else;
    if (isObject(branch)) merge(resolve(defs, branch, value, depth + 1));
  }
  if (Array.isArray(schema.allOf))
    for (const part of schema.allOf as Schema[]) {
      if (!isObject(part.if)) merge(resolve(defs, part, value, depth + 1));
      else if (holds(part.if, value) && isObject(part.then)) merge(resolve(defs, part.then, value, depth + 1));
    }
  for (const key of site.forbidden) delete site.properties[key];
  return site;
}

/** The structural version whose schema describes `document` (0.9.0-rc.3 differs in its Tools section). */
export function structuralVersionOf(document: unknown): StructuralVersion {
  return specVersionOf(document) as StructuralVersion;
}

/** The schema of one member or item of the value `parent` resolves to. */
function childSchema(parent: SchemaSite, segment: string | number): Schema | undefined {
  const schema = parent.schema;
  if (typeof segment === 'number' || /^\d+$/.test(String(segment))) {
    if (isObject(schema.items)) return schema.items;
  }
  const key = String(segment);
  if (parent.properties[key]) return parent.properties[key];
  if (parent.forbidden.has(key)) return undefined;
  if (isObject(schema.additionalProperties)) return schema.additionalProperties;
  return undefined;
}

/**
 * What the structural schema expects at `path` below the root. `valueAt` reads the document's
 * value at a path prefix (the text being edited may not decode: it then answers undefined, and
 * conditions depending on the value take their `else`). Undefined where the schema says nothing
 * (inside an embedded JSON Schema or an MCP payload, or under an unknown key).
 */
export function schemaSiteAt(
  version: StructuralVersion,
  path: readonly (string | number)[],
  valueAt: (path: readonly (string | number)[]) => unknown,
): SchemaSite | undefined {
  const defs = definitions(version);
  let site = resolve(defs, { $ref: '#/$defs/Root' }, valueAt([]));
  for (let i = 0; i < path.length; i++) {
    const next = childSchema(site, path[i]!);
    if (!next) return undefined;
    site = resolve(defs, next, valueAt(path.slice(0, i + 1)));
  }
  return site;
}

/** The enum (or const) values a schema allows, in schema order. */
export function enumValues(schema: Schema): unknown[] {
  if (Array.isArray(schema.enum)) return schema.enum as unknown[];
  if ('const' in schema) return [schema.const];
  return [];
}
