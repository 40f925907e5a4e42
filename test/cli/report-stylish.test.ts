import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import { formatStylish } from 'mcpdesc-core/internal/report/stylish.js';
import { ruleHelpUri } from 'mcpdesc-core/internal/report/sarif.js';
import { hyperlinksWanted } from 'mcpdesc-toolkit/internal/cli/check-policy.js';
import { cli } from 'mcpdesc-toolkit/internal/cli/program.js';
import type { CliIO } from 'mcpdesc-toolkit/internal/cli/io.js';
import type { Report, SourceLines } from 'mcpdesc-core/internal/report/types.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { LineIndex } from 'mcpdesc-core/internal/source/line-index.js';
import { assertLinearGrowth } from '../helpers/growth.js';

const file = 'doc.mcpdesc.yaml';

function diagnostic(fields: Partial<Diagnostic> = {}): Diagnostic {
  return {
    rule: 'mcpdesc.tool.name',
    code: 'invalid',
    severity: 'error',
    message: 'bad name',
    pointer: '/tools/0/name',
    ...fields,
  };
}

function render(source: string, ...diagnostics: Diagnostic[]): string {
  const report: Report = { files: [{ file, valid: false, complete: true, diagnostics }] };
  return formatStylish(report, { sources: new Map([[file, source]]) });
}

function at(line: number, column: number, endLine: number, endColumn: number) {
  return { start: { line, column }, end: { line: endLine, column: endColumn } };
}

/** The printed source line of the fault and the caret line under it, without their gutters. */
function faultAndCarets(output: string): [string, string] {
  const lines = output.split('\n');
  const fault = lines.findIndex((l) => l.startsWith('  > '));
  const strip = (l: string) => l.slice(l.indexOf('|') + 2);
  return [strip(lines[fault]!), strip(lines[fault + 1]!)];
}

