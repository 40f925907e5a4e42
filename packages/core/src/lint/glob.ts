/**
 * A small glob matcher for configuration overrides: `*` (any characters but `/`), `?` (one
 * character but `/`), `**` (any number of whole path segments). A pattern without `/` matches
 * the file's base name. Matching is by memoized dynamic programming: linear in the product of
 * pattern and path lengths, never exponential (no regular expressions are built).
 */
export function matchGlob(pattern: string, path: string): boolean {
  const p = stripDot(pattern);
  const file = stripDot(path.replace(/\\/g, '/'));
  if (!p.includes('/')) return matchSegment(p, file.slice(file.lastIndexOf('/') + 1));
  return matchSegments(p.split('/'), file.split('/'));
}

function stripDot(s: string): string {
  let out = s;
  while (out.startsWith('./')) out = out.slice(2);
  return out;
}

function matchSegments(pattern: string[], path: string[]): boolean {
  const memo = new Map<number, boolean>();
  const at = (i: number, j: number): boolean => {
    const key = i * (path.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (i === pattern.length) result = j === path.length;
    else if (pattern[i] === '**') result = at(i + 1, j) || (j < path.length && at(i, j + 1));
    else result = j < path.length && matchSegment(pattern[i]!, path[j]!) && at(i + 1, j + 1);
    memo.set(key, result);
    return result;
  };
  return at(0, 0);
}

/** `*` and `?` within one segment (a `**` inside a segment acts as `*`). */
export function matchSegment(pattern: string, text: string): boolean {
  const p = [...pattern];
  const t = [...text];
  // previous[j]: pattern[0..i) matches text[0..j)
  let previous: boolean[] = new Array<boolean>(t.length + 1).fill(false);
  previous[0] = true;
  for (let i = 0; i < p.length; i++) {
    const current = new Array<boolean>(t.length + 1).fill(false);
    const c = p[i];
    if (c === '*') {
      current[0] = previous[0]!;
      for (let j = 1; j <= t.length; j++) current[j] = previous[j]! || current[j - 1]!;
    } else {
      for (let j = 1; j <= t.length; j++) current[j] = previous[j - 1]! && (c === '?' || c === t[j - 1]);
    }
    previous = current;
  }
  return previous[t.length]!;
}
