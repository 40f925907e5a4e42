/**
 * JSON as `JSON.stringify(value, null, 2)` prints it, written in pieces: a large report's skeleton
 * is written by hand and its long lists are stringified a batch at a time, so no piece is a copy
 * of the whole and the bytes are those of one `JSON.stringify` of the whole.
 */

/** Items stringified at a time: one piece of a long list (a few hundred kB). */
export const JSON_BATCH = 1000;

/**
 * `value` as `JSON.stringify(value, null, 2)` prints it `depth` levels deep (its lines indented
 * by 2 × depth more spaces, the first line not): stringified nested in `depth` arrays and sliced
 * out of them (a slice shares the text, it copies nothing).
 */
export function stringifyAt(value: unknown, depth: number): string {
  let nested = value;
  for (let i = 0; i < depth; i++) nested = [nested];
  const text = JSON.stringify(nested, null, 2);
  // Level i opens with `[`, a line break and 2(i + 1) spaces, and closes with a line break, 2i spaces and `]`.
  const opening = 2 * depth + depth * (depth + 1);
  const closing = 2 * depth + depth * (depth - 1);
  return text.slice(opening, text.length - closing);
}

/**
 * The items of a non-empty list printed `depth` levels deep (the list's own brackets are at that
 * depth), in pieces: the lines of JSON_BATCH items at a time, and the `,` and line break between
 * batches as a piece of their own (joined to a batch, they would copy it); without the brackets and
 * the line breaks that open and close the list.
 */
export function* listItemsAt(items: Iterable<unknown>, depth: number): Generator<string> {
  // `[` and its line break come before the items; a line break, 2 × depth spaces and `]` after them.
  const closing = 2 * depth + 2;
  const stringified = (batch: unknown[]) => {
    const text = stringifyAt(batch, depth);
    return text.slice(2, text.length - closing);
  };
  let batch: unknown[] = [];
  let first = true;
  for (const item of items) {
    batch.push(item);
    if (batch.length < JSON_BATCH) continue;
    if (!first) yield ',\n';
    yield stringified(batch);
    batch = [];
    first = false;
  }
  if (batch.length === 0) return;
  if (!first) yield ',\n';
  yield stringified(batch);
}
