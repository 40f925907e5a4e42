import type { SourceFormat } from './types.js';
import { isPlainSafeString } from './yaml-scalars.js';
import { compareCodeUnits } from '../model/json.js';
import { assertWalkable } from '../model/caller-values.js';

export interface SerializeOptions {
  format: SourceFormat;
  /** Canonical key order (see `canonicalKeyOrder`) instead of the document's own order. */
  sortKeys?: boolean;
}

/** Root properties in the order of the spec's Root Object table (3.2); other keys follow alphabetically. */
export const rootKeyOrder: readonly string[] = [
  '$schema',
  'mcpdesc',
  'info',
  'protocolVersions',
  'instructions',
  'transports',
  'securitySchemes',
  'security',
  'components',
  'capabilities',
  'tools',
  'resources',
  'resourceTemplates',
  'prompts',
  'tags',
];

/**
 * Writes a decoded document as JSON (2-space indent) or restricted YAML, with a final newline.
 * Arrays keep their order; object keys keep theirs unless `sortKeys`.
 */
export function serializeDescription(document: unknown, options: SerializeOptions): string {
  assertWalkable(document, 'serializeDescription');
  const value = options.sortKeys ? sortDocument(document) : document;
  if (options.format === 'json') return JSON.stringify(value, null, 2) + '\n';
  return yamlDocument(value);
}

/** Canonical order: the root by `rootKeyOrder` then alphabetically; nested objects alphabetically (UTF-16 order). */
function sortDocument(document: unknown): unknown {
  if (!isObject(document)) return sortNested(document);
  const keys = Object.keys(document);
  const known = rootKeyOrder.filter((k) => keys.includes(k));
  const rest = keys.filter((k) => !rootKeyOrder.includes(k)).sort(compareCodeUnits);
  return rebuild(document, [...known, ...rest], sortNested);
}

function sortNested(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortNested);
  if (!isObject(value)) return value;
  return rebuild(value, Object.keys(value).sort(compareCodeUnits), sortNested);
}

function rebuild(
  source: Record<string, unknown>,
  keys: string[],
  map: (v: unknown) => unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // defineProperty keeps `__proto__` an ordinary own key.
  for (const key of keys)
    Object.defineProperty(out, key, { value: map(source[key]), enumerable: true, writable: true, configurable: true });
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// ---- YAML writer: block style, no anchors, no tags; every scalar reads back as written. ----

function yamlDocument(value: unknown): string {
  const lines = new Lines();
  const keys = blockMembers(value);
  if (keys) writeCollection(value as Collection, keys, 0, lines);
  else lines.push(scalar(value, 0));
  return lines.text();
}

/**
 * The document's lines, joined in batches as they come: a batch is one large string the
 * collector does not move, where a million short lines kept to the end were copied from
 * generation to generation (half of a 10,000-tool document's writing time).
 */
class Lines {
  private batch: string[] = [];
  private readonly batches: string[] = [];

  push(line: string): void {
    this.batch.push(line);
    if (this.batch.length === 1024) {
      this.batches.push(this.batch.join('\n'));
      this.batch = [];
    }
  }

  /** Every line, each ended by a line break. */
  text(): string {
    if (this.batch.length > 0) this.batches.push(this.batch.join('\n'));
    return this.batches.join('\n') + '\n';
  }
}

type Collection = unknown[] | Record<string, unknown>;
const sequenceMembers: readonly string[] = [];

/**
 * How `value` is written as a block: the keys of a non-empty mapping (read once: a mapping may
 * hold hundreds of thousands), `sequenceMembers` for a non-empty sequence, or undefined for a
 * scalar (empty collections included).
 */
function blockMembers(value: unknown): readonly string[] | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) return value.length > 0 ? sequenceMembers : undefined;
  const keys = Object.keys(value);
  return keys.length > 0 ? keys : undefined;
}

/**
 * Appends the lines of a non-empty collection, indented by `indent` spaces. Its first line starts
 * with `firstPad` instead, as long: the `- ` of the sequence items holding it, so a nested
 * collection is written in place, never written apart and copied up.
 */
function writeCollection(
  value: Collection,
  keys: readonly string[],
  indent: number,
  lines: Lines,
  firstPad = ' '.repeat(indent),
): void {
  const pad = ' '.repeat(indent);
  let linePad = firstPad;
  if (Array.isArray(value)) {
    for (const item of value) {
      const members = blockMembers(item);
      // "- " then the nested collection's first line on the same line, the rest aligned under it.
      if (members) writeCollection(item as Collection, members, indent + 2, lines, linePad + '- ');
      else lines.push(linePad + '- ' + scalar(item, indent + 2));
      linePad = pad;
    }
    return;
  }
  for (const key of keys) {
    const item = value[key];
    const members = blockMembers(item);
    const lead = linePad + yamlKey(key) + ':';
    if (members) {
      lines.push(lead);
      writeCollection(item as Collection, members, indent + 2, lines);
    } else lines.push(lead + ' ' + scalar(item, indent + 2));
    linePad = pad;
  }
}

function yamlKey(key: string): string {
  return isPlainSafeString(key) ? key : doubleQuoted(key);
}

/** A scalar (or empty collection) as YAML text; a literal block may span several lines. */
function scalar(value: unknown, indent: number): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`cannot serialize the non-finite number ${value}`);
    return JSON.stringify(value);
  }
  if (typeof value === 'string') {
    if (isPlainSafeString(value)) return value;
    if (fitsLiteralBlock(value)) return literalBlock(value, indent);
    return doubleQuoted(value);
  }
  if (Array.isArray(value)) return '[]';
  if (typeof value === 'object') return '{}';
  throw new TypeError(`cannot serialize a value of type ${typeof value}`);
}

/** JSON string syntax is valid YAML double-quoted syntax; characters YAML treats specially are escaped too. */
function doubleQuoted(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
  );
}

/**
 * Multi-line text reads best as a literal block (`|`), which keeps every character as long as:
 * some line has content (a block of only line breaks reads as ""), no carriage returns, other
 * control characters or noncharacters (not printable in YAML), no line made only of blanks (YAML would
 * read it as an empty line), and a first non-empty line that does not start with a space (the block's
 * indentation is detected from it).
 */
function fitsLiteralBlock(text: string): boolean {
  if (!text.includes('\n') || !/[^\n]/.test(text)) return false;
  if (/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/.test(text))
    return false;
  if (/^\n*[ \t]/.test(text) || /(^|\n)[ \t]+(\n|$)/.test(text)) return false;
  return true;
}

function literalBlock(text: string, indent: number): string {
  // Counted by a loop: the regex /\n*$/ retries at every line break of a long run (quadratic).
  let trailing = 0;
  while (trailing < text.length && text.charCodeAt(text.length - 1 - trailing) === 10) trailing++;
  const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
  const body = trailing === 0 ? text : text.slice(0, text.length - 1);
  const pad = ' '.repeat(indent);
  return (
    '|' +
    chomp +
    '\n' +
    body
      .split('\n')
      .map((line) => (line === '' ? '' : pad + line))
      .join('\n')
  );
}
