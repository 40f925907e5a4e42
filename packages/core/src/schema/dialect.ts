/**
 * JSON Schema dialect selection for schemas embedded in MCP Description
 * documents (mcpdesc 0.8.0 §9.2, tools 0.9.0-rc.3 §9.2).
 *
 * A declared `$schema` MUST be JSON Schema 2020-12 or draft-07, written with
 * `http` or `https` and with or without the empty fragment. An absent
 * `$schema` means 2020-12. Anything else is an unsupported dialect.
 */

export type Dialect = '2020-12' | 'draft-07';

export const DEFAULT_DIALECT: Dialect = '2020-12';

/** Canonical meta-schema URIs for the supported dialects. */
export const DIALECT_URIS: Readonly<Record<Dialect, string>> = Object.freeze({
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
});

const DIALECT_BY_PATH: ReadonlyMap<string, Dialect> = new Map<string, Dialect>([
  ['json-schema.org/draft/2020-12/schema', '2020-12'],
  ['json-schema.org/draft-07/schema', 'draft-07'],
]);

/**
 * The dialect named by a `$schema` URI, or undefined when the URI is not one
 * of the supported spellings. Only `http:`/`https:`, the exact host and path,
 * and an absent or empty fragment are accepted (no query, no other fragment,
 * no surrounding whitespace, case-sensitive path as the specs write it).
 */
export function dialectFromUri(uri: unknown): Dialect | undefined {
  if (typeof uri !== 'string') return undefined;
  let rest: string;
  if (uri.startsWith('https://')) rest = uri.slice(8);
  else if (uri.startsWith('http://')) rest = uri.slice(7);
  else return undefined;
  if (rest.endsWith('#')) rest = rest.slice(0, -1);
  return DIALECT_BY_PATH.get(rest);
}

/** True when `uri` is a supported `$schema` dialect URI (any accepted spelling). */
export function isDialectUri(uri: unknown): boolean {
  return dialectFromUri(uri) !== undefined;
}

export type DialectSelection = { dialect: Dialect } | { unsupported: string };

/**
 * Select the dialect of an embedded schema from its `$schema` keyword.
 * Boolean schemas and schemas without `$schema` use the default (2020-12).
 * A `$schema` that is present but not a supported dialect URI (including a
 * non-string value) yields `{ unsupported }` carrying a printable form of it.
 */
export function dialectOf(schema: unknown): DialectSelection {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return { dialect: DEFAULT_DIALECT };
  }
  if (!Object.prototype.hasOwnProperty.call(schema, '$schema')) return { dialect: DEFAULT_DIALECT };
  const declared = (schema as Record<string, unknown>)['$schema'];
  const d = dialectFromUri(declared);
  if (d !== undefined) return { dialect: d };
  let shown: string;
  if (typeof declared === 'string') shown = declared;
  else {
    try {
      shown = JSON.stringify(declared) ?? String(declared);
    } catch {
      shown = String(declared);
    }
  }
  return { unsupported: shown };
}