test('no ANSI escapes unless color is true', () => {
  const source = 'name: x\n';
  const d = diagnostic({ range: at(1, 7, 1, 8) });
  assert.doesNotMatch(render(source, d), /\x1b/);
  const report: Report = { files: [{ file, valid: false, complete: true, diagnostics: [d] }] };
  assert.doesNotMatch(formatStylish(report, { sources: new Map([[file, source]]), color: false }), /\x1b/);
  assert.match(formatStylish(report, { sources: new Map([[file, source]]), color: true }), /\x1b\[31merror\x1b\[0m/);
});

test('header, excerpt with one line of context, caret line and pointer', () => {
  const out = render('tools:\n  - name: get weather\n', diagnostic({ range: at(2, 11, 2, 22) }));
  assert.equal(
    out,
    [
      'doc.mcpdesc.yaml:2:11  error  bad name  mcpdesc.tool.name/invalid',
      '    1 | tools:',
      '  > 2 |   - name: get weather',
      '      |           ^^^^^^^^^^^',
      '  at /tools/0/name',
      '',
      '✖ 1 problem (1 error, 0 warnings, 0 infos)',
      '',
    ].join('\n'),
  );
});

test('tabs are expanded so the caret stays under the range', () => {
  const [fault, carets] = faultAndCarets(render('a:\t\tvalue\n', diagnostic({ range: at(1, 5, 1, 10) })));
  assert.doesNotMatch(fault, /\t/);
  assert.equal(carets.indexOf('^'), fault.indexOf('value'));
  assert.equal(carets.trim(), '^^^^^');
});

test('long lines are cut around the fault and the caret stays aligned', () => {
  const line = 'x'.repeat(400) + 'TARGET' + 'y'.repeat(400);
  const [fault, carets] = faultAndCarets(render(line, diagnostic({ range: at(1, 401, 1, 407) })));
  assert.ok(fault.length < 110, `excerpt is ${fault.length} wide`);
  assert.ok(fault.startsWith('…') && fault.endsWith('…'));
  assert.equal(carets.indexOf('^'), fault.indexOf('TARGET'));
  assert.equal(carets.trim(), '^^^^^^');
});

test('a multi-line range is underlined to the end of its first line', () => {
  const [fault, carets] = faultAndCarets(render('k: {a: 1,\n  b: 2}\n', diagnostic({ range: at(1, 4, 2, 8) })));
  assert.equal(fault, 'k: {a: 1,');
  assert.equal(carets, '   ^^^^^^');
});

test('CRLF and CR line breaks split lines like LF', () => {
  const out = render('a: 1\r\nb: 2\rc: 3\r\n', diagnostic({ range: at(3, 4, 3, 5) }));
  assert.match(out, /\n {4}2 \| b: 2\n {2}> 3 \| c: 3\n {6}\| {4}\^\n/);
});

test('a range at the end of a line gets one caret after the text', () => {
  const [fault, carets] = faultAndCarets(render('key:\n', diagnostic({ range: at(1, 5, 1, 5) })));
  assert.equal(fault, 'key:');
  assert.equal(carets, '    ^');
});

test('without a range, or without the source, only the pointer is printed', () => {
  const report: Report = {
    files: [
      {
        file,
        valid: false,
        complete: true,
        diagnostics: [diagnostic({ pointer: '' }), diagnostic({ range: at(3, 1, 3, 2) })],
      },
    ],
  };
  const out = formatStylish(report);
  assert.doesNotMatch(out, /\|/);
  assert.match(
    out,
    /^doc\.mcpdesc\.yaml:3:1 {2}error {2}bad name {2}mcpdesc\.tool\.name\/invalid\n {2}at \/tools\/0\/name\n/,
  );
  assert.match(
    out,
    /\ndoc\.mcpdesc\.yaml {2}error {2}bad name {2}mcpdesc\.tool\.name\/invalid\n {2}at document root\n/,
  );
});

test('a range past the end of the source prints no excerpt', () => {
  assert.doesNotMatch(render('a: 1\n', diagnostic({ range: at(9, 1, 9, 2) })), /\|/);
});

test('control characters from the document cannot reach the terminal', () => {
  const out = render(
    'name: "\x1b[2J\u202e"\n',
    diagnostic({ message: 'found "\x1b[2J"\nnext', range: at(1, 7, 1, 14) }),
  );
  assert.doesNotMatch(out, /[\x1b\u202e]/);
  assert.match(out, /found "␛\[2J"␊next/);
  const [fault, carets] = faultAndCarets(out);
  assert.equal(fault, 'name: "␛[2J\ufffd"');
  assert.equal(carets, '      ^^^^^^^');
});

test('diagnostics are sorted, clean files print nothing, and the summary counts all files', () => {
  const report: Report = {
    files: [
      { file: 'clean.yaml', valid: true, complete: true, diagnostics: [] },
      {
        file,
        valid: true,
        complete: true,
        diagnostics: [
          diagnostic({ severity: 'info', message: 'second', range: at(2, 1, 2, 2) }),
          diagnostic({ severity: 'warning', message: 'first', range: at(1, 1, 1, 2) }),
        ],
      },
    ],
  };
  const before = structuredClone(report);
  const out = formatStylish(report);
  assert.deepEqual(report, before, 'the report is not mutated');
  assert.doesNotMatch(out, /clean\.yaml/);
  assert.ok(out.indexOf('first') < out.indexOf('second'));
  assert.match(out, /\n✖ 2 problems \(0 errors, 1 warning, 1 info\)\n$/);
});

test('a clean report prints one success line', () => {
  const report: Report = { files: [{ file, valid: true, complete: true, diagnostics: [] }] };
  assert.equal(formatStylish(report), '✔ 1 file checked, no problems\n');
  assert.equal(formatStylish({ files: [] }), '✔ 0 files checked, no problems\n');
});

test('excerpts of a 1 MB one-line document cost their width, not the line (issue 15, finding 3)', () => {
  const line = (size: number) => '{"a":"' + 'x'.repeat(size) + '"}';
  const hundred = (size: number) =>
    Array.from({ length: 100 }, (_, i) =>
      diagnostic({ range: at(1, 1 + Math.floor((size * i) / 100), 1, 4 + Math.floor((size * i) / 100)) }),
    );
  // 100 diagnostics on a 100 KB and on a 1 MB line: the larger line may cost only its one split.
  assertLinearGrowth('stylish on one long line', 100_000, line, (source) => render(source, ...hundred(source.length)));
  const source = line(1_000_000);
  const [fault, carets] = faultAndCarets(render(source, diagnostic({ range: at(1, 500_001, 1, 500_004) })));
  assert.equal(fault, '…' + 'x'.repeat(100) + '…');
  assert.equal(carets, ' '.repeat(25) + '^^^');
  const [end] = faultAndCarets(render(source, diagnostic({ range: at(1, source.length, 1, source.length + 1) })));
  assert.equal(end, '…' + 'x'.repeat(98) + '"}');
});

test('a clean file costs nothing: its source is not even looked up', () => {
  const sources = new Map([[file, 'x'.repeat(1000)]]);
  sources.get = () => assert.fail('the source of a clean file was read');
  const report: Report = { files: [{ file, valid: true, complete: true, diagnostics: [] }] };
  assert.equal(formatStylish(report, { sources }), '✔ 1 file checked, no problems\n');
});

test('200,000 diagnostics are reported without overflowing the stack (issue 15, finding 8)', () => {
  const source = 'x'.repeat(200_001);
  const many = Array.from({ length: 200_000 }, (_, i) =>
    diagnostic({ pointer: `/x/${i}`, range: at(1, i + 1, 1, i + 2) }),
  );
  const report: Report = { files: [{ file, valid: false, complete: true, diagnostics: many }] };
  const out = formatStylish(report, { sources: new Map([[file, source]]) });
  assert.match(out, /✖ 200000 problems \(200000 errors, 0 warnings, 0 infos\)\n$/);
});

test('a context line longer than the fault line is shown to the window, not cut to the fault line', () => {
  const out = render('annotations: {readOnlyHint: true,\n  x: 1}\n', diagnostic({ range: at(2, 6, 2, 7) }));
  assert.ok(out.includes('    1 | annotations: {readOnlyHint: true,\n'), out);
});

test('OSC 8 hyperlinks: the rule column links to the rule page only when asked', () => {
  const source = 'name: x\n';
  const report: Report = {
    files: [{ file, valid: false, complete: true, diagnostics: [diagnostic({ range: at(1, 7, 1, 8) })] }],
  };
  const sources = new Map([[file, source]]);
  const osc8 = /\x1b\]8;;/;
  assert.doesNotMatch(formatStylish(report, { sources }), osc8);
  assert.doesNotMatch(formatStylish(report, { sources, color: true }), osc8, 'colour alone adds no links');
  const linked = formatStylish(report, { sources, hyperlinks: true });
  const uri = ruleHelpUri('mcpdesc.tool.name');
  assert.ok(
    linked.includes(`\x1b]8;;${uri}\x1b\\mcpdesc.tool.name/invalid\x1b]8;;\x1b\\`),
    'ESC ] 8 ; ; URI ESC \\ text ESC ] 8 ; ; ESC \\ around rule/code',
  );
  assert.equal(linked.match(/\x1b\]8;;/g)?.length, 2, 'one link: opened and closed once');
  // Without the escapes the text is the plain report.
  assert.equal(linked.replace(/\x1b\]8;;[^\x1b]*\x1b\\/g, ''), formatStylish(report, { sources }));
});

