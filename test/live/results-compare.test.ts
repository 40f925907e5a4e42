/**
 * The comparison behind `verify --results` (result-compare.ts) and its findings (results.ts):
 * what counts as structure, what as a value, how ignore patterns match, and what a finding says.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults, parsePathPattern, type PathPattern } from 'mcpdesc-toolkit/internal/live/result-compare.js';
import { Redactor } from 'mcpdesc-toolkit/internal/live/redaction.js';
import { parseIgnorePaths, resultFindings, volatileExtension } from 'mcpdesc-toolkit/internal/live/results.js';

const patterns = (...texts: string[]): PathPattern[] => texts.map((t) => parsePathPattern(t)!);
const text = (t: string) => ({ type: 'text', text: t });

test('equal results: no difference, whatever the member order', () => {
  const a = { content: [text('x')], structuredContent: { a: 1, b: [true, null] } };
  const b = { structuredContent: { b: [true, null], a: 1 }, content: [text('x')] };
  assert.deepEqual(compareResults(a, b), { differences: [], more: 0 });
});

test("structure: type, missing and added members, array length, block type; in document order (the recording's members, then the added ones)", () => {
  const recorded = { content: [text('a'), text('b')], structuredContent: { n: 1, gone: 'x' } };
  const live = {
    content: [{ type: 'image', data: 'AA==', mimeType: 'image/png' }],
    structuredContent: { n: '1', new: 2 },
  };
  assert.deepEqual(compareResults(recorded, live).differences, [
    { kind: 'length-differs', path: '/content', recorded: 2, live: 1 },
    { kind: 'block-type-differs', path: '/content/0/type', recorded: 'text', live: 'image' },
    { kind: 'member-missing', path: '/content/0/text', recorded: 'a' },
    { kind: 'member-added', path: '/content/0/data', live: 'AA==' },
    { kind: 'member-added', path: '/content/0/mimeType', live: 'image/png' },
    { kind: 'member-missing', path: '/structuredContent/gone', recorded: 'x' },
    { kind: 'member-added', path: '/structuredContent/new', live: 2 },
    { kind: 'type-differs', path: '/structuredContent/n', recorded: 1, live: '1' },
  ]);
});

test('values: a changed scalar is a value difference at its pointer (escaped tokens)', () => {
  const { differences } = compareResults({ 'a/b': { '~c': [1, 2] } }, { 'a/b': { '~c': [1, 3] } });
  assert.deepEqual(differences, [{ kind: 'value-differs', path: '/a~1b/~0c/1', recorded: 2, live: 3 }]);
});

test('ignore patterns: values at and below the pointer are not compared, "*" matches any array item; structure still is', () => {
  const recorded = { content: [text('a'), text('b')], structuredContent: { at: { t: 1, u: 2 }, keep: 1 } };
  const live = { content: [text('A'), text('B')], structuredContent: { at: { t: 9, u: 8 }, keep: 2 } };
  const ignore = patterns('/content/*/text', '/structuredContent/at');
  assert.deepEqual(compareResults(recorded, live, ignore).differences, [
    { kind: 'value-differs', path: '/structuredContent/keep', recorded: 1, live: 2 },
  ]);
  // An index matches itself only; "*" does not match an object member.
  assert.deepEqual(
    compareResults(recorded, live, patterns('/content/1/text')).differences.map((d) => d.path),
    ['/content/0/text', '/structuredContent/at/t', '/structuredContent/at/u', '/structuredContent/keep'],
  );
  assert.equal(compareResults({ o: { k: 1 } }, { o: { k: 2 } }, patterns('/o/*')).differences.length, 1);
  // Structure under an ignored path is still compared.
  assert.deepEqual(compareResults({ s: { t: 1 } }, { s: { t: 'x' } }, patterns('/s')).differences, [
    { kind: 'type-differs', path: '/s/t', recorded: 1, live: 'x' },
  ]);
  // The empty pointer ignores every value.
  assert.deepEqual(compareResults({ a: 1 }, { a: 2 }, patterns('')).differences, []);
});

test('bounded: differences beyond the limit are counted, not kept; a deep result does not overflow the stack', () => {
  const many = (v: number) => ({ values: Array.from({ length: 50 }, () => v) });
  const { differences, more } = compareResults(many(1), many(2), [], 10);
  assert.equal(differences.length, 10);
  assert.equal(more, 40);
  let deepA: unknown = 1;
  let deepB: unknown = 2;
  for (let i = 0; i < 100_000; i++) {
    deepA = [deepA];
    deepB = [deepB];
  }
  const deep = compareResults(deepA, deepB);
  assert.equal(deep.differences.length, 1);
  assert.equal(deep.differences[0]!.path.length, 2 * 100_000);
});

test('parseIgnorePaths: pointers accepted, anything else named', () => {
  assert.deepEqual(parseIgnorePaths(['/a/*/b', '']), { patterns: [['a', '*', 'b'], []] });
  assert.deepEqual(parseIgnorePaths(['/ok', 'content/0']), { invalid: 'content/0' });
  assert.deepEqual(parseIgnorePaths(['/bad~2']), { invalid: '/bad~2' });
});

test('resultFindings: rule, code, pointer into the description, recorded and live values shortened and redacted; volatile paths applied; a bad volatile entry warned', () => {
  const example = {
    input: {},
    result: { content: [text('token s3cr3t-value and more')], structuredContent: { at: '1', n: 1 } },
    [volatileExtension]: ['/structuredContent/at', 7],
  };
  const live = { content: [text('token s3cr3t-value changed')], structuredContent: { at: '2', n: 2 } };
  const findings = resultFindings(
    'tool "t" example "e"',
    '/tools/0/examples/e',
    example,
    live,
    [],
    Redactor.of({ kind: 'stdio', env: { API_TOKEN: 's3cr3t-value' } }),
  );
  assert.deepEqual(
    findings.map((f) => [
      f.rule.id,
      f.code,
      f.severity ?? f.rule.codes[f.code]?.severity ?? f.rule.severity,
      f.pointer,
    ]),
    [
      ['verify.results.volatile', 'invalid-pointer', 'warning', `/tools/0/examples/e/${volatileExtension}/1`],
      ['verify.results.value', 'value-differs', 'error', '/tools/0/examples/e/result/content/0/text'],
      ['verify.results.value', 'value-differs', 'error', '/tools/0/examples/e/result/structuredContent/n'],
    ],
  );
  const [, textDrift, numberDrift] = findings;
  assert.equal(
    textDrift!.message,
    'tool "t" example "e": the live result has a different value at "/content/0/text": recorded "token *** and more", live "token *** changed" (--ignore-path /content/0/text or x-mcpdesc-volatile accepts it)',
  );
  assert.equal(textDrift!.expected, 'token *** and more');
  assert.equal(textDrift!.live, 'token *** changed');
  assert.deepEqual([numberDrift!.expected, numberDrift!.live], [1, 2]);
  // A long value is shortened in the message.
  const long = resultFindings(
    'x',
    '/p',
    { result: { v: 'a'.repeat(500) } },
    { v: 'b'.repeat(500) },
    [],
    new Redactor([]),
  );
  assert.ok(long[0]!.message.length < 300, long[0]!.message);
  assert.match(long[0]!.message, /recorded "a+…, live "b+…/);
});
