/** Word-level views of names and prose, for the heuristic design rules. */

/** Lower-case tokens of an identifier: `searchIssues`, `search_issues`, `search-issues`, `search.issues` -> search, issues. */
export function nameTokens(name: string): string[] {
  return (
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      // HTMLParser -> HTML Parser; a lookahead, as `([A-Z]+)([A-Z][a-z])` rescans every capital run.
      .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
      .split(/[^A-Za-z0-9]+/)
      .filter((t) => t.length > 0)
      .map((t) => t.toLowerCase())
  );
}

/** Lower-case words of a text (letters and digits). */
export function proseWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** Whether any token is in the set. */
export function anyIn(tokens: readonly string[], set: ReadonlySet<string>): string | undefined {
  for (const t of tokens) if (set.has(t)) return t;
  return undefined;
}
