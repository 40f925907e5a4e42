import type { Diagnostic } from '../model/diagnostic.js';
import { sortedDiagnostics } from './sorted.js';
import type { Formatter } from './types.js';

/**
 * `--format json`: `{"files":[...]}` exactly as PRODUCT.md states. Objects are rebuilt field by
 * field so the key order is fixed and nothing beyond the contract leaks into the output.
 */
export const formatJson: Formatter = (report) => {
  const files = report.files.map((file) => ({
    file: file.file,
    valid: file.valid,
    complete: file.complete,
    specification: file.specification,
    diagnostics: sortedDiagnostics(file.diagnostics).map(diagnosticJson),
    ...(file.checks
      ? {
          checks: file.checks.map((c) => ({
            name: c.name,
            status: c.status,
            detail: c.detail,
            diagnostics: c.diagnostics.length,
          })),
        }
      : {}),
  }));
  return JSON.stringify({ files }, null, 2) + '\n';
};

/**
 * One object literal with every field, so all diagnostics share one shape (adding `range` and
 * `spec` only when present made several); JSON.stringify leaves out the fields that are undefined.
 */
function diagnosticJson(d: Diagnostic): Diagnostic {
  const range = d.range;
  return {
    rule: d.rule,
    code: d.code,
    severity: d.severity,
    message: d.message,
    pointer: d.pointer,
    range: range
      ? {
          start: { line: range.start.line, column: range.start.column },
          end: { line: range.end.line, column: range.end.column },
        }
      : undefined,
    spec: d.spec,
  };
}
