/**
 * A unified diff of two texts by line (the `diff -u` format `git apply` and `patch` read), for
 * `lint --fix-dry-run`. Myers' O(ND) algorithm on the lines between the common head and tail:
 * fixes change few lines, so D is small; past `maxEditDistance` the middle is one replacement
 * (a correct diff, only not the shortest), which bounds the work on any input.
 */

const context = 3;
const maxEditDistance = 2000;

type Op = { kind: ' ' | '-' | '+'; line: string };

/** The diff of `before` and `after` with `---`/`+++` headers naming `from` and `to`; '' when the texts are equal. */
export function unifiedDiff(before: string, after: string, from: string, to: string): string {
  if (before === after) return '';
  // Lines keep their break, so a last line without one differs from the same line with one.
  const a = before.split(/(?<=\n)/);
  const b = after.split(/(?<=\n)/);
  const ops = diffLines(before === '' ? [] : a, after === '' ? [] : b);
  let out = `--- ${from}\n+++ ${to}\n`;
  for (const hunk of hunks(ops)) {
    out += `@@ -${range(hunk.aStart, hunk.aCount)} +${range(hunk.bStart, hunk.bCount)} @@\n`;
    for (const op of hunk.ops)
      out += op.line.endsWith('\n') ? `${op.kind}${op.line}` : `${op.kind}${op.line}\n\\ No newline at end of file\n`;
  }
  return out;
}

function range(start: number, count: number): string {
  // A hunk that adds to an empty side names the line before it (0 at the start), as diff does.
  return count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;
}

type IndexedOp = Op & { aIndex: number; bIndex: number };

function diffLines(a: readonly string[], b: readonly string[]): IndexedOp[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const middle = myers(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  const ops: IndexedOp[] = [];
  let i = 0;
  let j = 0;
  const push = (kind: Op['kind'], line: string): void => {
    ops.push({ kind, line, aIndex: i, bIndex: j });
    if (kind !== '+') i++;
    if (kind !== '-') j++;
  };
  for (let k = 0; k < head; k++) push(' ', a[k]!);
  for (const op of middle) push(op.kind, op.line);
  for (let k = a.length - tail; k < a.length; k++) push(' ', a[k]!);
  return ops;
}

/** Myers' shortest edit script; one replacement of everything past the edit-distance bound. */
function myers(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEditDistance);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, d, offset);
    }
    v = next;
  }
  return [...a.map((line) => ({ kind: '-' as const, line })), ...b.map((line) => ({ kind: '+' as const, line }))];
}

function backtrack(
  trace: readonly Int32Array[],
  a: readonly string[],
  b: readonly string[],
  depth: number,
  offset: number,
): Op[] {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = depth; d > 0; d--) {
    // trace[d] is the furthest reach of each diagonal before edit d.
    const v = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ kind: ' ', line: a[--x]! });
      y--;
    }
    if (down) ops.push({ kind: '+', line: b[--y]! });
    else ops.push({ kind: '-', line: a[--x]! });
  }
  while (x > 0 && y > 0) {
    ops.push({ kind: ' ', line: a[--x]! });
    y--;
  }
  return ops.reverse();
}

interface Hunk {
  aStart: number;
  aCount: number;
  bStart: number;
  bCount: number;
  ops: IndexedOp[];
}

/** Changes with `context` unchanged lines around them; changes closer than twice that share a hunk. */
function hunks(ops: readonly IndexedOp[]): Hunk[] {
  const out: Hunk[] = [];
  let i = 0;
  while (i < ops.length) {
    while (i < ops.length && ops[i]!.kind === ' ') i++;
    if (i >= ops.length) break;
    const start = Math.max(0, i - context);
    let end = i;
    // Extend over changes and short runs of unchanged lines between them.
    for (;;) {
      while (end < ops.length && ops[end]!.kind !== ' ') end++;
      let same = end;
      while (same < ops.length && ops[same]!.kind === ' ') same++;
      if (same < ops.length && same - end <= 2 * context) end = same;
      else {
        end = Math.min(ops.length, end + context);
        break;
      }
    }
    const slice = ops.slice(start, end);
    const first = slice[0]!;
    const aCount = slice.filter((op) => op.kind !== '+').length;
    const bCount = slice.filter((op) => op.kind !== '-').length;
    out.push({ aStart: first.aIndex + 1, aCount, bStart: first.bIndex + 1, bCount, ops: slice });
    i = end;
  }
  return out;
}
