import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultLimits, parseDescription } from 'mcpdesc-core/internal/source/index.js';
import type { SourceFormat } from 'mcpdesc-core/internal/source/index.js';

const limitCodes = (text: string | Uint8Array, format: SourceFormat, limits = {}) =>
  parseDescription(text, { format, limits }).diagnostics.map((d) => `${d.rule}/${d.code}`);

test('documented defaults', () => {
  assert.deepEqual(
    { ...defaultLimits },
    { maxBytes: 67108864, maxDepth: 256, maxStringLength: 16777216, maxCollectionSize: 1000000 },
  );
});

test('200,000-deep input returns a max-depth diagnostic quickly, never a stack overflow', () => {
  const n = 200_000;
  const cases: [string, SourceFormat][] = [
    ['['.repeat(n) + ']'.repeat(n), 'json'],
    ['{"a":'.repeat(n) + '1' + '}'.repeat(n), 'json'],
    ['['.repeat(n) + ']'.repeat(n), 'yaml'],
    ['{a: '.repeat(n) + '1' + '}'.repeat(n), 'yaml'],
    ['- '.repeat(n) + '1\n', 'yaml'],
    [Array.from({ length: 2000 }, (_, i) => ' '.repeat(i) + 'a:').join('\n') + ' 1\n', 'yaml'],
  ];
  for (const [text, format] of cases) {
    const started = performance.now();
    const result = parseDescription(text, { format });
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.rule}/${d.code}`),
      ['source.limit/max-depth'],
      text.slice(0, 12),
    );
    assert.equal(result.document, undefined);
    assert.ok(performance.now() - started < 5000);
  }
});

test('depth at the limit passes, one more fails (JSON and YAML agree)', () => {
  for (const format of ['json', 'yaml'] as const) {
    assert.deepEqual(limitCodes('[[1]]', format, { maxDepth: 2 }), [], format);
    assert.deepEqual(limitCodes('[[[1]]]', format, { maxDepth: 2 }), ['source.limit/max-depth'], format);
  }
});

test('string length, collection size and byte limits', () => {
  for (const format of ['json', 'yaml'] as const) {
    assert.deepEqual(
      limitCodes('["abcdef"]', format, { maxStringLength: 5 }),
      ['source.limit/max-string-length'],
      format,
    );
    assert.deepEqual(
      limitCodes('{"abcdef": 1}', format, { maxStringLength: 5 }),
      ['source.limit/max-string-length'],
      format,
    );
    assert.deepEqual(limitCodes('["abcde"]', format, { maxStringLength: 5 }), [], format);
    assert.deepEqual(
      limitCodes('[1, 2, 3]', format, { maxCollectionSize: 2 }),
      ['source.limit/max-collection-size'],
      format,
    );
    assert.deepEqual(
      limitCodes('{"a": 1, "b": 2, "c": 3}', format, { maxCollectionSize: 2 }),
      ['source.limit/max-collection-size'],
      format,
    );
    assert.deepEqual(limitCodes('[1, 2]', format, { maxCollectionSize: 2 }), [], format);
    assert.deepEqual(limitCodes('[1, 2, 3]', format, { maxBytes: 5 }), ['source.limit/max-bytes'], format);
  }
  const message = parseDescription('["abcdef"]', { limits: { maxStringLength: 5 } }).diagnostics[0]!.message;
  assert.match(message, /string of 6 characters exceeds the limit maxStringLength = 5/);
  assert.throws(() => parseDescription('{}', { limits: { maxDepth: 0 } }), RangeError);
});

test('a string is measured as the UTF-8 it stands for: a limit of one byte less than that fails', () => {
  const strings = ['["abc"]', '["é€😀"]', '["\ud800é"]', '["é\udc00x"]', '["\ud800\ud800\udc00"]', '["😀\ud800"]'];
  // Lone surrogates have a diagnostic of their own; only the byte limit is looked at here.
  const overLimit = (text: string, maxBytes: number) =>
    limitCodes(text, 'json', { maxBytes }).includes('source.limit/max-bytes');
  for (const text of strings) {
    const bytes = new TextEncoder().encode(text).length; // a lone surrogate as U+FFFD, 3 bytes
    assert.equal(overLimit(text, bytes), false, JSON.stringify(text));
    assert.equal(overLimit(text, bytes - 1), true, JSON.stringify(text));
  }
});

test('bytes must be UTF-8; a byte-order mark is rejected in JSON and skipped in YAML', () => {
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{}')]);
  // RFC 8259 8.1: producers must not add one, parsers may ignore it; we reject it in JSON.
  assert.deepEqual(limitCodes(bom, 'json'), ['source.encoding/byte-order-mark']);
  assert.deepEqual(limitCodes('\ufeff{}', 'json'), ['source.encoding/byte-order-mark']);
  assert.deepEqual(
    parseDescription('\ufeff{}').diagnostics.map((d) => `${d.rule}/${d.code}`),
    ['source.encoding/byte-order-mark'],
    'sniffed as JSON past the mark',
  );
  // YAML 1.2.2 5.2 allows one at the start of the stream, and the profile does not forbid it.
  for (const input of [bom, '\ufeff{}']) {
    const result = parseDescription(input, { format: 'yaml' });
    assert.deepEqual(result.diagnostics, []);
    assert.deepEqual(result.document, {});
  }
  const marked = parseDescription('\ufeffa: 1\nb: [x]\n', { format: 'yaml' });
  assert.deepEqual(marked.document, { a: 1, b: ['x'] });
  // The mark is not a character of line 1: columns count from the first character after it.
  assert.deepEqual(marked.sourceMap.rangeOf('/a', 'key')?.start, { line: 1, column: 1 });
  assert.deepEqual(marked.sourceMap.rangeOf('/b/0')?.start, { line: 2, column: 5 });
  // Before a later document it starts that document, and two documents are rejected; inside a
  // plain or block scalar it is not a YAML character (nb-char); a quoted scalar may hold it.
  assert.deepEqual(limitCodes('a: b\ufeffc\n', 'yaml'), ['yaml.syntax/syntax']);
  assert.deepEqual(limitCodes('a: |\n  b\ufeff\n', 'yaml'), ['yaml.syntax/syntax']);
  assert.deepEqual(parseDescription('a: "b\ufeff"\n', { format: 'yaml' }).document, { a: 'b\ufeff' });
  assert.notDeepEqual(limitCodes('a: 1\n\ufeff---\nb: 2\n', 'yaml'), []);
  const invalid = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]);
  const result = parseDescription(invalid, { format: 'json' });
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.rule}/${d.code}`),
    ['source.encoding/invalid-utf8'],
  );
  assert.match(result.diagnostics[0]!.message, /byte offset 6/);
  assert.deepEqual(parseDescription(new TextEncoder().encode('{"é": "😀"}')).document, { é: '😀' });
});

test('format from options, file name, then content', () => {
  assert.equal(parseDescription('a: 1', { filename: 'x.mcpdesc.yaml' }).format, 'yaml');
  assert.equal(parseDescription('a: 1', { filename: 'x.yml' }).format, 'yaml');
  assert.equal(parseDescription('{}', { filename: 'x.mcpdesc.json' }).format, 'json');
  assert.equal(parseDescription('{"a": 1}', { filename: 'x.yaml', format: 'json' }).format, 'json');
  assert.equal(parseDescription('  \n[1]').format, 'json');
  assert.equal(parseDescription('a: 1').format, 'yaml');
});
