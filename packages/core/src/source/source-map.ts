import type { Range } from '../model/diagnostic.js';
import { escapePointerToken } from '../model/json-pointer.js';
import type { LineIndex } from './line-index.js';
import type { RangePart, SourceMap } from './types.js';

/**
 * Source offsets of the decoded nodes, in flat typed arrays indexed in document (pre-)order:
 * a node's children follow it, and `after[n]` is the index just past its subtree (so the next
 * sibling of child `c` is `after[c]`). No pointer string is stored: a query walks from the root
 * token by token, building a lookup table only for the containers it passes through (cached
 * for later queries). Recording costs a few integer writes per node, so the YAML constructor
 * records during its one pass, and JSON records in one fast scan on the first query.
 */

export const SCALAR = 0;
export const ARRAY = 1;
export const OBJECT = 2;
export type NodeKind = typeof SCALAR | typeof ARRAY | typeof OBJECT;

export interface SpanTree {
  count: number;
  kind: Uint8Array;
  valueStart: Int32Array;
  /** -1 for a container that was never completed (decoding stopped inside it): not mapped. */
  valueEnd: Int32Array;
  /** -1 for array items and the root. */
  keyStart: Int32Array;
  keyEnd: Int32Array;
  after: Int32Array;
  /** The decoded key of each object member (YAML); when absent, keys are decoded from the JSON text. */
  keys: (string | undefined)[] | undefined;
}

/** Appends nodes in document order; containers are opened, filled, then closed. */
export class SpanRecorder {
  count = 0;
  kind: Uint8Array;
  valueStart: Int32Array;
  valueEnd: Int32Array;
  keyStart: Int32Array;
  keyEnd: Int32Array;
  after: Int32Array;
  readonly keys: (string | undefined)[] | undefined;
  /** Indexes of the open containers, innermost last. */
  private readonly open: number[] = [];

  constructor(capacity = 1024, withKeys = false) {
    const size = Math.max(16, capacity);
    this.kind = new Uint8Array(size);
    this.valueStart = new Int32Array(size);
    this.valueEnd = new Int32Array(size);
    this.keyStart = new Int32Array(size);
    this.keyEnd = new Int32Array(size);
    this.after = new Int32Array(size);
    this.keys = withKeys ? [] : undefined;
  }

  get depth(): number {
    return this.open.length;
  }

  /** Kind of the innermost open container (undefined at the top level). */
  innerKind(): number | undefined {
    const top = this.open[this.open.length - 1];
    return top === undefined ? undefined : this.kind[top];
  }

  private add(kind: NodeKind, start: number, keyStart: number, keyEnd: number, key: string | undefined): number {
    const n = this.count;
    if (n === this.kind.length) this.grow();
    this.kind[n] = kind;
    this.valueStart[n] = start;
    this.keyStart[n] = keyStart;
    this.keyEnd[n] = keyEnd;
    if (this.keys) this.keys.push(key);
    this.count = n + 1;
    return n;
  }

  /** A completed scalar (or alias) value. */
  leaf(start: number, end: number, keyStart: number, keyEnd: number, key?: string): void {
    const n = this.add(SCALAR, start, keyStart, keyEnd, key);
    this.valueEnd[n] = end;
    this.after[n] = n + 1;
  }

  openContainer(
    kind: typeof ARRAY | typeof OBJECT,
    start: number,
    keyStart: number,
    keyEnd: number,
    key?: string,
  ): void {
    const n = this.add(kind, start, keyStart, keyEnd, key);
    this.valueEnd[n] = -1;
    this.open.push(n);
  }

  /** Completes the innermost open container, whose value ends at `end`. */
  closeContainer(end: number): void {
    const n = this.open.pop()!;
    this.valueEnd[n] = end;
    this.after[n] = this.count;
  }

  /** The recorded tree; containers still open (decoding stopped inside them) stay unmapped. */
  finish(): SpanTree {
    while (this.open.length > 0) this.after[this.open.pop()!] = this.count;
    return this;
  }

  private grow(): void {
    const size = this.kind.length * 2;
    const widen = <T extends Int32Array | Uint8Array>(old: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(old);
      return next;
    };
    this.kind = widen(this.kind, (n) => new Uint8Array(n));
    this.valueStart = widen(this.valueStart, (n) => new Int32Array(n));
    this.valueEnd = widen(this.valueEnd, (n) => new Int32Array(n));
    this.keyStart = widen(this.keyStart, (n) => new Int32Array(n));
    this.keyEnd = widen(this.keyEnd, (n) => new Int32Array(n));
    this.after = widen(this.after, (n) => new Int32Array(n));
  }
}

/** Children of an object by escaped pointer token (an array of candidates when a key repeats), or of an array by index. */
type ChildTable = Map<string, number | number[]> | Int32Array;

const arrayIndex = /^(?:0|[1-9][0-9]*)$/;

/**
 * A source map over a span tree that is obtained on the first query (decoding a document that
 * turns out valid never records JSON offsets), with line/column from a line index.
 */
export class TreeSourceMap implements SourceMap {
  private tree: SpanTree | undefined;
  private readonly tables = new Map<number, ChildTable>();
  /** The last query's path through unrepeated keys: where each token ends in the pointer, and its node. */
  private pathPointer = '';
  private readonly pathEnds: number[] = [];
  private readonly pathNodes: number[] = [];

  constructor(
    private readonly build: () => SpanTree,
    private readonly lines: LineIndex,
    private readonly text: string,
  ) {}

  lineText(line: number): string | undefined {
    return this.lines.lineText(line);
  }

