import type { CursorContext, PathSegment, ScanMeter } from './cursor-context.js';

/** The block structure of one line: its `- ` item markers, and the key it starts (if any). */
interface LineShape {
  /** No content: blank, or a comment only. */
  blank: boolean;
  /** Columns of the `- ` markers that open the line. */
  dashes: number[];
  /** Column of the first content after the markers. */
  column: number;
  key?: string;
  /** Offset in the line just after the key's `:`. */
  afterColon?: number;
}

/** The first content column: the first marker's, else the content's. */
const firstColumn = (shape: LineShape): number => shape.dashes[0] ?? shape.column;

/** The key a block mapping line starts at `column`, by one scan (no regex over document text). */
function keyAt(line: string, column: number): { key: string; afterColon: number } | undefined {
  const first = line[column];
  if (first === '"' || first === "'") {
    let i = column + 1;
    let key = '';
    while (i < line.length) {
      const c = line[i]!;
      if (first === "'" && c === "'" && line[i + 1] === "'") {
        key += "'";
        i += 2;
      } else if (c === first) break;
      else if (first === '"' && c === '\\' && i + 1 < line.length) {
        key += line[i + 1];
        i += 2;
      } else {
        key += c;
        i++;
      }
    }
    let j = i + 1;
    while (line[j] === ' ' || line[j] === '\t') j++;
    if (line[j] === ':' && (j + 1 === line.length || line[j + 1] === ' ' || line[j + 1] === '\t'))
      return { key, afterColon: j + 1 };
    return undefined;
  }
  if (first === undefined || '#{[]},&*!|>%@`'.includes(first)) return undefined;
  for (let i = column; i < line.length; i++) {
    const c = line[i]!;
    if (c === '#' && (line[i - 1] === ' ' || line[i - 1] === '\t')) return undefined;
    if (c === ':' && (i + 1 === line.length || line[i + 1] === ' ' || line[i + 1] === '\t'))
      return { key: line.slice(column, i).trimEnd(), afterColon: i + 1 };
  }
  return undefined;
}

function shapeOf(line: string): LineShape {
  let column = 0;
  while (line[column] === ' ') column++;
  const dashes: number[] = [];
  while (line[column] === '-' && (column + 1 === line.length || line[column + 1] === ' ')) {
    dashes.push(column);
    column++;
    while (line[column] === ' ') column++;
  }
  const blank = dashes.length === 0 && (column >= line.length || line[column] === '#');
  const key = blank ? undefined : keyAt(line, column);
  return { blank, dashes, column, ...(key ? { key: key.key, afterColon: key.afterColon } : {}) };
}

/**
 * The path of the collection holding the node that starts at `column` of line `at`, after the
 * item markers `dashes` of that line: found by walking up to the lines of smaller indentation,
 * counting the `- ` items of each sequence on the way.
 */
function containerPath(
  shapeAt: (line: number) => LineShape,
  at: number,
  column: number,
  dashes: readonly number[],
): PathSegment[] {
  const out: PathSegment[] = [];
  let target = column;
  let pending = [...dashes];
  let line = at;
  for (;;) {
    if (pending.length > 0) {
      const dash = pending.pop()!;
      if (pending.length > 0) {
        out.unshift(0); // `- - x`: a sequence item opening a sequence; items of inner ones are not counted.
        continue;
      }
      let index = 0;
      let j = line - 1;
      for (; j >= 0; j--) {
        const shape = shapeAt(j);
        if (shape.blank || firstColumn(shape) > dash) continue;
        if (shape.dashes[0] === dash) index++;
        else break;
      }
      out.unshift(index);
      if (j < 0) return out;
      const parent = shapeAt(j);
      if (parent.key === undefined) return out;
      out.unshift(parent.key);
      target = parent.column;
      pending = parent.dashes;
      line = j;
      continue;
    }
    if (target === 0) return out;
    let j = line - 1;
    let moved = false;
    for (; j >= 0; j--) {
      const shape = shapeAt(j);
      if (shape.blank) continue;
      if (shape.dashes.length > 0 && shape.column === target) {
        // A sibling on an item's marker line: the node belongs to that item.
        pending = shape.dashes;
        line = j;
        moved = true;
        break;
      }
      if (firstColumn(shape) >= target) continue;
      if (shape.key === undefined || shape.column >= target) return out;
      out.unshift(shape.key);
      target = shape.column;
      pending = shape.dashes;
      line = j;
      moved = true;
      break;
    }
    if (!moved) return out;
  }
}