test('hyperlinks: FORCE_HYPERLINK decides when set (0 off), otherwise they follow colour', () => {
  assert.equal(hyperlinksWanted(true, {}), true);
  assert.equal(hyperlinksWanted(false, {}), false);
  assert.equal(hyperlinksWanted(false, { FORCE_HYPERLINK: '1' }), true);
  assert.equal(
    hyperlinksWanted(false, { FORCE_HYPERLINK: '' }),
    true,
    'set but empty counts as on, as supports-hyperlinks reads it',
  );
  assert.equal(hyperlinksWanted(true, { FORCE_HYPERLINK: '0' }), false);
});

test('hyperlinks through the CLI: on a terminal, never when piped, under NO_COLOR or FORCE_HYPERLINK=0', async () => {
  const invalid = '{"mcpdesc":"0.8.0","info":{"name":"x"},"protocolVersions":["2025-11-25"]}';
  const run = async (env: Record<string, string>, isTTY: boolean, args: string[] = []): Promise<string> => {
    let stdout = '';
    const io: CliIO = {
      stdout: (text) => void (stdout += text),
      stderr: () => {},
      // Standard input only: no mcpdesc.config.json is found (validate reads one too).
      readFile: async (path) =>
        path === '-'
          ? new TextEncoder().encode(invalid)
          : Promise.reject(Object.assign(new Error(path), { code: 'ENOENT' })),
      writeFile: async () => {},
      cwd: process.cwd(),
      env,
      isTTY,
    };
    await cli(['validate', ...args, '-'], io);
    return stdout;
  };
  const link = `\x1b]8;;${ruleHelpUri('mcpdesc.document.schema')}\x1b\\`;
  assert.ok((await run({}, true)).includes(link), 'a terminal gets links');
  assert.doesNotMatch(await run({}, false), /\x1b/, 'a pipe gets none');
  assert.doesNotMatch(await run({ NO_COLOR: '1' }, true), /\x1b/, 'NO_COLOR: none');
  assert.doesNotMatch(await run({}, true, ['--no-color']), /\x1b\]8/, '--no-color: none');
  assert.ok((await run({ FORCE_COLOR: '1' }, false)).includes(link), 'FORCE_COLOR as for colour');
  assert.doesNotMatch(await run({ FORCE_HYPERLINK: '0' }, true), /\x1b\]8/, 'FORCE_HYPERLINK=0: none');
  assert.ok((await run({ FORCE_HYPERLINK: '1' }, false)).includes(link), 'FORCE_HYPERLINK=1: links on a pipe');
  assert.doesNotMatch(await run({ FORCE_HYPERLINK: '1' }, false), /\x1b\[/, 'links without colour');
});