  rangeOf(pointer: string, part: RangePart = 'value'): Range | undefined {
    const tree = (this.tree ??= this.build());
    const node = this.find(tree, pointer);
    if (node < 0) return undefined;
    const keyStart = tree.keyStart[node]!;
    if (part === 'key') return keyStart < 0 ? undefined : this.lines.range(keyStart, tree.keyEnd[node]!);
    const withKey = part === 'member' && keyStart >= 0 && tree.kind[node] !== SCALAR;
    return this.lines.range(withKey ? keyStart : tree.valueStart[node]!, tree.valueEnd[node]!);
  }

  /**
   * The node at `pointer`, or -1. Pointers are matched exactly as written by the decoder
   * (canonical array indexes, `~0`/`~1` escapes). Findings come in document order, so a query
   * usually shares most of its path with the one before: it resumes from the deepest node of
   * that path it shares (`/tools/7/inputSchema/properties/a` after `/tools/7/inputSchema`)
   * instead of looking every token up again from the root.
   */
  private find(tree: SpanTree, pointer: string): number {
    if (tree.count === 0) return -1;
    if (pointer === '') return tree.valueEnd[0]! >= 0 ? 0 : -1;
    if (pointer.charCodeAt(0) !== 47) return -1;
    const ends = this.pathEnds;
    const nodes = this.pathNodes;
    const previous = this.pathPointer;
    const limit = Math.min(pointer.length, previous.length);
    let common = 0;
    while (common < limit && pointer.charCodeAt(common) === previous.charCodeAt(common)) common++;
    // The shared tokens: those ending within the common prefix, at a token boundary of `pointer` too.
    let shared = 0;
    while (shared < ends.length && ends[shared]! <= common) shared++;
    if (shared > 0 && ends[shared - 1]! < pointer.length && pointer.charCodeAt(ends[shared - 1]!) !== 47) shared--;
    ends.length = shared;
    nodes.length = shared;
    this.pathPointer = pointer;
    let node = shared > 0 ? nodes[shared - 1]! : 0;
    let at = shared > 0 ? ends[shared - 1]! : 0;
    while (at < pointer.length) {
      const slash = pointer.indexOf('/', at + 1);
      const end = slash < 0 ? pointer.length : slash;
      const found = this.child(tree, node, pointer.slice(at + 1, end));
      if (found === undefined) return -1;
      // A repeated key (an invalid document): the general search, which weighs every candidate.
      if (typeof found !== 'number') return this.findAmongRepeatedKeys(tree, pointer);
      node = found;
      at = end;
      ends.push(end);
      nodes.push(node);
    }
    return tree.valueEnd[node]! >= 0 ? node : -1;
  }

  /**
   * find for a path through a repeated key: several nodes share a pointer and the last one in
   * the text wins, so candidates are explored depth-first from the last, and the first
   * complete match found is the last in the text.
   */
  private findAmongRepeatedKeys(tree: SpanTree, pointer: string): number {
    const tokens = pointer.split('/');
    // Pending (node, token index) pairs; the common case never holds more than one.
    const nodes: number[] = [0];
    const levels: number[] = [1];
    while (nodes.length > 0) {
      let node = nodes.pop()!;
      let level = levels.pop()!;
      for (;;) {
        if (level === tokens.length) {
          if (tree.valueEnd[node]! >= 0) return node;
          break;
        }
        const found = this.child(tree, node, tokens[level]!);
        if (found === undefined) break;
        level++;
        if (typeof found === 'number') {
          node = found;
          continue;
        }
        for (let i = 0; i < found.length - 1; i++) {
          nodes.push(found[i]!);
          levels.push(level);
        }
        node = found[found.length - 1]!;
      }
    }
    return -1;
  }

  private child(tree: SpanTree, node: number, token: string): number | number[] | undefined {
    const kind = tree.kind[node];
    if (kind === SCALAR) return undefined;
    let table = this.tables.get(node);
    if (!table) {
      table = kind === ARRAY ? arrayChildren(tree, node) : this.objectChildren(tree, node);
      this.tables.set(node, table);
    }
    if (table instanceof Int32Array) {
      if (!arrayIndex.test(token)) return undefined;
      const index = Number(token);
      return index < table.length ? table[index] : undefined;
    }
    return table.get(token);
  }

  private objectChildren(tree: SpanTree, node: number): Map<string, number | number[]> {
    const table = new Map<string, number | number[]>();
    const end = tree.after[node]!;
    for (let c = node + 1; c < end; c = tree.after[c]!) {
      const key = tree.keys ? tree.keys[c]! : jsonKey(this.text, tree.keyStart[c]!, tree.keyEnd[c]!);
      const token = key.includes('~') || key.includes('/') ? escapePointerToken(key) : key;
      const seen = table.get(token);
      if (seen === undefined) table.set(token, c);
      else if (typeof seen === 'number') table.set(token, [seen, c]);
      else seen.push(c);
    }
    return table;
  }
}

function arrayChildren(tree: SpanTree, node: number): Int32Array {
  const end = tree.after[node]!;
  let length = 0;
  for (let c = node + 1; c < end; c = tree.after[c]!) length++;
  const table = new Int32Array(length);
  length = 0;
  for (let c = node + 1; c < end; c = tree.after[c]!) table[length++] = c;
  return table;
}

/** The decoded JSON key written at [start, end) (quotes included). */
function jsonKey(text: string, start: number, end: number): string {
  const inner = text.slice(start + 1, end - 1);
  return inner.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : inner;
}

/** For documents that could not be decoded at all. */
export const emptySourceMap: SourceMap = { rangeOf: () => undefined };
