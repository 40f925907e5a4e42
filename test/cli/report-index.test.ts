import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatNames, formatReport, formatters, isFormatName, summarize } from 'mcpdesc-core/internal/report/index.js';
import type { Report } from 'mcpdesc-core/internal/report/types.js';

const report: Report = {
  files: [
    { file: 'a', valid: true, complete: true, diagnostics: [] },
    {
      file: 'b',
      valid: false,
      complete: true,
      diagnostics: [
        { rule: 'r', code: 'c', severity: 'error', message: 'm', pointer: '' },
        { rule: 'r', code: 'c', severity: 'warning', message: 'm', pointer: '' },
        { rule: 'r', code: 'c', severity: 'warning', message: 'n', pointer: '' },
      ],
    },
  ],
};

test('the five formats, by name', () => {
  assert.deepEqual(formatNames, ['stylish', 'json', 'sarif', 'github', 'junit']);
  assert.ok(isFormatName('sarif'));
  assert.ok(!isFormatName('toString'));
  for (const name of formatNames) assert.equal(formatReport(name, report), formatters[name](report));
});

test('summarize counts files and diagnostics by severity', () => {
  assert.deepEqual(summarize(report), { files: 2, errors: 1, warnings: 2, infos: 0 });
});

test('every format is deterministic and colourless by default', () => {
  for (const name of formatNames) {
    const out = formatReport(name, report);
    assert.equal(formatReport(name, structuredClone(report)), out);
    assert.doesNotMatch(out, /\x1b/);
    assert.ok(out === '' || out.endsWith('\n'), `${name} ends with a newline`);
  }
});
