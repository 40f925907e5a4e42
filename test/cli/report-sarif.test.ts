import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import { formatSarif } from 'mcpdesc-core/internal/report/sarif.js';
import type { FormatOptions, Report } from 'mcpdesc-core/internal/report/types.js';
import { version } from 'mcpdesc-core/internal/report/version.js';

const base: Diagnostic = { rule: 'r.b', code: 'c', severity: 'error', message: 'm', pointer: '/a' };

// Reading our own output back needs no more typing than `any`.
function sarif(report: Report, options?: FormatOptions): any {
  return JSON.parse(formatSarif(report, options));
}

function one(file: string, ...diagnostics: Diagnostic[]): Report {
  return { files: [{ file, valid: false, complete: true, diagnostics }] };
}

test('a SARIF 2.1.0 log with one run and the tool named', () => {
  const log = sarif(one('f'));
  assert.equal(log.$schema, 'https://json.schemastore.org/sarif-2.1.0.json');
  assert.equal(log.version, '2.1.0');
  assert.equal(log.runs.length, 1);
  assert.deepEqual(log.runs[0].tool.driver, {
    name: 'mcpdesc',
    version,
    informationUri: 'https://mcpdesc.org',
    rules: [],
  });
  assert.deepEqual(log.runs[0].results, []);
  assert.equal(
    sarif(one('f'), { toolName: 'mcpdesc lint', toolVersion: '9.9.9' }).runs[0].tool.driver.name,
    'mcpdesc lint',
  );
});

test('levels: error, warning, and note for info', () => {
  const log = sarif(
    one(
      'f',
      { ...base, severity: 'info' },
      { ...base, severity: 'warning', pointer: '/b' },
      { ...base, pointer: '/c' },
    ),
  );
  assert.deepEqual(
    log.runs[0].results.map((r: any) => r.level),
    ['note', 'warning', 'error'],
  );
});

test('a region only when there is a range, with the range as given', () => {
  const range = { start: { line: 2, column: 3 }, end: { line: 4, column: 1 } };
  const [withRange, without] = sarif(one('dir\\a b#1.yaml', { ...base, range }, { ...base, pointer: '' })).runs[0]
    .results;
  assert.deepEqual(withRange.locations[0].physicalLocation, {
    artifactLocation: { uri: 'dir/a%20b%231.yaml' },
    region: { startLine: 2, startColumn: 3, endLine: 4, endColumn: 1 },
  });
  assert.deepEqual(without.locations[0].physicalLocation, { artifactLocation: { uri: 'dir/a%20b%231.yaml' } });
  assert.deepEqual(without.locations[0].logicalLocations, [{ fullyQualifiedName: '' }]);
  assert.deepEqual(withRange.properties, { code: 'c', pointer: '/a' });
});

test('rule descriptors: every rule once, sorted, with summary and spec; results point at them', () => {
  const options: FormatOptions = { rules: new Map([['r.b', { summary: 'B rule', spec: '1.2' }]]) };
  const log = sarif(one('f', base, { ...base, rule: 'r.a', spec: '3' }, { ...base, pointer: '/z' }), options);
  assert.deepEqual(log.runs[0].tool.driver.rules, [
    { id: 'r.a', properties: { spec: '3' } },
    {
      id: 'r.b',
      shortDescription: { text: 'B rule' },
      fullDescription: { text: 'B rule' },
      help: { text: 'B rule\n\nMCP Description specification, section 1.2.' },
      helpUri: 'https://mcpdesc.org/rules/r.b',
      properties: { spec: '1.2' },
    },
  ]);
  for (const r of log.runs[0].results) assert.equal(log.runs[0].tool.driver.rules[r.ruleIndex].id, r.ruleId);
});

test('each file’s results carry that file’s URI', () => {
  const report: Report = {
    files: [
      { file: 'a b.yaml', valid: false, complete: true, diagnostics: [base, { ...base, pointer: '/b' }] },
      { file: 'c.json', valid: false, complete: true, diagnostics: [base] },
    ],
  };
  const uris = sarif(report).runs[0].results.map((r: any) => r.locations[0].physicalLocation.artifactLocation.uri);
  assert.deepEqual(uris, ['a%20b.yaml', 'a%20b.yaml', 'c.json']);
});

test('an absolute path is a file: URI, a relative one stays a relative reference (SARIF 3.4.4)', () => {
  const files = ['/srv/a b.yaml', 'C:\\work\\c.json', '\\\\host\\share\\d.yaml', 'x:y.yaml', 'dir/e:f.yaml'];
  const report: Report = {
    files: files.map((file) => ({ file, valid: false, complete: true, diagnostics: [base] })),
  };
  const uris = sarif(report).runs[0].results.map((r: any) => r.locations[0].physicalLocation.artifactLocation.uri);
  assert.deepEqual(uris, [
    'file:///srv/a%20b.yaml',
    'file:///C:/work/c.json',
    'file://host/share/d.yaml',
    'x%3Ay.yaml',
    'dir/e:f.yaml',
  ]);
});
