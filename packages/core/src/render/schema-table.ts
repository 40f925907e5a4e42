/**
 * Table rows from a JSON Schema, for documentation: nested properties with their depth, required
 * flags, types (arrays and unions included), enums, defaults, formats and constraints. Local
 * `$ref`s (`#/$defs/...`, `#/definitions/...`, `#`) are followed with a cycle guard; composition
 * (allOf/anyOf/oneOf/not, if/then/else) is summarized rather than expanded.
 */
import { unescapePointerToken } from '../model/json-pointer.js';
import { isObject, type JsonObject } from '../model/values.js';

export interface SchemaRow {
  /** Display path: `a.b`, `items[].c`, `map.*` (additional properties). */
  path: string;
  /** The last path segment. */
  name: string;
  /** Nesting depth, 0 for root properties. */
  depth: number;
  required: boolean;
  /** e.g. `string`, `integer | null`, `array<string>`, `object`, `any`. */
  type: string;
  title?: string;
  description?: string;
  /** Rendered facts: `enum: "a", "b"`, `default: 20`, `format: date-time`, `minimum: 1`... */
  details: string[];
}

/** Whole-schema facts shown above the table (root type when not an object, composition, closed objects...). */
export interface SchemaSummary {
  rows: SchemaRow[];
  rootType: string;
  notes: string[];
}

const constraintKeys = [
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minContains',
  'maxContains',
  'minProperties',
  'maxProperties',
  'contentMediaType',
  'contentEncoding',
] as const;

const maxDepth = 8;
const maxRows = 500;

/** JSON text for a value in a table cell (compact, deterministic: keys as written). */
export function compactJson(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text;
}

/** Follows a local `$ref` inside `root`; undefined when it is not local or does not resolve. */
function followLocal(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let token: string;
    try {
      token = unescapePointerToken(decodeURIComponent(raw));
    } catch {
      return undefined;
    }
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node)) node = Object.prototype.hasOwnProperty.call(node, token) ? node[token] : undefined;
    else return undefined;
  }
  return node;
}

interface Resolved {
  schema: unknown;
  /** The `$ref` followed, for display (`$ref: #/$defs/Foo`). */
  refs: string[];
  /** A ref already on the path: do not expand further. */
  cycle: boolean;
  /** A ref that is not local or does not resolve. */
  unresolved?: string;
}

function resolveRefs(root: unknown, schema: unknown, onPath: ReadonlySet<string>): Resolved {
  const refs: string[] = [];
  let node = schema;
  const seen = new Set<string>();
  while (isObject(node) && typeof node.$ref === 'string') {
    const ref = node.$ref;
    if (onPath.has(ref) || seen.has(ref)) return { schema: node, refs: [...refs, ref], cycle: true };
    seen.add(ref);
    refs.push(ref);
    const target = followLocal(root, ref);
    if (target === undefined) return { schema: node, refs, cycle: false, unresolved: ref };
    // Sibling keywords beside $ref (2019-09+) are kept: the target's keywords fill in the rest.
    const { $ref: _ref, ...siblings } = node;
    node = isObject(target) ? { ...target, ...siblings } : target;
  }
  return { schema: node, refs, cycle: false };
}

function typeList(schema: JsonObject): string[] {
  const t = schema.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  return [];
}

/** The displayed type of a schema (one level of array item types). */
export function describeType(
  root: unknown,
  schema: unknown,
  onPath: ReadonlySet<string> = new Set(),
  depth = 0,
): string {
  if (depth > 12) return '…';
  if (schema === true) return 'any';
  if (schema === false) return 'never';
  const resolved = resolveRefs(root, schema, onPath);
  const s = resolved.schema;
  if (!isObject(s)) return 'any';
  if (
    resolved.unresolved !== undefined &&
    Object.keys(s).every((k) => k === '$ref' || k === 'description' || k === 'title')
  )
    return `$ref ${resolved.unresolved}`;
  let types = typeList(s);
  if (types.length === 0) {
    if ('const' in s) return `const`;
    if (Array.isArray(s.enum))
      types = [
        ...new Set(
          s.enum.map((v) =>
            v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v,
          ),
        ),
      ];
    else if (isObject(s.properties) || isObject(s.additionalProperties)) types = ['object'];
    else if (s.items !== undefined || Array.isArray(s.prefixItems)) types = ['array'];
    else {
      for (const key of ['anyOf', 'oneOf'] as const) {
        const list = s[key];
        if (Array.isArray(list) && list.length > 0)
          return list
            .map((branch) => describeType(root, branch, new Set([...onPath, ...resolved.refs]), depth + 1))
            .join(' | ');
      }
      return 'any';
    }
  }
  return types
    .map((t) => {
      if (t !== 'array') return t;
      if (s.items === undefined || Array.isArray(s.items))
        return Array.isArray(s.prefixItems) || Array.isArray(s.items) ? 'array (tuple)' : 'array';
      return `array<${describeType(root, s.items, new Set([...onPath, ...resolved.refs]), depth + 1)}>`;
    })
    .join(' | ');
}

