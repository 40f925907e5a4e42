/**
 * A fast, conservative meta-schema check: returns true only when the schema
 * is CERTAINLY valid under its dialect's meta-schema (as ajv validates it:
 * `validateFormats: false`, `strictNumbers`), and false when it is invalid or
 * when this checker is unsure — the caller then runs ajv, which decides and
 * produces the detailed problems. Verdicts therefore never differ from ajv's.
 *
 * The keyword table mirrors the meta-schemas shipped with ajv
 * (ajv/dist/refs/json-schema-2020-12/ and json-schema-draft-07.json):
 * keywords they do not list are unconstrained (their values are not
 * descended into); `format` annotations of the meta-schemas (uri, regex, ...)
 * are not validated, exactly like ajv with `validateFormats: false`.
 */
import type { Dialect } from './dialect.js';
import { isValidEcmaRegex } from './regex.js';
import {
  isSubschemaKeywordOf,
  singleSubschemaKeywords,
  subschemaArrayKeywords,
  subschemaMapKeywords,
  subschemaShape,
} from './keywords.js';

const enum K {
  Any,
  Schema,
  SchemaArray,
  SchemaMap,
  String,
  Boolean,
  Number,
  PositiveNumber,
  NonNegativeInteger,
  Array,
  StringArray,
  StringArrayMap,
  Dependencies,
  Type,
  UniqueEnum,
  ItemsDraft07,
  Id2020,
  Anchor,
  Vocabulary,
}

const COMMON: [string, K][] = [
  ['$schema', K.String],
  ['$ref', K.String],
  ['$comment', K.String],
  ['title', K.String],
  ['description', K.String],
  ['default', K.Any],
  ['readOnly', K.Boolean],
  ['examples', K.Array],
  ['multipleOf', K.PositiveNumber],
  ['maximum', K.Number],
  ['exclusiveMaximum', K.Number],
  ['minimum', K.Number],
  ['exclusiveMinimum', K.Number],
  ['maxLength', K.NonNegativeInteger],
  ['minLength', K.NonNegativeInteger],
  ['pattern', K.String],
  ['maxItems', K.NonNegativeInteger],
  ['minItems', K.NonNegativeInteger],
  ['uniqueItems', K.Boolean],
  ['maxProperties', K.NonNegativeInteger],
  ['minProperties', K.NonNegativeInteger],
  ['required', K.StringArray],
  ['const', K.Any],
  ['type', K.Type],
  ['format', K.String],
  ['contentMediaType', K.String],
  ['contentEncoding', K.String],
];

/** What the meta-schema requires of each subschema keyword's value, from the one keyword list. */
function subschemaEntries(dialect: Dialect): [string, K][] {
  const keywords = new Set<string>([...singleSubschemaKeywords, ...subschemaMapKeywords, ...subschemaArrayKeywords]);
  const entries: [string, K][] = [];
  for (const keyword of keywords) {
    if (!isSubschemaKeywordOf(keyword, dialect)) continue;
    const shape = subschemaShape(keyword);
    if (keyword === 'dependencies')
      entries.push([keyword, K.Dependencies]); // values: subschemas or name lists
    else if (shape === 'single-or-array') entries.push([keyword, dialect === 'draft-07' ? K.ItemsDraft07 : K.Schema]);
    else if (shape === 'map') entries.push([keyword, K.SchemaMap]);
    else if (shape === 'array') entries.push([keyword, K.SchemaArray]);
    else entries.push([keyword, K.Schema]);
  }
  return entries;
}

const TABLES: Record<Dialect, Map<string, K>> = {
  '2020-12': new Map<string, K>([
    ...COMMON,
    ...subschemaEntries('2020-12'),
    ['$id', K.Id2020],
    ['$anchor', K.Anchor],
    ['$dynamicAnchor', K.Anchor],
    ['$recursiveAnchor', K.Anchor],
    ['$dynamicRef', K.String],
    ['$recursiveRef', K.String],
    ['$vocabulary', K.Vocabulary],
    ['enum', K.Array],
    ['maxContains', K.NonNegativeInteger],
    ['minContains', K.NonNegativeInteger],
    ['dependentRequired', K.StringArrayMap],
    ['deprecated', K.Boolean],
    ['writeOnly', K.Boolean],
  ]),
  'draft-07': new Map<string, K>([
    ...COMMON,
    ...subschemaEntries('draft-07'),
    ['$id', K.String],
    ['enum', K.UniqueEnum],
  ]),
};

const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);
const ID_2020 = /^[^#]*#?$/u;
const ANCHOR = /^[A-Za-z_][-A-Za-z0-9._]*$/u;
const MAX_DEPTH = 200;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Short lists (a `required` of a few names) are checked for duplicates pairwise, without a Set. */
const PAIRWISE_MAX = 8;

function isStringArray(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  if (v.length <= PAIRWISE_MAX) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x !== 'string') return false;
      for (let j = 0; j < i; j++) if (v[j] === x) return false;
    }
    return true;
  }
  const seen = new Set<string>();
  for (const x of v) {
    if (typeof x !== 'string' || seen.has(x)) return false;
    seen.add(x);
  }
  return true;
}

