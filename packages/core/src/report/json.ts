import type { Diagnostic } from '../model/diagnostic.js';
import { sortedDiagnostics } from './sorted.js';
import { diagnosticNeedsNeutralizing, listItemsAt, neutralJson, stringifyAt } from './json-pieces.js';
import type { Formatter, PieceFormatter } from './types.js';

/**
 * `--format json`: `{"files":[...]}` exactly as PRODUCT.md states. Objects are rebuilt field by
 * field so the key order is fixed and nothing beyond the contract leaks into the output.
 */
export const formatJson: Formatter = (report) => [...jsonPieces(report)].join('');

/**
 * The JSON report in pieces, byte for byte `JSON.stringify({ files }, null, 2)` and a line break,
 * neutralised: each file's fields but its diagnostics are stringified as an object with an empty
 * list, which is cut open; the diagnostics are stringified a batch at a time into it. The short
 * pieces are scanned and neutralised whole, the batches only when a diagnostic's text asks for it.
 */
export const jsonPieces: PieceFormatter = function* (report) {
  if (report.files.length === 0) {
    yield JSON.stringify({ files: [] }, null, 2) + '\n';
    return;
  }
  yield '{\n  "files": [\n    ';
  for (let i = 0; i < report.files.length; i++) {
    const file = report.files[i]!;
    if (i > 0) yield ',\n    ';
    const fields = {
      file: file.file,
      valid: file.valid,
      complete: file.complete,
      specification: file.specification,
      diagnostics: [] as Diagnostic[],
    };
    const checks = file.checks?.map((c) => ({
      name: c.name,
      status: c.status,
      detail: c.detail,
      diagnostics: c.diagnostics.length,
    }));
    if (file.diagnostics.length === 0) {
      yield neutralJson(stringifyAt(checks ? { ...fields, checks } : fields, 2));
      continue;
    }
    const opened = stringifyAt(fields, 2);
    // Cut after the `[` of its last field, the empty list, which a line break, 4 spaces and `}` follow.
    yield neutralJson(opened.slice(0, opened.length - ']\n    }'.length) + '\n');
    yield* listItemsAt(diagnosticsJson(sortedDiagnostics(file.diagnostics)), 3, diagnosticNeedsNeutralizing);
    yield checks ? neutralJson(`\n      ],\n      "checks": ${stringifyAt(checks, 3)}\n    }`) : '\n      ]\n    }';
  }
  yield '\n  ]\n}\n';
};

/** Each diagnostic's object as the list is stringified, so only a batch of them is alive at a time. */
function* diagnosticsJson(diagnostics: readonly Diagnostic[]): Generator<Diagnostic> {
  for (const d of diagnostics) yield diagnosticJson(d);
}

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
    fix: d.fix,
  };
}
