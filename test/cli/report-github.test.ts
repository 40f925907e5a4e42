import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import { escapeData, escapeProperty, formatGithub } from 'mcpdesc-core/internal/report/github.js';

function render(file: string, ...diagnostics: Diagnostic[]): string {
  return formatGithub({ files: [{ file, valid: false, complete: true, diagnostics }] });
}

const base: Diagnostic = { rule: 'r.x', code: 'c', severity: 'error', message: 'm', pointer: '/a' };

test('messages escape %, CR and LF; properties also escape : and ,', () => {
  assert.equal(escapeData('50% done\r\nnext: a,b'), '50%25 done%0D%0Anext: a,b');
  assert.equal(escapeProperty('C:\\a,b%\n'), 'C%3A\\a%2Cb%25%0A');
  // % first, so the escapes themselves are not escaped again.
  assert.equal(escapeData('%0A'), '%250A');
});

test('one command per diagnostic, with position, title and pointer', () => {
  const range = { start: { line: 3, column: 5 }, end: { line: 3, column: 9 } };
  assert.equal(
    render('dir/a,b:c.yaml', { ...base, message: 'x: 100%\ny', range }),
    '::error file=dir/a%2Cb%3Ac.yaml,line=3,col=5,endLine=3,endColumn=9,title=r.x/c::x: 100%25%0Ay (at /a)\n',
  );
});

test('severities map to error, warning and notice', () => {
  const out = render('f', { ...base, severity: 'info' }, { ...base, severity: 'warning' }, base);
  assert.deepEqual(
    out.split('\n').map((l) => l.split(' ')[0]),
    ['::error', '::warning', '::notice', ''],
  );
});

test('multi-line ranges carry lines only; no range carries the file only', () => {
  const range = { start: { line: 3, column: 5 }, end: { line: 4, column: 2 } };
  assert.equal(render('f', { ...base, range }), '::error file=f,line=3,endLine=4,title=r.x/c::m (at /a)\n');
  assert.equal(render('f', { ...base, pointer: '' }), '::error file=f,title=r.x/c::m (at document root)\n');
});

test('a clean report prints nothing', () => {
  assert.equal(render('f'), '');
});
