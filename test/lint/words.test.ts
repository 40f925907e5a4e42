import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  firstNameToken,
  lastNameToken,
  nameTokenIn,
  nameTokens,
  proseWordCount,
  proseWordIn,
  proseWords,
} from 'mcpdesc-core/internal/lint/words.js';

// The scanners replaced regex pipelines; these are the pipelines, kept as the reference.
const referenceNameTokens = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .split(/[^A-Za-z0-9]+/)
    .filter((t) => t.length > 0)
    .map((t) => t.toLowerCase());

const names = [
  '',
  '_',
  'a',
  'A',
  'searchIssues',
  'search_issues',
  'search-issues',
  'search.issues',
  'HTMLParser',
  'HTMLParserXMLHttpRequest',
  'getURLs',
  'ABC',
  'ABc',
  'aBC',
  'x1Y2z3',
  'v2API',
  'session_id',
  'SessionID',
  '__proto__',
  'naïveName',
  'ÄpfelBirnen',
  'İstanbulCity',
  'a  b',
  '$ref',
  'x-mcp-header',
  'Mcp-Param-Api-Token',
  'AAAA1',
  '9Lives',
];

/** Random identifiers over an alphabet with every character class the scanner distinguishes. */
function* randomNames(count: number): Generator<string> {
  const alphabet = 'aZbY09_-. éÉ';
  let seed = 7;
  for (let i = 0; i < count; i++) {
    let name = '';
    const length = i % 12;
    for (let k = 0; k < length; k++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      name += alphabet[seed % alphabet.length];
    }
    yield name;
  }
}

test('nameTokens and its single-token views agree with the regex pipeline', () => {
  const set = new Set(['issues', 'url', 'id', 'parser', 'a', 'z']);
  for (const name of [...names, ...randomNames(5000)]) {
    const expected = referenceNameTokens(name);
    assert.deepEqual(nameTokens(name), expected, name);
    assert.equal(firstNameToken(name), expected[0], name);
    assert.equal(lastNameToken(name), expected[expected.length - 1], name);
    assert.equal(
      nameTokenIn(name, set),
      expected.find((t) => set.has(t)),
      name,
    );
  }
});

/** Random prose over the set's words, separators, non-ASCII letters and digits, astral letters and lone surrogates. */
function* randomTexts(count: number): Generator<string> {
  const pieces = [
    'send',
    'Deletes',
    'i',
    'stanbul',
    'İ',
    ' ',
    '.',
    's',
    '1',
    'é',
    '—',
    '𝐀',
    '𝟎',
    '\ud835',
    '\udc00',
    '\u0307',
  ];
  let seed = 11;
  for (let i = 0; i < count; i++) {
    let text = '';
    for (let k = 0; k < i % 9; k++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      text += pieces[(seed >>> 16) % pieces.length];
    }
    yield text;
  }
}

test('proseWordCount and proseWordIn agree with proseWords', () => {
  const set = new Set(['deletes', 'send', 'i', 'stanbul']);
  const texts = [
    '',
    '   ',
    'Deletes the file.',
    'Gets issues',
    'one two three four five six',
    'İstanbul sends',
    'a—b–c',
    'Naïve café, 42 times',
    'x'.repeat(100),
    'deletes𝐀 send 𝐀send \ud835send \udc00send send\ud835 𝟎send',
  ];
  for (const text of [...texts, ...randomTexts(5000)]) {
    const words = proseWords(text);
    for (const atMost of [0, 1, 5, 100])
      assert.equal(proseWordCount(text, atMost), Math.min(words.length, atMost), text);
    assert.equal(
      proseWordIn(text, set),
      words.find((w) => set.has(w)),
      text,
    );
  }
  // The lower-casing comes first: İ becomes i and a combining dot, which separates words.
  assert.deepEqual(proseWords('İstanbul'), ['i', 'stanbul']);
  assert.equal(proseWordIn('İstanbul', set), 'i');
});
