import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import { neutralizeOutput } from 'mcpdesc-core/internal/report/control-characters.js';
import { JSON_BATCH } from 'mcpdesc-core/internal/report/json-pieces.js';
import {
  formatNames,
  formatOutputKinds,
  formatReport,
  formatReportPieces,
  type FormatName,
} from 'mcpdesc-core/internal/report/index.js';
import type { FormatOptions, Report } from 'mcpdesc-core/internal/report/types.js';

// Every character the neutraliser cares about, in the text of findings, file names and sources:
// ESC (with and without our colour sequences around it), a CR alone and in CR LF, DEL, C1 CSI, bidi.
const hostile = ['\u001b[31mred\u001b[0m', 'a\rb', 'c\r\nd', '\u007f', '\u009b2J', '\u202eevil\u202c', '\ud800'];
const source = Array.from({ length: 3000 }, (_, i) => `  "k${i}": "${hostile[i % hostile.length]}\t${i}",`).join(
  '\r\n',
);

function diagnostic(i: number): Diagnostic {
  const line = 1 + (i % 3000);
  return {
    rule: `rule.${i % 5}`,
    code: `code-${i % 3}`,
    severity: (['error', 'warning', 'info'] as const)[i % 3],
    message: `finding ${i} ${hostile[i % hostile.length]}`,
    pointer: `/k${i}/${hostile[(i + 1) % hostile.length]}`,
    ...(i % 7 === 0 ? {} : { range: { start: { line, column: 3 }, end: { line, column: 9 + (i % 4) } } }),
    ...(i % 4 === 0 ? { spec: '9.2' } : {}),
  };
}

const many = Array.from({ length: 2 * JSON_BATCH + 500 }, (_, i) => diagnostic(i));
const big: Report = {
  files: [
    { file: 'clean.json', valid: true, complete: true, diagnostics: [] },
    { file: 'one \u001b]0;title\u0007.json', valid: false, complete: true, specification: '0.8.0', diagnostics: many },
    {
      file: 'two\r.json',
      valid: false,
      complete: false,
      diagnostics: many.slice(0, JSON_BATCH + 1),
      checks: [
        { name: 'drift \u001b[2J', status: 'failed', detail: 'd\r', diagnostics: many.slice(0, 2) },
        { name: 'contract', status: 'skipped', detail: 'no server', diagnostics: [] },
      ],
    },
    {
      file: 'three.json',
      valid: true,
      complete: true,
      diagnostics: [],
      checks: [{ name: 'hygiene', status: 'passed', detail: 'ok', diagnostics: [] }],
    },
  ],
};
const sources = new Map(big.files.map((f) => [f.file, source]));
const optionSets: FormatOptions[] = [
  { sources },
  { sources, color: true, hyperlinks: true, toolName: 'x', unreadable: 1 },
];
const reports: Report[] = [
  { files: [] },
  { files: [{ file: 'a', valid: true, complete: true, diagnostics: [] }] },
  { files: [{ file: 'a', valid: false, complete: true, diagnostics: many.slice(0, JSON_BATCH) }] },
  big,
];

test('the pieces of every format join to formatReport, and the large formats come in several pieces', () => {
  for (const name of formatNames) {
    for (const report of reports) {
      for (const options of optionSets) {
        const pieces = [...formatReportPieces(name, report, options)];
        assert.equal(pieces.join(''), formatReport(name, report, options), name);
        // An empty piece is one write of nothing: only a report that is empty (GitHub's of a clean run) has one.
        assert.ok(pieces.length === 1 || pieces.every((p) => p !== ''), `${name}: no empty piece`);
      }
    }
    const large: FormatName[] = ['stylish', 'json', 'sarif'];
    if (large.includes(name)) assert.ok([...formatReportPieces(name, big, { sources })].length > 3, name);
  }
});

test('each piece neutralised alone gives the bytes of the whole report neutralised: no piece ends inside an escape sequence or a CR LF', () => {
  const byPiece = (pieces: string[], name: FormatName) =>
    pieces.map((p) => neutralizeOutput(p, formatOutputKinds[name])).join('');
  for (const name of formatNames) {
    for (const report of reports) {
      for (const options of optionSets) {
        const pieces = [...formatReportPieces(name, report, options)];
        assert.equal(byPiece(pieces, name), neutralizeOutput(pieces.join(''), formatOutputKinds[name]), name);
      }
    }
  }
  // The check can fail: a boundary inside a colour sequence, or between CR and LF, changes the bytes.
  const painted = formatReport('stylish', big, optionSets[1]);
  const escape = painted.indexOf('\u001b[');
  const split = [painted.slice(0, escape + 1), painted.slice(escape + 1)];
  assert.notEqual(byPiece(split, 'stylish'), neutralizeOutput(painted, 'painted'));
  const crlf = ['a\r', '\nb'];
  assert.notEqual(byPiece(crlf, 'github'), neutralizeOutput(crlf.join(''), 'text'));
});

test('JSON and SARIF in pieces are byte for byte what one JSON.stringify of the whole prints', () => {
  for (const name of ['json', 'sarif'] as const) {
    for (const report of reports) {
      const printed = formatReport(name, report, { toolVersion: '1' });
      assert.equal(printed, JSON.stringify(JSON.parse(printed), null, 2) + '\n', name);
    }
  }
  const json = JSON.parse(formatReport('json', big)) as { files: { diagnostics: Diagnostic[]; checks?: unknown[] }[] };
  assert.deepEqual(
    json.files.map((f) => [f.diagnostics.length, f.checks?.length]),
    [
      [0, undefined],
      [many.length, undefined],
      [JSON_BATCH + 1, 2],
      [0, 1],
    ],
  );
  const sarif = JSON.parse(formatReport('sarif', big)) as { runs: { results: unknown[] }[] };
  assert.equal(sarif.runs[0]!.results.length, many.length + JSON_BATCH + 1);
});