test('a report of thousands of findings is each finding’s block in order, one blank line apart (across the batches it is joined in)', () => {
  const source = Array.from({ length: 2600 }, (_, i) => `line${i}: value`).join('\n');
  const diagnostics = Array.from({ length: 2501 }, (_, i) =>
    diagnostic({ message: `finding ${i}`, range: at(i + 1, 1, i + 1, 5) }),
  );
  const summary = '✖ 2501 problems (2501 errors, 0 warnings, 0 infos)';
  // Each block alone, as a report of one finding prints it (without its summary line).
  const blocks = diagnostics.map((d) => render(source, d).split('\n\n')[0]);
  assert.equal(render(source, ...diagnostics), [...blocks, summary].join('\n\n') + '\n');
});

test('excerpts read the same lines from the text, a line index or the decoder’s source map', () => {
  const text =
    'mcpdesc: 0.8.0\r\ninfo:\n  name: s\r  version: 1\ntools:\n  - name: "get weather"\n    inputSchema: {type: object}\n';
  const result = lint(text, { filename: file });
  assert.ok(result.diagnostics.some((d) => d.range !== undefined));
  const report: Report = { files: [{ file, valid: result.valid, complete: true, diagnostics: result.diagnostics }] };
  const withText = formatStylish(report, { sources: new Map([[file, text]]) });
  assert.match(withText, /get weather/);
  assert.equal(formatStylish(report, { sources: new Map([[file, new LineIndex(text)]]) }), withText);
  assert.ok(result.sourceMap.lineText);
  assert.equal(formatStylish(report, { sources: new Map([[file, result.sourceMap as SourceLines]]) }), withText);
});
