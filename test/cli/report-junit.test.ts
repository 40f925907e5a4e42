import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
import { escapeXml, formatJunit } from 'mcpdesc-core/internal/report/junit.js';

const base: Diagnostic = { rule: 'r.x', code: 'c', severity: 'error', message: 'm', pointer: '/a' };

test('escapeXml escapes markup and whitespace that attributes would normalize', () => {
  assert.equal(escapeXml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  assert.equal(escapeXml('a\tb\nc\rd'), 'a&#9;b&#10;c&#13;d');
});

test('escapeXml replaces what XML 1.0 cannot hold, and keeps the rest', () => {
  assert.equal(escapeXml('\u0000\u0008\u000b\u001b\ufffe\uffff'), '\ufffd'.repeat(6));
  assert.equal(escapeXml('lone \ud800 and \udc00'), 'lone \ufffd and \ufffd');
  assert.equal(escapeXml('pair 😀, é, \u0085'), 'pair 😀, é, \u0085');
});

test('only errors are failures; warnings and infos pass with their text in system-out', () => {
  const out = formatJunit({
    files: [
      {
        file: 'f.yaml',
        valid: false,
        complete: true,
        diagnostics: [
          base,
          { ...base, severity: 'warning', pointer: '/b' },
          { ...base, severity: 'info', pointer: '/c' },
        ],
      },
    ],
  });
  assert.match(out, /<testsuites name="mcpdesc" tests="3" failures="1" errors="0">/);
  assert.match(out, /<testsuite name="f\.yaml" tests="3" failures="1" errors="0" skipped="0">/);
  assert.equal(out.match(/<failure /g)?.length, 1);
  assert.equal(out.match(/<system-out>/g)?.length, 2);
  assert.match(
    out,
    /<testcase classname="f\.yaml" name="r\.x\/c at \/a" file="f\.yaml">\n {6}<failure message="m" type="r\.x\/c">error: m&#10;f\.yaml&#10;r\.x\/c at \/a<\/failure>/,
  );
});

test('a clean file is one passing case named "valid"; the suite name comes from toolName', () => {
  const out = formatJunit(
    { files: [{ file: 'a&b.yaml', valid: true, complete: true, diagnostics: [] }] },
    { toolName: 'mcpdesc lint' },
  );
  assert.equal(
    out,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="mcpdesc lint" tests="1" failures="0" errors="0">',
      '  <testsuite name="a&amp;b.yaml" tests="1" failures="0" errors="0" skipped="0">',
      '    <testcase classname="a&amp;b.yaml" name="valid" file="a&amp;b.yaml"/>',
      '  </testsuite>',
      '</testsuites>',
      '',
    ].join('\n'),
  );
});

test('document content cannot break the XML', () => {
  const out = formatJunit({
    files: [{ file: 'f', valid: false, complete: true, diagnostics: [{ ...base, message: ']]></failure>\u0001<x>' }] }],
  });
  assert.doesNotMatch(out, /\u0001|<x>|\]\]>/);
  assert.match(out, /&lt;\/failure&gt;\ufffd&lt;x&gt;/);
});
