/**
 * List pagination: opaque cursors naming the list method, the offset and the document's hash,
 * so a cursor of another list or of a reloaded document is invalid.
 */
import type { JsonObject } from 'mcpdesc-core/model';

/** One page of a list result: `member` holds the items from the cursor's offset; undefined when the cursor is invalid. */
export function listPage(
  method: string,
  member: string,
  list: { items: readonly JsonObject[]; extras: JsonObject },
  cursor: unknown,
  pageSize: number | undefined,
  hash: string,
): JsonObject | undefined {
  const { items, extras } = list;
  let offset = 0;
  if (cursor !== undefined) {
    const decoded = decodeCursor(cursor, method, hash);
    if (decoded === undefined || decoded > items.length) return undefined;
    offset = decoded;
  }
  const size = pageSize && pageSize > 0 ? pageSize : items.length;
  const result: JsonObject = { ...extras, [member]: items.slice(offset, offset + size) };
  if (offset + size < items.length) result.nextCursor = encodeCursor(method, offset + size, hash);
  return result;
}

function encodeCursor(method: string, offset: number, hash: string): string {
  return Buffer.from(JSON.stringify(['mcpdesc', method, offset, hash])).toString('base64url');
}

function decodeCursor(cursor: unknown, method: string, hash: string): number | undefined {
  if (typeof cursor !== 'string' || cursor.length > 256) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      !Array.isArray(value) ||
      value.length !== 4 ||
      value[0] !== 'mcpdesc' ||
      value[1] !== method ||
      value[3] !== hash
    )
      return undefined;
    const offset = value[2];
    return typeof offset === 'number' && Number.isInteger(offset) && offset > 0 ? offset : undefined;
  } catch {
    return undefined;
  }
}
