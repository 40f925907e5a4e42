/**
 * A small glob matcher for configuration overrides: `*` (any characters but `/`), `?` (one
 * character but `/`), `**` (any number of whole path segments). A pattern without `/` matches
 * the file's base name. Matching is by dynamic programming: linear in the product of pattern and path
 * lengths, never exponential (no regular expressions are built), and without recursion.
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

/**
 * Bottom-up over the pattern, one row of path positions at a time: no recursion (an override
 * glob of 10,000 `**` segments is input, and must not choose the stack's depth), and a run of
 * `**` matches what one does, so runs are collapsed first.
 */
function matchSegments(given: string[], path: string[]): boolean {
  const pattern = given.filter((segment, i) => segment !== '**' || given[i - 1] !== '**');
  // next[j]: pattern[i + 1..] matches path[j..]; the last row is the empty pattern.
  let next = new Array<boolean>(path.length + 1).fill(false);
  next[path.length] = true;
  for (let i = pattern.length - 1; i >= 0; i--) {
    const current = new Array<boolean>(path.length + 1).fill(false);
    const segment = pattern[i]!;
    for (let j = path.length; j >= 0; j--) {
      if (segment === '**') current[j] = next[j]! || (j < path.length && current[j + 1]!);
      else current[j] = j < path.length && next[j + 1]! && matchSegment(segment, path[j]!);
    }
    next = current;
  }
  return next[0]!;
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
