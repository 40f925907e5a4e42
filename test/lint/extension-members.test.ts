import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';

const findings = (document: unknown): string[] =>
  lint(document)
    .diagnostics.filter((d) => d.rule === 'lint.extension.naming' || d.rule === 'lint.inline-config')
    .map((d) => `${d.rule} ${d.pointer}`);

test('one scan of the extensions serves a run; the next run of a changed document scans it again', () => {
  const tool = exampleTool({ 'x-Acme-owner': 'identity', 'x-mcpdesc-lint': { disable: ['lint.tool.titel'] } });
  const document = exampleDocument({ tools: [tool] });
  assert.deepEqual(findings(document), [
    'lint.extension.naming /tools/0/x-Acme-owner',
    'lint.inline-config /tools/0/x-mcpdesc-lint/disable/0',
  ]);
  delete tool['x-Acme-owner'];
  tool['x-mcpdesc-lint'] = { disable: ['lint.tool.title'] };
  (document.info as Record<string, unknown>)['x-Other-thing'] = true;
  assert.deepEqual(findings(document), ['lint.extension.naming /info/x-Other-thing']);
});
