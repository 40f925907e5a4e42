/** Type guards for decoded JSON values. */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/**
 * `table[key]` for a key the document controls: only the table's own entries, never an
 * `Object.prototype` member (a key named `toString` or `constructor` is just a name).
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return hasOwn(table, key) ? table[key] : undefined;
}
