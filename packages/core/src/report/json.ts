import type { Diagnostic } from '../model/diagnostic.js';
import { sortedDiagnostics } from './sorted.js';
import type { FileReport, Formatter } from './types.js';

/**
 * `--format json`: `{"files":[...]}` exactly as PRODUCT.md states, laid out as
 * `JSON.stringify(value, null, 2)` lays it out. Fields are written one by one so the key order
 * is fixed and nothing beyond the contract leaks into the output; each diagnostic is written
 * straight into its text (tens of thousands of findings: no object per finding, no second pass).
 */
export const formatJson: Formatter = (report) => {
  if (report.files.length === 0) return '{\n  "files": []\n}\n';
  return '{\n  "files": [\n' + report.files.map(fileText).join(',\n') + '\n  ]\n}\n';
};

/** A JSON value as JSON.stringify writes it at `pad` (its nested lines indented by `pad` more). */
function value(v: unknown, pad: string): string | undefined {
  const text = JSON.stringify(v, null, 2) as string | undefined;
  return text === undefined || !text.includes('\n') ? text : text.replace(/\n/g, '\n' + pad);
}

/** `"key": value` lines at `pad`; members whose value is undefined are left out, as JSON.stringify does. */
function members(pad: string, entries: [string, string | undefined][]): string {
  const lines: string[] = [];
  for (const [key, text] of entries) if (text !== undefined) lines.push(`${pad}${JSON.stringify(key)}: ${text}`);
  return lines.join(',\n');
}

function fileText(file: FileReport): string {
  const diagnostics = sortedDiagnostics(file.diagnostics);
  const checks = file.checks?.map((c) => ({
    name: c.name,
    status: c.status,
    detail: c.detail,
    diagnostics: c.diagnostics.length,
  }));
  const body = members('      ', [
    ['file', value(file.file, '      ')],
    ['valid', value(file.valid, '      ')],
    ['complete', value(file.complete, '      ')],
    ['specification', value(file.specification, '      ')],
    [
      'diagnostics',
      diagnostics.length === 0 ? '[]' : '[\n' + diagnostics.map(diagnosticText).join(',\n') + '\n      ]',
    ],
    ['checks', checks === undefined ? undefined : value(checks, '      ')],
  ]);
  return '    {\n' + body + '\n    }';
}

/** A JSON number as JSON.stringify writes it (non-finite numbers are null). */
function numberText(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}

/** One diagnostic, an element of a file's `diagnostics` (its braces at 8 spaces). */
function diagnosticText(d: Diagnostic): string {
  let out =
    '        {\n          "rule": ' +
    JSON.stringify(d.rule) +
    ',\n          "code": ' +
    JSON.stringify(d.code) +
    ',\n          "severity": ' +
    JSON.stringify(d.severity) +
    ',\n          "message": ' +
    JSON.stringify(d.message) +
    ',\n          "pointer": ' +
    JSON.stringify(d.pointer);
  if (d.range) {
    const { start, end } = d.range;
    out +=
      ',\n          "range": {\n            "start": {\n              "line": ' +
      numberText(start.line) +
      ',\n              "column": ' +
      numberText(start.column) +
      '\n            },\n            "end": {\n              "line": ' +
      numberText(end.line) +
      ',\n              "column": ' +
      numberText(end.column) +
      '\n            }\n          }';
  }
  if (d.spec !== undefined) out += ',\n          "spec": ' + JSON.stringify(d.spec);
  return out + '\n        }';
}
