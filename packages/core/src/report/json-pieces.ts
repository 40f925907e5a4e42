/**
 * JSON as `JSON.stringify(value, null, 2)` prints it, written in pieces: a large report's skeleton
 * is written by hand and its long lists are stringified a batch at a time, so no piece is a copy
 * of the whole and the bytes are those of one `JSON.stringify` of the whole, neutralised
 * (report/control-characters.ts).
 */
import type { Diagnostic } from '../model/diagnostic.js';
import { neutralizeOutput, stringifiesUnsafe } from './control-characters.js';

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

/** A piece of JSON output (the skeleton of a report, a small value) neutralised: lossless `\u` escapes. */
export function neutralJson(text: string): string {
  return neutralizeOutput(text, 'json');
}

/**
 * The items of a non-empty list printed `depth` levels deep (the list's own brackets are at that
 * depth), in pieces: the lines of JSON_BATCH items at a time, and the `,` and line break between
 * batches as a piece of their own (joined to a batch, they would copy it); without the brackets and
 * the line breaks that open and close the list. `needsNeutralizing` tells from an item's strings
 * whether its text may need it; only a batch with such an item is scanned and neutralised.
 */
export function* listItemsAt<T>(
  items: Iterable<T>,
  depth: number,
  needsNeutralizing: (item: T) => boolean,
): Generator<string> {
  // `[` and its line break come before the items; a line break, 2 × depth spaces and `]` after them.
  const closing = 2 * depth + 2;
  const stringified = (batch: T[], unsafe: boolean) => {
    const text = stringifyAt(batch, depth);
    const items = text.slice(2, text.length - closing);
    return unsafe ? neutralJson(items) : items;
  };
  let batch: T[] = [];
  let unsafe = false;
  let first = true;
  for (const item of items) {
    batch.push(item);
    if (!unsafe && needsNeutralizing(item)) unsafe = true;
    if (batch.length < JSON_BATCH) continue;
    if (!first) yield ',\n';
    yield stringified(batch, unsafe);
    batch = [];
    unsafe = false;
    first = false;
  }
  if (batch.length === 0) return;
  if (!first) yield ',\n';
  yield stringified(batch, unsafe);
}

/** Whether a diagnostic's text (every string the JSON report prints of it) needs neutralising there; SARIF asks of its results. */
export function diagnosticNeedsNeutralizing(d: Diagnostic): boolean {
  return (
    stringifiesUnsafe(d.message) ||
    stringifiesUnsafe(d.pointer) ||
    stringifiesUnsafe(d.rule) ||
    stringifiesUnsafe(d.code) ||
    stringifiesUnsafe(d.severity) ||
    stringifiesUnsafe(d.spec) ||
    // A fix's value comes from the document: its strings are scanned as the message's are.
    (d.fix !== undefined && stringifiesUnsafe(JSON.stringify(d.fix)))
  );
}
