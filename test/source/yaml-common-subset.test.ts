import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { countValues, defaultLimits } from 'mcpdesc-core/internal/source/limits.js';
import type { SourceLimits } from 'mcpdesc-core/internal/source/types.js';
import { decodeCommonYaml } from 'mcpdesc-core/internal/source/yaml-common-subset.js';
import { parseYaml, parseYamlPrecisely } from 'mcpdesc-core/internal/source/yaml-parser.js';
import { serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { escapePointerToken } from 'mcpdesc-core/internal/model/json-pointer.js';
import { generateDescription } from '../../bench/generate.js';
import { sharedRoot } from '../helpers/paths.js';

/**
 * The YAML fast path (yaml-common-subset.ts) against the precise decoder: for every text, the
 * decoder with the fast path gives what the precise decoder alone gives (document, key order,
 * diagnostics, value count, and the range of every pointer), and the fast path takes the texts
 * it was written for.
 */

function pointers(value: unknown, pointer = '', out: string[] = []): string[] {
  out.push(pointer);
  if (Array.isArray(value)) value.forEach((item, i) => pointers(item, `${pointer}/${i}`, out));
  else if (value !== null && typeof value === 'object')
    for (const key of Object.keys(value))
      pointers((value as Record<string, unknown>)[key], `${pointer}/${escapePointerToken(key)}`, out);
  return out;
}

/** Asserts that both decoders agree on `text`; returns whether the fast path read it. */
function agree(text: string, limits: SourceLimits = defaultLimits): boolean {
  const decoded = parseYaml(text, limits);
  const precise = parseYamlPrecisely(text, limits);
  const what = JSON.stringify(text.slice(0, 200));
  assert.deepEqual(decoded.diagnostics, precise.diagnostics, what);
  assert.equal(JSON.stringify(decoded.document), JSON.stringify(precise.document), what);
  assert.deepStrictEqual(decoded.document, precise.document, what);
  assert.equal(countValues(decoded.document, Infinity), countValues(precise.document, Infinity), what);
  if (precise.document !== undefined)
    for (const pointer of pointers(precise.document))
      for (const part of ['value', 'key', 'member'] as const)
        assert.deepEqual(
          decoded.sourceMap.rangeOf(pointer, part),
          precise.sourceMap.rangeOf(pointer, part),
          `${what} ${pointer} ${part}`,
        );
  return decodeCommonYaml(text, limits) !== undefined;
}

test('generated descriptions take the fast path and decode as the precise decoder decodes them', () => {
  for (const lintClean of [false, true]) {
    const text = serializeDescription(generateDescription(40, { lintClean }), { format: 'yaml' });
    assert.equal(agree(text), true);
  }
});

test('serialized multi-line strings (literal blocks) take the fast path', () => {
  const document = { a: 'line 1\nline 2', b: 'x\n\ny\n', c: ['kept\n\n\n', { d: 'é\n  indented\n' }] };
  const text = serializeDescription(document, { format: 'yaml' });
  assert.match(text, /\|-\n/);
  assert.equal(agree(text), true);
  assert.deepEqual(parseYaml(text, defaultLimits).document, document);
});

test('the subset: comments, quoting, compact collections, empty collections, own __proto__', () => {
  const common = [
    'a: 1\n',
    'a: 1',
    '# head\n\na: b # trailing\n  # indented comment\nc:   d   \n\n# tail',
    '"$schema": x\n\'it\'\'s\': "say \\"hi\\" \\u00e9 \\/ \\n"\n',
    'list:\n  - a\n  - - b\n    - c\n  -   d: 1\n      e: -2.5e3\n  -\n    f: g\n',
    'same:\n- x\n- y\nnext: z\n',
    'empty: []\nnone: {}\nitems:\n  - []\n  - {}\n',
    '__proto__: 1\nconstructor: 2\ntoString: {}\n',
    'k: a#b, c] {d} e:f\nurl: https://x.example/a?b=c#d\n"k 2": \'v: w # x\'\n',
    'neg: -1\nword: -x\ntrue-ish: "true"\nn: null\nt: true\nf: false\nz: 0\nq: "0"\n',
    'é: ünïcödé — text\n',
    'deep:\n  a:\n    b:\n      c:\n        - 1\n',
    'a: |\n  line 1\n\n  line 2\n\nb: >-\n  x\n  y\n\n  z\nc:\n  - |+\n    k\n\n  # c\n  - > # n\n   m\n   more\nd: |-\n    y\n      z\n',
    'a: [x, \'y\', "z", 1, -2.5]\nb: [ q r ,s]\nc:\n  - [t]\n  - k: [u]\nd: [issues:read, -x]\n',
    'e: "😀 x" # ☃ 😀\ng: 🎉 plain\n  and 😀\nh: |\n  🎉 block\n',
    'a: plain text\n  continued here\n\n  and more\nb:\n  - item one\n    two\n  - k: v\n     w\n',
  ];
  for (const text of common) assert.equal(agree(text), true, text);
});

test('everything outside the subset, or with a diagnostic, is left to the precise decoder', () => {
  const uncommon = [
    'a:\tb\n',
    'a: b\r\nc: d\r\n',
    '\ufeffa: b\n',
    'a: |2\n   text\n',
    'a: |\n\n  text\n',
    'a: |\n  text\n    \n',
    'a: >\n  text\n    more\n',
    'a: |\n  text',
    'a: |\nb: 1\n',
    'a: |x\n  text\n',
    'a: [1, [2]]\n',
    'a: [1, ]\n',
    'a: [-]\n',
    'a: [x, -]\n',
    'a: [b: 1]\n',
    'a: [x\n  ]\n',
    'a: [1, 2] x\n',
    'a: b\n  # c\n  d\n',
    'a: b\n  - c\n',
    'a: b\n  c: d\n',
    'a: {b: 1}\n',
    'a: &x 1\nb: *x\n',
    'a: !!str 1\n',
    '%YAML 1.2\n---\na: 1\n',
    '---\na: 1\n',
    'a: 1\n---\nb: 2\n',
    'a: 1\n...\n',
    'a: "two\n  lines"\n',
    'a:\n',
    'a:\nb: 1\n',
    '- \n- a\n',
    'a: 1\na: 2\n',
    'a:\n  b: 1\n  c:\n    b: 2\n  b: 3\n',
    Array.from({ length: 10 }, (_, i) => `k${i}: ${i}\n`).join('') + 'k0: again\n',
    '1: a\n',
    'true: a\n',
    'a: ~\n',
    'a: True\n',
    'a: 0x1F\n',
    'a: .inf\n',
    'a: "\\ud800"\n',
    'a: "\\x41"\n',
    'a: b: c\n',
    'a: b:\n',
    'a : b\n',
    '? a\n: b\n',
    '  a: 1\n',
    'a:\n    b: 1\n  c: 2\n',
    'a: 1\n- b\n',
    'just a scalar\n',
    '',
    '# only a comment\n',
    `${'k'.repeat(1100)}: v\n`,
    'a: "\ud83d"\n',
    'a: b\ude00\n',
    'a: [b:, c]\n',
    'a: \u0085\n',
    'a: "x" y\n',
    'a: []x\n',
  ];
  for (const text of uncommon) assert.equal(agree(text), false, text);
});

test('limits are left to the precise decoder, which reports them', () => {
  const text = serializeDescription(generateDescription(3), { format: 'yaml' });
  for (const limits of [{ maxDepth: 3 }, { maxStringLength: 5 }, { maxCollectionSize: 2 }]) {
    assert.equal(agree(text, { ...defaultLimits, ...limits }), false, JSON.stringify(limits));
  }
  assert.equal(
    agree('a: 123456\n', { ...defaultLimits, maxStringLength: 5 }),
    false,
    'a plain number counts as written',
  );
  assert.equal(agree('a: "12345"\n', { ...defaultLimits, maxStringLength: 5 }), true, 'at the limit');
});

test('every yaml-test-suite case decodes the same with and without the fast path', () => {
  const suite = join(sharedRoot, 'standard-suites', 'yaml-test-suite');
  let cases = 0;
  let common = 0;
  const visit = (folder: string): void => {
    if (existsSync(join(folder, 'in.yaml'))) {
      cases++;
      if (agree(readFileSync(join(folder, 'in.yaml'), 'utf8'))) common++;
    } else for (const sub of readdirSync(folder).sort()) visit(join(folder, sub));
  };
  for (const id of readdirSync(suite).sort()) if (statSync(join(suite, id)).isDirectory()) visit(join(suite, id));
  assert.ok(cases > 300, `${cases} cases`);
  assert.ok(common > 10, `${common} cases in the subset`);
});

test('one-character mutations of descriptions decode the same with and without the fast path', () => {
  const flowAndFolded =
    'e: "😀 x" # ☃ 😀\nf: [issues:read, a:b]\ng: 🎉 plain\n  and 😀\n' +
    'a: [x, \'y\', "z", 1, -2.5]\nb: plain text\n  continued here\n\n  and more\nc:\n  - item one\n    two\n' +
    '  - [ q r ,s]\n  - k: [t]\n    l: m\n';
  const blocks =
    '"$schema": https://x.example/s.json # c\nmcpdesc: "0.8.0"\ninfo:\n  name: n\n  v: \'1.0\'\n' +
    'tools:\n  - name: t\n    inputSchema:\n      type: object\n      required:\n      - a\n      - - b\n' +
    '    e: []\n    n: -1.5\n  -\n    k: v, w\n    d: |\n      x\n\n      y\n    f: >-\n      z\n      w\n';
  const alphabet = [
    '\ud83d',
    '\ude00',
    ' ',
    ' ',
    '\n',
    ':',
    '-',
    '#',
    '"',
    "'",
    '\\',
    'a',
    '1',
    '.',
    '[',
    ']',
    '{',
    '}',
    ',',
    '&',
    '|',
  ];
  let seed = 19;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  let common = 0;
  for (let i = 0; i < 4000; i++) {
    const base = i % 2 === 0 ? blocks : flowAndFolded;
    const at = random(base.length + 1);
    const c = alphabet[random(alphabet.length)]!;
    const kind = random(3);
    const text =
      kind === 0
        ? base.slice(0, at) + c + base.slice(at)
        : kind === 1
          ? base.slice(0, at) + base.slice(at + 1)
          : base.slice(0, at) + c + base.slice(at + 1);
    if (agree(text)) common++;
  }
  assert.ok(common > 1000, `${common} of 4000 mutants in the subset`);
});