/**
 * `pattern` and the `patternProperties` keys are valid regexes, read as regexProblems reads them
 * (a programmatic schema may inherit them; only a string pattern and a plain-object map count).
 */
function patternsOk(v: Record<string, unknown>): boolean {
  const pattern = v['pattern'];
  if (typeof pattern === 'string' && !isValidEcmaRegex(pattern)) return false;
  const map = v['patternProperties'];
  if (!isPlainObject(map)) return true;
  for (const name in map) if (hasOwn.call(map, name) && !isValidEcmaRegex(name)) return false;
  return true;
}

/** True when `v` is certainly a valid schema (object or boolean) under `table`. */
function schemaOk(v: unknown, table: Map<string, K>, depth: number, patterns: boolean): boolean {
  if (typeof v === 'boolean') return true;
  if (!isPlainObject(v) || depth > MAX_DEPTH) return false;
  for (const key in v) {
    if (!hasOwn.call(v, key)) continue;
    const kind = table.get(key);
    if (kind === undefined) {
      // unknown keywords are unconstrained; a subschema keyword of the other dialect may hold
      // patterns that regexProblems checks but this walk does not enter: unsure
      if (patterns && subschemaShape(key) !== undefined) return false;
      continue;
    }
    if (!valueOk(v[key], kind, table, depth, patterns)) return false;
  }
  return !patterns || patternsOk(v);
}

function valueOk(x: unknown, kind: K, table: Map<string, K>, depth: number, patterns: boolean): boolean {
  switch (kind) {
    case K.Any:
      return true;
    case K.Schema:
      return schemaOk(x, table, depth + 1, patterns);
    case K.SchemaArray:
      if (!Array.isArray(x) || x.length === 0) return false;
      for (const s of x) if (!schemaOk(s, table, depth + 1, patterns)) return false;
      return true;
    case K.SchemaMap:
      if (!isPlainObject(x)) return false;
      for (const name in x) if (hasOwn.call(x, name) && !schemaOk(x[name], table, depth + 1, patterns)) return false;
      return true;
    case K.String:
      return typeof x === 'string';
    case K.Boolean:
      return typeof x === 'boolean';
    case K.Number:
      return isNumber(x);
    case K.PositiveNumber:
      return isNumber(x) && x > 0;
    case K.NonNegativeInteger:
      return isNumber(x) && x % 1 === 0 && x >= 0;
    case K.Array:
      return Array.isArray(x);
    case K.StringArray:
      return isStringArray(x);
    case K.StringArrayMap:
      if (!isPlainObject(x)) return false;
      for (const name of Object.keys(x)) if (!isStringArray(x[name])) return false;
      return true;
    case K.Dependencies:
      if (!isPlainObject(x)) return false;
      for (const name of Object.keys(x)) {
        const d = x[name];
        if (Array.isArray(d) ? !isStringArray(d) : !schemaOk(d, table, depth + 1, patterns)) return false;
      }
      return true;
    case K.Type:
      if (typeof x === 'string') return SIMPLE_TYPES.has(x);
      if (!Array.isArray(x) || x.length === 0) return false;
      {
        const seen = new Set<string>();
        for (const t of x) {
          if (typeof t !== 'string' || !SIMPLE_TYPES.has(t) || seen.has(t)) return false;
          seen.add(t);
        }
      }
      return true;
    case K.UniqueEnum: {
      // draft-07: minItems 1, uniqueItems (deep equality); only primitive members are decided here
      if (!Array.isArray(x) || x.length === 0) return false;
      const seen = new Set<unknown>();
      for (const m of x) {
        if (m !== null && typeof m === 'object') return false; // unsure: let ajv decide
        if (typeof m === 'number' && !Number.isFinite(m)) return false;
        if (seen.has(m)) return false;
        seen.add(m);
      }
      return true;
    }
    case K.ItemsDraft07:
      if (Array.isArray(x)) return valueOk(x, K.SchemaArray, table, depth, patterns);
      return schemaOk(x, table, depth + 1, patterns);
    case K.Id2020:
      return typeof x === 'string' && ID_2020.test(x);
    case K.Anchor:
      return typeof x === 'string' && ANCHOR.test(x);
    case K.Vocabulary:
      if (!isPlainObject(x)) return false;
      for (const name of Object.keys(x)) if (typeof x[name] !== 'boolean') return false;
      return true;
  }
}

/**
 * True only when `schema` is certainly valid under `dialect`'s meta-schema;
 * false means "invalid or not decided here" (ask ajv). Never throws. With
 * `patterns`, true also means that every `pattern` and `patternProperties` key
 * that meta-validate.ts's regexProblems would check is a valid regex: this walk
 * then enters every subschema that one does (it answers false on a subschema
 * keyword it does not enter), so a true is the whole of checkSchemaValidity.
 */
export function fastMetaValid(schema: unknown, dialect: Dialect, patterns = false): boolean {
  const table = TABLES[dialect];
  if (table === undefined) return false;
  try {
    return schemaOk(schema, table, 0, patterns);
  } catch {
    return false;
  }
}