/** Keys at `column` in the block mapping around line `at` (that line's own excluded). */
function siblingKeys(
  shapeAt: (line: number) => LineShape,
  lineCount: number,
  at: number,
  column: number,
  itemStart: boolean,
): Set<string> {
  const out = new Set<string>();
  if (!itemStart)
    for (let j = at - 1; j >= 0; j--) {
      const shape = shapeAt(j);
      if (shape.blank || firstColumn(shape) > column) continue;
      if (shape.column !== column) break;
      if (shape.key !== undefined) out.add(shape.key);
      // The item's marker line opens the mapping.
      if (shape.dashes.length > 0) break;
    }
  for (let j = at + 1; j < lineCount; j++) {
    const shape = shapeAt(j);
    if (shape.blank || firstColumn(shape) > column) continue;
    if (shape.dashes.length > 0 || shape.column !== column) break;
    if (shape.key !== undefined) out.add(shape.key);
  }
  return out;
}

/** Items of the block sequence whose marker at `dash` is on line `at`, from that line on. */
function itemsFrom(shapeAt: (line: number) => LineShape, lineCount: number, at: number, dash: number): number {
  let count = 1;
  for (let j = at + 1; j < lineCount; j++) {
    const shape = shapeAt(j);
    if (shape.blank || firstColumn(shape) > dash) continue;
    if (shape.dashes[0] !== dash) break;
    count++;
  }
  return count;
}

/** End of the word at `from` (a key or scalar being typed): up to a blank, a `:`, a `,` or a closing bracket. */
function wordEnd(line: string, from: number): number {
  let i = from;
  while (i < line.length && !' \t:,]}#'.includes(line[i]!)) i++;
  return i;
}

/**
 * Where the cursor at `offset` sits in a block-style YAML text, from the indentation of the
 * lines above it (the text need not parse). Flow sequences on the cursor's line (`tags: [a, b`)
 * are understood; flow mappings are not (mcpdesc's canonical YAML writes none).
 */
export function yamlCursor(text: string, offset: number, meter?: ScanMeter): CursorContext | undefined {
  const lines = text.split('\n');
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const at = text.slice(0, lineStart).split('\n').length - 1;
  // Each walk moves away from the cursor's line, a line at a time: every line is read a bounded number of times.
  const shapeAt = (j: number): LineShape => {
    const line = lines[j]!;
    if (meter) meter.characters += line.length + 1;
    return shapeOf(line);
  };
  const line = lines[at] ?? '';
  // The splits and the search for the line start; the cursor's own line is read a few times over below.
  if (meter) meter.characters += text.length + 2 * lineStart + 4 * line.length;
  const column = offset - lineStart;
  const shape = shapeOf(line.slice(0, column));
  const dashes = shape.dashes;
  if (shape.key !== undefined && shape.afterColon !== undefined && shape.afterColon <= column) {
    const path = containerPath(shapeAt, at, shape.column, dashes);
    let valueStart = shape.afterColon;
    while (line[valueStart] === ' ') valueStart++;
    if (line[valueStart] === '[') {
      // A flow sequence: the item after the last comma before the cursor.
      const inside = line.slice(valueStart + 1, column);
      const index = inside.split(',').length - 1;
      let start = valueStart + 1 + inside.lastIndexOf(',') + 1;
      while (line[start] === ' ') start++;
      return token(lineStart, line, start, column, [...path, shape.key], index, 'value', new Set());
    }
    // The mapping's keys, the member's own included: completion checks a stale value against them.
    const members = siblingKeys(shapeAt, lines.length, at, shape.column, dashes.length > 0).add(shape.key);
    return token(lineStart, line, Math.min(valueStart, column), column, path, shape.key, 'value', members);
  }
  if (shape.blank && column > 0 && line.slice(0, column).trimStart().startsWith('#')) return undefined;
  const keyColumn = shape.column;
  const siblings = siblingKeys(shapeAt, lines.length, at, keyColumn, dashes.length > 0);
  if (dashes.length > 0) {
    const objectPath = containerPath(shapeAt, at, keyColumn, dashes);
    const index = objectPath.pop()!;
    const item = token(lineStart, line, keyColumn, column, objectPath, index, 'item', siblings);
    if (dashes.length === 1 && typeof index === 'number')
      item.items = index + itemsFrom(shapeAt, lines.length, at, dashes[0]!);
    return item;
  }
  return token(
    lineStart,
    line,
    keyColumn,
    column,
    containerPath(shapeAt, at, keyColumn, []),
    undefined,
    'key',
    siblings,
  );
}

function token(
  lineStart: number,
  line: string,
  start: number,
  cursor: number,
  path: PathSegment[],
  key: PathSegment | undefined,
  kind: CursorContext['kind'],
  siblings: Set<string>,
): CursorContext {
  const quote = line[start] === '"' || line[start] === "'" ? (line[start] as '"' | "'") : undefined;
  const from = quote ? start + 1 : start;
  let end = quote ? line.indexOf(quote, Math.max(from, cursor)) : wordEnd(line, cursor);
  if (end < 0) end = line.length;
  return {
    kind,
    path,
    ...(key !== undefined ? { key } : {}),
    start: lineStart + from,
    end: lineStart + Math.max(end, cursor),
    prefix: line.slice(from, Math.max(from, cursor)),
    ...(quote ? { quote } : {}),
    siblings,
  };
}
