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

/** Characters that end a sentence (`.` `!` `?` and a line break) or only a clause (`;` `:`). */
function boundaryOf(code: number): 'sentence' | 'clause' | undefined {
  if (code === 46 || code === 33 || code === 63 || code === 10) return 'sentence';
  if (code === 59 || code === 58) return 'clause';
  return undefined;
}

/** An apostrophe inside a word ("doesn't", "user's"): ' or ’ between two letters. */
function isInnerApostrophe(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  return (code === 39 || code === 0x2019) && isWordCharacterAt(text, i - 1) && isWordCharacterAt(text, i + 1);
}

/**
 * Calls `fn` with each word of a text, lower-cased, and the numbers (from 0) of its sentence
 * and clause, until it returns true; one pass, no word kept: the word and sentence cues of the
 * heuristic rules (negation scope, a verb and its object) read these, never a regex over the
 * text. A possessive "'s" is dropped ("session's" is session); a contraction keeps its
 * apostrophe, written ' ("doesn’t" is doesn't). A `.` between two letters or digits ("1.5",
 * "e.g.", "example.com") ends no sentence.
 */
export function scanProse(
  text: string,
  fn: (word: string, sentence: number, clause: number) => boolean | undefined,
): boolean {
  // Lower-cased once, each word one slice; a few letters outside ASCII change length when
  // lower-cased, and then each word is lower-cased on its own.
  const lowered = text.toLowerCase();
  const sameLength = lowered.length === text.length;
  const lower = sameLength ? lowered : text;
  let sentence = 0;
  let clause = 0;
  let start = -1;
  let apostrophe = false;
  let wordInSentence = false;
  let wordInClause = false;
  const close = (end: number): boolean => {
    let word = lower.slice(start, end);
    if (!sameLength) word = word.toLowerCase();
    if (apostrophe) {
      word = word.replaceAll('\u2019', "'");
      if (word.endsWith("'s")) word = word.slice(0, -2);
    }
    start = -1;
    apostrophe = false;
    wordInSentence = wordInClause = true;
    return fn(word, sentence, clause) === true;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const letterOrDigit =
      code < 128
        ? (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57)
        : isWordCharacterAt(text, i);
    if (letterOrDigit) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && isInnerApostrophe(text, i)) {
      apostrophe = true;
      continue;
    }
    if (start >= 0 && close(i)) return true;
    const boundary = boundaryOf(code);
    if (boundary === undefined) continue;
    if (code === 46 && isWordCharacterAt(text, i - 1) && isWordCharacterAt(text, i + 1)) continue;
    if (boundary === 'sentence' && wordInSentence) {
      sentence++;
      wordInSentence = false;
    }
    if (wordInClause) {
      clause++;
      wordInClause = false;
    }
  }
  return start >= 0 && close(text.length);
}

/** Words that negate what follows them in their clause ("does not send", "never deletes", "without creating"). */
const negators = new Set(['not', 'never', 'no', 'without', 'nor', 'neither', 'cannot', 'nothing', 'none']);
/**
 * Words after which a clause turns ("does not delete, but overwrites"): the negation before
 * them does not reach the words after them.
 */
const turns = new Set(['but', 'however', 'instead', 'although', 'though', 'yet', 'whereas', 'while', 'except', 'only']);

function negates(word: string): boolean {
  return negators.has(word) || word.endsWith("n't");
}

/**
 * The first word of the set in the text that no negation governs: a negator ("not", "never",
 * "without", any "n't") reaches the rest of its clause, up to a word that turns it ("but",
 * "instead"...). "Does NOT send data" says nothing is sent; "Does not log, but sends" does.
 */
export function assertedProseWordIn(text: string, set: ReadonlySet<string>): string | undefined {
  // Most descriptions hold none of the words: one native search per word before any tokenising.
  if (proseWordIn(text, set) === undefined) return undefined;
  let negatedClause = -1;
  let hit: string | undefined;
  scanProse(text, (word, _sentence, clause) => {
    if (negates(word)) negatedClause = clause;
    else if (turns.has(word)) negatedClause = -1;
    else if (set.has(word) && clause !== negatedClause) hit = word;
    return hit !== undefined;
  });
  return hit;
}
