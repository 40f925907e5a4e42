/** Word-level views of names and prose, for the heuristic design rules. */

const enum Char {
  Digit,
  Lower,
  Upper,
  Other,
}

function charClass(code: number): Char {
  if (code >= 97 && code <= 122) return Char.Lower;
  if (code >= 65 && code <= 90) return Char.Upper;
  if (code >= 48 && code <= 57) return Char.Digit;
  return Char.Other;
}

/**
 * Calls `fn` with the start and end of each token of `name` (see nameTokens) until it returns
 * true; one pass over the characters, no regex and no intermediate strings. A token boundary
 * falls between a lower-case letter or digit and a capital (`searchIssues`), before the last
 * capital of a run that a lower-case letter follows (`HTMLParser`), and at every character
 * that is not an ASCII letter or digit.
 */
function scanNameTokens(name: string, fn: (start: number, end: number) => boolean): boolean {
  let start = -1;
  let previous = Char.Other;
  let current = name.length > 0 ? charClass(name.charCodeAt(0)) : Char.Other;
  for (let i = 0; i < name.length; i++) {
    const next = i + 1 < name.length ? charClass(name.charCodeAt(i + 1)) : Char.Other;
    if (current === Char.Other) {
      if (start >= 0 && fn(start, i)) return true;
      start = -1;
    } else if (start < 0) {
      start = i;
    } else if (
      current === Char.Upper &&
      (previous === Char.Lower || previous === Char.Digit || (previous === Char.Upper && next === Char.Lower))
    ) {
      if (fn(start, i)) return true;
      start = i;
    }
    previous = current;
    current = next;
  }
  return start >= 0 && fn(start, name.length);
}

/** Lower-case tokens of an identifier: `searchIssues`, `search_issues`, `search-issues`, `search.issues` -> search, issues. */
export function nameTokens(name: string): string[] {
  const tokens: string[] = [];
  scanNameTokens(name, (start, end) => {
    tokens.push(name.slice(start, end).toLowerCase());
    return false;
  });
  return tokens;
}

/** The first of nameTokens(name) (undefined when there is none), without tokenising the rest. */
export function firstNameToken(name: string): string | undefined {
  let token: string | undefined;
  scanNameTokens(name, (start, end) => {
    token = name.slice(start, end).toLowerCase();
    return true;
  });
  return token;
}

/** The last of nameTokens(name) (undefined when there is none). */
export function lastNameToken(name: string): string | undefined {
  let from = -1;
  let to = -1;
  scanNameTokens(name, (start, end) => {
    from = start;
    to = end;
    return false;
  });
  return from < 0 ? undefined : name.slice(from, to).toLowerCase();
}

/** The first of nameTokens(name) that is in the set. */
export function nameTokenIn(name: string, set: ReadonlySet<string>): string | undefined {
  let hit: string | undefined;
  scanNameTokens(name, (start, end) => {
    const token = name.slice(start, end).toLowerCase();
    if (!set.has(token)) return false;
    hit = token;
    return true;
  });
  return hit;
}

/** Words are the runs between separators, as proseWords splits them (on the lower-cased text). */
const proseWord = /[\p{L}\p{N}]+/gu;

/** Lower-case words of a text (letters and digits). */
export function proseWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** proseWords(text).length, counted no further than `atMost` (the count is exact below it). */
export function proseWordCount(text: string, atMost: number): number {
  const lower = text.toLowerCase();
  proseWord.lastIndex = 0;
  let count = 0;
  while (count < atMost && proseWord.exec(lower) !== null) count++;
  return count;
}

/** The first of proseWords(text) that is in the set. */
export function proseWordIn(text: string, set: ReadonlySet<string>): string | undefined {
  const lower = text.toLowerCase();
  proseWord.lastIndex = 0;
  for (let match = proseWord.exec(lower); match !== null; match = proseWord.exec(lower))
    if (set.has(match[0])) return match[0];
  return undefined;
}
