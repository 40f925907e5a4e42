import type { Diagnostic } from '../model/diagnostic.js';
import { pointerLabel } from './pointer-label.js';
import { sortedDiagnostics } from './sorted.js';
import type { FileReport, Formatter, ReportCheck } from './types.js';

/**
 * `--format junit`: one `<testsuite>` per file and one `<testcase>` per diagnostic. Only errors
 * are `<failure>`s, so CI marks the run failed exactly when the exit code says so; warnings and
 * infos are passing cases that carry their text in `<system-out>`. A clean file is one passing
 * case named "valid", so every file shows up in the CI's test list.
 */
export const formatJunit: Formatter = (report, options = {}) => {
  const suites = report.files.map(testSuite);
  const tests = suites.reduce((n, s) => n + s.tests, 0);
  const failures = suites.reduce((n, s) => n + s.failures, 0);
  const name = options.toolName ?? 'mcpdesc';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(name)}" tests="${tests}" failures="${failures}" errors="0">`,
    ...suites.flatMap((s) => s.xml),
    '</testsuites>',
    '',
  ].join('\n');
};

function testSuite(file: FileReport): { tests: number; failures: number; xml: string[] } {
  if (file.checks && file.checks.length > 0) return checkSuite(file, file.checks);
  const diagnostics = sortedDiagnostics(file.diagnostics);
  const cases = diagnostics.length > 0 ? diagnostics.map((d) => testCase(file.file, d)) : [validCase(file.file)];
  const failures = diagnostics.filter((d) => d.severity === 'error').length;
  const xml = [
    `  <testsuite name="${escapeXml(file.file)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0">`,
    ...cases.flat(),
    '  </testsuite>',
  ];
  return { tests: cases.length, failures, xml };
}

/**
 * A file with checks (verify): one testcase per check — a failure when one of its diagnostics is
 * an error, skipped with its reason, else passing with its findings in `<system-out>` — and one
 * per diagnostic no check produced (a connection failure).
 */
function checkSuite(file: FileReport, checks: ReportCheck[]): { tests: number; failures: number; xml: string[] } {
  const claimed = new Set(checks.flatMap((c) => c.diagnostics));
  const loose = sortedDiagnostics(file.diagnostics.filter((d) => !claimed.has(d)));
  const cases = [...checks.map((c) => checkCase(file.file, c)), ...loose.map((d) => testCase(file.file, d))];
  const failures =
    checks.filter((c) => c.status === 'failed').length + loose.filter((d) => d.severity === 'error').length;
  const skipped = checks.filter((c) => c.status === 'skipped').length;
  const xml = [
    `  <testsuite name="${escapeXml(file.file)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}">`,
    ...cases.flat(),
    '  </testsuite>',
  ];
  return { tests: cases.length, failures, xml };
}

function checkCase(file: string, c: ReportCheck): string[] {
  const findings = sortedDiagnostics(c.diagnostics).map((d) => {
    const at = d.range ? `${file}:${d.range.start.line}:${d.range.start.column}` : file;
    return `${d.severity}: ${d.message}\n${at}\n${d.rule}/${d.code} at ${pointerLabel(d.pointer)}`;
  });
  const text = escapeXml([c.detail, ...findings].join('\n\n'));
  const body =
    c.status === 'failed'
      ? `      <failure message="${escapeXml(`${c.name}: ${c.diagnostics.filter((d) => d.severity === 'error').length} errors`)}" type="${escapeXml(c.name)}">${text}</failure>`
      : c.status === 'skipped'
        ? `      <skipped message="${escapeXml(c.detail)}"/>`
        : `      <system-out>${text}</system-out>`;
  return [
    `    <testcase classname="${escapeXml(file)}" name="${escapeXml(c.name)}" file="${escapeXml(file)}">`,
    body,
    '    </testcase>',
  ];
}

function validCase(file: string): string[] {
  return [`    <testcase classname="${escapeXml(file)}" name="valid" file="${escapeXml(file)}"/>`];
}

function testCase(file: string, d: Diagnostic): string[] {
  const at = d.range ? `${file}:${d.range.start.line}:${d.range.start.column}` : file;
  const name = `${d.rule}/${d.code} at ${pointerLabel(d.pointer)}`;
  const detail = escapeXml(`${d.severity}: ${d.message}\n${at}\n${name}`);
  const body =
    d.severity === 'error'
      ? `      <failure message="${escapeXml(d.message)}" type="${escapeXml(`${d.rule}/${d.code}`)}">${detail}</failure>`
      : `      <system-out>${detail}</system-out>`;
  return [
    `    <testcase classname="${escapeXml(file)}" name="${escapeXml(name)}" file="${escapeXml(file)}">`,
    body,
    '    </testcase>',
  ];
}

/**
 * Text safe in XML 1.0 attributes and content. Characters XML 1.0 cannot hold at all (most C0
 * controls, U+FFFE/U+FFFF, lone surrogates) become U+FFFD; tab and line breaks become character
 * references so attribute normalization keeps them.
 */
export function escapeXml(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    )
    .replace(/[&<>"'\t\n\r]/g, (ch) => xmlEntity[ch]!);
}

const xmlEntity: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
