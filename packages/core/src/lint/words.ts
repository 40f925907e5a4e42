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

/**
 * The last of nameTokens(name) (undefined when there is none), read from the end: the token
 * ends at the last ASCII letter or digit and starts at the nearest boundary before it.
 */
export function lastNameToken(name: string): string | undefined {
  let end = name.length;
  while (end > 0 && charClass(name.charCodeAt(end - 1)) === Char.Other) end--;
  if (end === 0) return undefined;
  let start = end - 1;
  while (start > 0 && !startsNameToken(name, start)) start--;
  return name.slice(start, end).toLowerCase();
}

/** Whether a token of scanNameTokens starts at `i` (> 0), a letter or digit: its boundaries, seen from `i`. */
function startsNameToken(name: string, i: number): boolean {
  const previous = charClass(name.charCodeAt(i - 1));
  if (previous === Char.Other) return true;
  if (charClass(name.charCodeAt(i)) !== Char.Upper) return false;
  return previous !== Char.Upper || charClass(name.charCodeAt(i + 1)) === Char.Lower;
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

/** A letter or digit outside ASCII (one code point). */
const nonAsciiWordCharacter = /^[\p{L}\p{N}]$/u;

/**
 * Whether the code point at `i` is a letter or a digit (a character of a prose word). `i` may
 * point at either half of a surrogate pair; a lone surrogate is no letter.
 */
function isWordCharacterAt(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const code = text.charCodeAt(i);
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
  const previous = text.charCodeAt(i - 1);
  const secondHalf = code >= 0xdc00 && code <= 0xdfff && previous >= 0xd800 && previous <= 0xdbff;
  return nonAsciiWordCharacter.test(String.fromCodePoint(text.codePointAt(secondHalf ? i - 1 : i)!));
}

/** Lower-case words of a text: the runs of letters and digits (on the lower-cased text). */
export function proseWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** proseWords(text).length, counted no further than `atMost` (the count is exact below it). */
export function proseWordCount(text: string, atMost: number): number {
  // Lower-casing changes no ASCII character's class: only other text is lower-cased first.
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 128) return countWords(text.toLowerCase(), atMost);
  return countWords(text, atMost);
}

/** One pass over the code units, no match objects: a word starts where a letter or digit follows a separator. */
function countWords(text: string, atMost: number): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length && count < atMost; i++) {
    const word = isWordCharacterAt(text, i);
    if (word && !inWord) count++;
    inWord = word;
  }
  return count;
}

/**
 * The first of proseWords(text) that is in the set (of lower-case words of letters and digits).
 * Each word of the set is searched for with indexOf and kept where it is a whole word: a handful
 * of native searches instead of a match object and a string for every word of the text.
 */
export function proseWordIn(text: string, set: ReadonlySet<string>): string | undefined {
  const lower = text.toLowerCase();
  let first: string | undefined;
  let firstAt = lower.length;
  for (const word of set) {
    for (let at = lower.indexOf(word); at >= 0 && at < firstAt; at = lower.indexOf(word, at + 1)) {
      if (isWordCharacterAt(lower, at - 1) || isWordCharacterAt(lower, at + word.length)) continue;
      first = word;
      firstAt = at;
    }
  }
  return first;
}
