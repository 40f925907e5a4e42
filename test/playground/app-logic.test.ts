/** The page's pure parts, run in Node: positions to offsets, and what each check computes. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineStarts, offsetOf, positionOf, selectionOf } from 'mcpdesc-toolkit/internal/playground/app/positions.js';
import {
  check,
  convert,
  docsPage,
  effectiveView,
  revisionsOf,
} from 'mcpdesc-toolkit/internal/playground/app/checks.js';
import { exampleDescription } from 'mcpdesc-toolkit/internal/playground/example.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { renderHtml } from 'mcpdesc-core/internal/render/html.js';

test('line starts: \\n, \\r\\n and a lone \\r end a line', () => {
  assert.deepEqual(lineStarts(''), [0]);
  assert.deepEqual(lineStarts('a\nbc\r\nd\re\n'), [0, 2, 6, 8, 10]);
});

test('positions to offsets: 1-based, UTF-16 columns, clamped into the line and the text', () => {
  const text = 'ab\n😀cd\nlast';
  const starts = lineStarts(text);
  assert.equal(offsetOf(starts, text, { line: 1, column: 1 }), 0);
  // The emoji is two UTF-16 code units: "c" is column 3 of line 2.
  assert.equal(text[offsetOf(starts, text, { line: 2, column: 3 })], 'c');
  assert.equal(offsetOf(starts, text, { line: 1, column: 99 }), 2, 'past the end of a line: its end');
  assert.equal(offsetOf(lineStarts('a\r\nb'), 'a\r\nb', { line: 1, column: 9 }), 1, 'before a \r\n');
  assert.equal(
    offsetOf(starts, text, { line: 9, column: 2 }),
    text.indexOf('last') + 1,
    'past the last line: the last',
  );
  assert.deepEqual(selectionOf(text, { start: { line: 3, column: 1 }, end: { line: 3, column: 5 } }), [8, 12]);
  assert.deepEqual(selectionOf(text, { start: { line: 3, column: 3 }, end: { line: 1, column: 1 } }), [10, 10]);
  assert.deepEqual(positionOf(starts, 0), { line: 1, column: 1 });
  assert.deepEqual(positionOf(starts, 3), { line: 2, column: 1 });
  assert.deepEqual(positionOf(starts, text.length), { line: 3, column: 5 });
});

test('the example: valid; one lint finding, absent when validating, a warning when recommended, an error when strict', () => {
  const found = (name: Parameters<typeof check>[1]) =>
    check(exampleDescription, name).diagnostics.map((d) => `${d.severity} ${d.rule} ${d.range?.start.line}`);
  assert.deepEqual(found('validate'), []);
  assert.deepEqual(found('recommended'), ['warning lint.tool.description 31']);
  assert.deepEqual(found('directory'), ['warning lint.tool.description 31']);
  assert.deepEqual(found('strict'), ['error lint.tool.description 31']);
  // A lint error leaves the document valid: the preview and the view still follow it.
  assert.ok(check(exampleDescription, 'strict').valid !== undefined);
});

test('a validation error: ranged, and no valid document', () => {
  const broken = exampleDescription.replace('version: 1.0.0', 'version: 1.0.0\n  colour: blue');
  const result = check(broken, 'validate');
  assert.equal(result.valid, undefined);
  const [first] = result.diagnostics;
  assert.equal(first?.code, 'unknown-property');
  const [start, end] = selectionOf(broken, first!.range!);
  assert.equal(broken.slice(start, end), 'colour');
});

test('conversion keeps the data model both ways; text that does not decode is refused', () => {
  const original = parseDescription(exampleDescription, {}).document;
  const json = convert(exampleDescription, 'json');
  assert.ok(json.ok);
  assert.equal(json.text.trimStart()[0], '{');
  assert.deepEqual(JSON.parse(json.text), original);
  const back = convert(json.text, 'yaml');
  assert.ok(back.ok);
  assert.deepEqual(parseDescription(back.text, { format: 'yaml' }).document, original);
  const refused = convert('{"mcpdesc": ', 'yaml');
  assert.equal(refused.ok, false);
  assert.ok(!refused.ok && refused.diagnostics.length > 0);
});

test('the preview is the docs page; the view is the project operation per root revision', () => {
  const document = check(exampleDescription, 'validate').valid;
  assert.equal(docsPage(document), renderHtml(document));
  assert.deepEqual(revisionsOf(document), ['2025-11-25', '2026-07-28']);
  const older = effectiveView(document, '2025-11-25', 'json');
  const newer = effectiveView(document, '2026-07-28', 'json');
  assert.ok(older.ok && newer.ok);
  const names = (text: string) => (JSON.parse(text) as { tools: { name: string }[] }).tools.map((t) => t.name);
  assert.deepEqual(names(older.text), ['get_forecast']);
  assert.deepEqual(names(newer.text), ['get_forecast', 'get_alerts']);
  assert.deepEqual((JSON.parse(older.text) as { protocolVersions: string[] }).protocolVersions, ['2025-11-25']);
  const uncovered = effectiveView(document, '2024-11-05', 'yaml');
  assert.ok(!uncovered.ok && uncovered.diagnostics.some((d) => d.code === 'revision-not-covered'));
});