function detailsOf(root: unknown, s: JsonObject, refs: readonly string[], onPath: ReadonlySet<string>): string[] {
  const details: string[] = [];
  if (refs.length > 0) details.push(`$ref: ${refs.join(' → ')}`);
  if (Array.isArray(s.enum)) details.push(`enum: ${s.enum.map(compactJson).join(', ')}`);
  if ('const' in s) details.push(`const: ${compactJson(s.const)}`);
  if ('default' in s) details.push(`default: ${compactJson(s.default)}`);
  if (typeof s.format === 'string') details.push(`format: ${s.format}`);
  for (const key of constraintKeys)
    if (key in s) details.push(`${key}: ${typeof s[key] === 'string' ? s[key] : compactJson(s[key])}`);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = s[key];
    if (Array.isArray(list)) details.push(`${key}: ${list.map((b) => describeType(root, b, onPath)).join(', ')}`);
  }
  if ('not' in s) details.push(`not: ${describeType(root, s.not, onPath)}`);
  if ('if' in s) details.push(`conditional: if/${'then' in s ? 'then' : ''}${'else' in s ? '/else' : ''}`);
  if (s.additionalProperties === false) details.push('no additional properties');
  if (s.deprecated === true) details.push('deprecated');
  if (s.readOnly === true) details.push('read-only');
  if (s.writeOnly === true) details.push('write-only');
  if (Array.isArray(s.examples)) details.push(`examples: ${s.examples.map(compactJson).join(', ')}`);
  return details;
}

/** Rows for the properties of `schema` (an object schema), recursively. */
export function schemaRows(schema: unknown): SchemaSummary {
  const root = schema;
  const rows: SchemaRow[] = [];
  const notes: string[] = [];
  const top = resolveRefs(root, schema, new Set());
  const rootType = describeType(root, schema);
  if (isObject(top.schema)) {
    const s = top.schema;
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const)
      if (Array.isArray(s[key]))
        notes.push(`${key} at the root: ${(s[key] as unknown[]).map((b) => describeType(root, b)).join(', ')}`);
    if (s.additionalProperties === false) notes.push('No additional properties.');
    if (typeof s.$schema === 'string') notes.push(`Dialect: ${s.$schema}`);
  }

  const visit = (value: unknown, prefix: string, depth: number, onPath: ReadonlySet<string>): void => {
    if (depth > maxDepth || rows.length >= maxRows) return;
    const resolved = resolveRefs(root, value, onPath);
    if (resolved.cycle) return;
    const path = new Set([...onPath, ...resolved.refs]);
    const s = resolved.schema;
    if (!isObject(s)) return;
    const required = new Set(
      Array.isArray(s.required) ? s.required.filter((x): x is string => typeof x === 'string') : [],
    );
    if (isObject(s.properties)) {
      for (const [name, child] of Object.entries(s.properties))
        addRow(name, prefix ? `${prefix}.${name}` : name, child, depth, required.has(name), path);
    }
    if (isObject(s.patternProperties)) {
      for (const [pattern, child] of Object.entries(s.patternProperties))
        addRow(`/${pattern}/`, prefix ? `${prefix}./${pattern}/` : `/${pattern}/`, child, depth, false, path);
    }
    if (isObject(s.additionalProperties))
      addRow('*', prefix ? `${prefix}.*` : '*', s.additionalProperties, depth, false, path);
    if (isObject(s.items)) {
      const items = resolveRefs(root, s.items, path);
      if (!items.cycle) visit(s.items, `${prefix}[]`, depth, path);
    }
  };

  const addRow = (
    name: string,
    path: string,
    child: unknown,
    depth: number,
    required: boolean,
    onPath: ReadonlySet<string>,
  ): void => {
    if (rows.length >= maxRows) return;
    const resolved = resolveRefs(root, child, onPath);
    const s = isObject(resolved.schema) ? resolved.schema : {};
    const row: SchemaRow = {
      path,
      name,
      depth,
      required,
      type: describeType(root, child, onPath),
      details: detailsOf(root, s, resolved.refs, onPath),
    };
    if (resolved.cycle) row.details.push('recursive (not expanded)');
    if (resolved.unresolved !== undefined) row.details.push(`unresolved: ${resolved.unresolved}`);
    if (typeof s.title === 'string') row.title = s.title;
    if (typeof s.description === 'string') row.description = s.description;
    if (child === false) row.details.push('not allowed');
    rows.push(row);
    if (!resolved.cycle) visit(child, path, depth + 1, onPath);
  };

  visit(schema, '', 0, new Set(['#'])); // the root itself is '#' on the path
  if (rows.length >= maxRows) notes.push(`Only the first ${maxRows} rows are shown.`);
  return { rows, rootType, notes };
}
