import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { keysFollowedByColon, writtenKeyCount } from 'mcpdesc-core/internal/source/json-parser.js';
import { seededRandom } from 'mcpdesc-core/internal/model/seeded-random.js';

/**
 * The JSON fast path finds duplicate keys by comparing the keys `JSON.parse` kept with the keys
 * written in the text. The written count visits colons only (falling back to a string-by-string
 * count when a colon is ambiguous) and the decoded count uses `for...in`: both must agree with
 * the precise counts on any valid text, whatever its keys, strings and whitespace hold.
 */

const random = seededRandom;

/** Characters that matter to the counters: structure, quotes, escapes, whitespace. */
const alphabet = ['a', 'b', ':', '"', '\\', ' ', '{', '}', '[', ']', ',', '\t', '\n', '/', 'é', '😀'];

interface Generated {
  text: string;
  /** Keys written in the text. */
  keys: number;
  /** Whether some object repeats a key. */
  duplicate: boolean;
}

function generate(next: () => number): Generated {
  let keys = 0;
  let duplicate = false;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const space = (): string => pick(['', '', '', ' ', '  ', '\n', '\r\n', '\r', '\t', ' \n ']);
  const word = (): string => {
    let out = '';
    const length = Math.floor(next() * 5);
    for (let i = 0; i < length; i++) out += pick(alphabet);
    return out;
  };
  // Written as JSON.stringify does, or with some characters escaped the other ways JSON allows.
  const string = (value: string): string => {
    const plain = JSON.stringify(value);
    if (next() < 0.7) return plain;
    return plain.replace(/:|\//g, (c) => (c === '/' ? '\\/' : next() < 0.5 ? '\\u003a' : c));
  };
  const value = (depth: number): string => {
    const roll = next();
    if (depth > 4 || roll < 0.3) return pick(['1', '-0.5e3', 'true', 'false', 'null', string(word())]);
    if (roll < 0.55) {
      const items: string[] = [];
      const length = Math.floor(next() * 4);
      for (let i = 0; i < length; i++) items.push(space() + value(depth + 1) + space());
      return '[' + (items.length ? items.join(',') : space()) + ']';
    }
    const members: string[] = [];
    const names = new Set<string>();
    const length = Math.floor(next() * 4);
    for (let i = 0; i < length; i++) {
      const name = next() < 0.1 && names.size > 0 ? pick([...names]) : word();
      if (names.has(name)) duplicate = true;
      names.add(name);
      keys++;
      members.push(space() + string(name) + space() + ':' + space() + value(depth + 1) + space());
    }
    return '{' + (members.length ? members.join(',') : space()) + '}';
  };
  const text = space() + value(0) + space();
  return { text, keys, duplicate };
}

test('the colon count equals the string-by-string count and the keys written, on varied valid texts', () => {
  const next = random(19);
  let ambiguous = 0;
  for (let i = 0; i < 3000; i++) {
    const { text, keys } = generate(next);
    JSON.parse(text);
    assert.equal(keysFollowedByColon(text), keys, text);
    assert.equal(writtenKeyCount(text), keys, text);
    if (/[{[,:\s]":/.test(text)) ambiguous++;
  }
  assert.ok(ambiguous > 100, 'the samples exercise the ambiguous quotes');
});

test('duplicate keys are found however the keys and the strings around them are written', () => {
  const next = random(7);
  for (let i = 0; i < 2000; i++) {
    const { text, duplicate } = generate(next);
    const codes = parseDescription(text, { format: 'json' }).diagnostics.map((d) => d.code);
    assert.equal(codes.includes('duplicate-key'), duplicate, text);
  }
  for (const text of [
    '{":":1,":":2}',
    '{"a:" : 1, "a:": 2}',
    '{"a": ":", "a" :2}',
    '{"x\\"": 1, "x\\"": 2}',
    '{"x\\\\": 1, "x\\\\": 2}',
    '{"": {"": 1, "": 2}}',
    '{"a,": [":", {"[": 1}], "a,": 0}',
    '{"a": "\\u003a", "a": 1}',
  ]) {
    const codes = parseDescription(text, { format: 'json' }).diagnostics.map((d) => d.code);
    assert.deepEqual(codes, ['duplicate-key'], text);
  }
  for (const text of ['{":":1,"; ":2}', '{"a": "b:", "b": " :", "c": "\\":"}', '[":", ": ", "\\":"]', '":"']) {
    assert.deepEqual(parseDescription(text, { format: 'json' }).diagnostics, [], text);
  }
});

test('an enumerable property on Object.prototype changes neither the document nor the duplicates found', () => {
  // In the first text, one inherited key per object would make up for the one duplicate lost.
  const texts = ['{"b":1,"b":2}', '{"a":{"b":1,"b":2}}', '{"a":{"b":1,"c":2}}', '[{"x":[]},{"y":"z"}]'];
  const before = texts.map((text) => parseDescription(text, { format: 'json' }));
  const prototype = Object.prototype as Record<string, unknown>;
  prototype.polluted = 1;
  try {
    const after = texts.map((text) => parseDescription(text, { format: 'json' }));
    for (const [i, text] of texts.entries()) {
      assert.deepEqual(after[i]!.diagnostics, before[i]!.diagnostics, text);
      assert.equal(JSON.stringify(after[i]!.document), JSON.stringify(before[i]!.document), text);
    }
  } finally {
    delete prototype.polluted;
  }
});

test('an object with more keys than maxCollectionSize is found by the counting loop', () => {
  const codes = (text: string): string[] =>
    parseDescription(text, { format: 'json', limits: { maxCollectionSize: 3 } }).diagnostics.map((d) => d.code);
  assert.deepEqual(codes('{"a":1,"b":2,"c":3,"d":4}'), ['max-collection-size']);
  assert.deepEqual(codes('{"a":1,"b":2,"c":{"x":[1,2,3]}}'), []);
});

test('an escaped lone surrogate after other \\u escapes is still found', () => {
  const codes = (text: string): string[] => parseDescription(text, { format: 'json' }).diagnostics.map((d) => d.code);
  for (const text of [
    '{"a":"\\u00e9","b":"\\ud800"}',
    '{"\\u0041":["\\u00e9", "x\\uDFFF"]}',
    '["\\u0000\\uDbff"]',
    '{"a":"\\u00e9","a2":"\\\\u00e9","b":"\\uDA00"}',
  ]) {
    assert.deepEqual(codes(text), ['lone-surrogate'], text);
  }
  // Twice in a row: the search starts afresh for every text.
  assert.deepEqual(codes('{"a":"\\u00e9","b":"\\ud800"}'), ['lone-surrogate']);
  for (const text of ['{"a":"\\u00e9"}', '["\\uD83D\\uDE00", "\\u00e9"]', '{"a":"\\\\ud800"}']) {
    assert.deepEqual(codes(text), [], text);
  }
});
