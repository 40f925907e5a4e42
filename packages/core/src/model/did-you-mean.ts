/**
 * "Did you mean": the candidates nearest to a misspelt name by edit distance (Levenshtein,
 * case-insensitive). Bounded: names longer than `maxNameLength` are not compared, and each
 * comparison is at most maxNameLength² steps, so the work is linear in the candidate list.
 */
const maxNameLength = 64;

/** The edit distance of a and b, or undefined when it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number | undefined {
  if (Math.abs(a.length - b.length) > limit) return undefined;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      row.push(value);
      if (value < best) best = value;
    }
    // Every later row is at least this row's minimum: past the limit, stop.
    if (best > limit) return undefined;
    previous = row;
  }
  const distance = previous[b.length]!;
  return distance <= limit ? distance : undefined;
}

/**
 * Up to `max` of the nearest candidates (all at the smallest distance found, in the candidates'
 * order) within a third of the name's length (at least 1, at most 3 edits). A match ignoring case
 * is distance 0.
 */
export function didYouMean(name: string, candidates: Iterable<string>, max = 3): string[] {
  if (name.length === 0 || name.length > maxNameLength) return [];
  const lower = name.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  const found: { candidate: string; distance: number }[] = [];
  for (const candidate of candidates) {
    if (candidate === name || candidate.length > maxNameLength) continue;
    const distance = editDistance(lower, candidate.toLowerCase(), limit);
    if (distance !== undefined) found.push({ candidate, distance });
  }
  const nearest = Math.min(...found.map((f) => f.distance));
  return found
    .filter((f) => f.distance === nearest)
    .slice(0, max)
    .map((f) => f.candidate);
}

/** " (did you mean a or b?)", or "" when nothing is near. */
export function didYouMeanText(name: string, candidates: Iterable<string>): string {
  const near = didYouMean(name, candidates);
  if (near.length === 0) return '';
  return ` (did you mean ${near.length === 1 ? near[0] : `${near.slice(0, -1).join(', ')} or ${near[near.length - 1]}`}?)`;
}
