import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import { neutralizeOutput, type OutputKind } from 'mcpdesc-core/internal/report/control-characters.js';
import { JSON_BATCH } from 'mcpdesc-core/internal/report/json-pieces.js';
import { formatNames, formatReport, formatReportPieces, type FormatName } from 'mcpdesc-core/internal/report/index.js';
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

/** How each format's output was neutralised by the CLI before the formats did it themselves (report/control-characters.ts). */
const kinds: Record<FormatName, OutputKind> = {
  stylish: 'painted',
  json: 'json',
  sarif: 'json',
  github: 'text',
  junit: 'xml',
};

test('every piece of every format is neutral as it is made: neutralising it in its kind changes nothing', () => {
  for (const name of formatNames) {
    for (const report of reports) {
      for (const options of optionSets) {
        for (const piece of formatReportPieces(name, report, options))
          assert.equal(neutralizeOutput(piece, kinds[name]), piece, name);
      }
    }
  }
  // The check can fail: the reports carry every unsafe character, which a raw stringify keeps.
  const raw = JSON.stringify(big);
  assert.notEqual(neutralizeOutput(raw, 'json'), raw);
});

test('JSON and SARIF keep the text of findings losslessly, and only a batch with an unsafe finding is escaped', () => {
  const messages = (diagnostics: readonly Diagnostic[]) => diagnostics.map((d) => d.message).sort();
  const json = JSON.parse(formatReport('json', big)) as { files: { file: string; diagnostics: Diagnostic[] }[] };
  assert.deepEqual(
    json.files.map((f) => f.file),
    big.files.map((f) => f.file),
  );
  assert.deepEqual(messages(json.files[1]!.diagnostics), messages(many));
  assert.deepEqual(json.files[1]!.diagnostics.map((d) => d.pointer).sort(), many.map((d) => d.pointer).sort());
  const sarif = JSON.parse(formatReport('sarif', big)) as { runs: { results: { message: { text: string } }[] }[] };
  assert.deepEqual(
    sarif.runs[0]!.results.map((r) => r.message.text).sort(),
    messages([...many, ...many.slice(0, JSON_BATCH + 1)]),
  );
  // One C1 control in the last finding of the second batch: that batch escaped, the others as they are.
  const clean = Array.from({ length: 3 * JSON_BATCH }, (_, i) => ({
    ...diagnostic(0),
    message: `finding ${i}`,
    pointer: `/k${String(i).padStart(5, '0')}`,
  }));
  clean[2 * JSON_BATCH - 1] = { ...clean[2 * JSON_BATCH - 1]!, code: 'c\u009b' };
  const one: Report = { files: [{ file: 'a', valid: false, complete: true, diagnostics: clean }] };
  for (const name of ['json', 'sarif'] as const) {
    const pieces = [...formatReportPieces(name, one)];
    const escaped = pieces.filter((p) => p.includes('\\u009b'));
    assert.equal(escaped.length, 1, name);
    assert.ok(escaped[0]!.includes('finding ' + (2 * JSON_BATCH - 1)) && !escaped[0]!.includes('"finding 0"'), name);
    assert.ok(!pieces.some((p) => p.includes('\u009b')), name);
  }
});

test('JSON and SARIF in pieces are byte for byte what one JSON.stringify of the whole prints', () => {
  for (const name of ['json', 'sarif'] as const) {
    for (const report of reports) {
      const printed = formatReport(name, report, { toolVersion: '1' });
      assert.equal(printed, neutralizeOutput(JSON.stringify(JSON.parse(printed), null, 2), 'json') + '\n', name);
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
