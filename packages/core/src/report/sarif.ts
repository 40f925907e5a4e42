import type { Diagnostic, Severity } from '../model/diagnostic.js';
import { version } from './version.js';
import { sortedDiagnostics } from './sorted.js';
import type { Formatter } from './types.js';

/**
 * The stable reference page of a rule: the project's own namespace, as the document schema's
 * `https://mcpdesc.org/schema/...` URI is, so the link outlives any move of the repository.
 */
export function ruleHelpUri(ruleId: string): string {
  return `https://mcpdesc.org/rules/${encodeURIComponent(ruleId)}`;
}

/** Where a rule's spec section is: the tool-schema design guide ("guide 1") or the specification ("9.2"). */
export function specReference(spec: string): string {
  const guide = /^guide (.+)$/.exec(spec);
  return guide ? `MCP tool-schema design guide, section ${guide[1]}` : `MCP Description specification, section ${spec}`;
}

const level: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

/**
 * `--format sarif`: one SARIF 2.1.0 run for code scanning. Rule descriptors are listed by id
 * and results in file then diagnostic order, so the same report always gives the same bytes.
 * A rule the catalogue knows carries its summary, help (summary and spec section) and helpUri.
 */
export const formatSarif: Formatter = (report, options = {}) => {
  const all = report.files.flatMap((f) => f.diagnostics);
  const ruleIds = [...new Set(all.map((d) => d.rule))].sort();
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const rules = ruleIds.map((id) => {
    const meta = options.rules?.get(id);
    const spec = meta?.spec ?? all.find((d) => d.rule === id && d.spec)?.spec;
    return {
      id,
      ...(meta
        ? {
            shortDescription: { text: meta.summary },
            fullDescription: { text: meta.summary },
            help: { text: spec ? `${meta.summary}\n\n${specReference(spec)}.` : meta.summary },
            helpUri: ruleHelpUri(id),
          }
        : {}),
      ...(spec ? { properties: { spec } } : {}),
    };
  });
  const results: string[] = [];
  for (const file of report.files) {
    const uri = JSON.stringify(fileUri(file.file));
    for (const d of sortedDiagnostics(file.diagnostics)) results.push(resultText(uri, d, ruleIndex.get(d.rule)!));
  }
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: options.toolName ?? 'mcpdesc', version: options.toolVersion ?? version, rules } },
        // Diagnostic columns count UTF-16 code units, which SARIF lets a run declare.
        columnKind: 'utf16CodeUnits',
        results: [],
      },
    ],
  };
  const text = JSON.stringify(sarif, null, 2);
  if (results.length === 0) return text + '\n';
  // The results, written one by one (no object per finding), go where JSON.stringify wrote `[]`:
  // the run's last member, so the last `[]` of the text.
  const empty = '"results": []\n    }\n  ]\n}';
  if (!text.endsWith(empty)) throw new Error('formatSarif: unexpected layout');
  return (
    text.slice(0, text.length - empty.length) + '"results": [\n' + results.join(',\n') + '\n      ]\n    }\n  ]\n}\n'
  );
};

/** A JSON number as JSON.stringify writes it (non-finite numbers are null). */
function numberText(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}

/** One result as JSON.stringify(result, null, 2) lays it out inside `results` (its braces at 8 spaces); `uri` is JSON text. */
function resultText(uri: string, d: Diagnostic, ruleIndex: number): string {
  const pointer = JSON.stringify(d.pointer);
  const region = d.range
    ? ',\n                "region": {\n                  "startLine": ' +
      numberText(d.range.start.line) +
      ',\n                  "startColumn": ' +
      numberText(d.range.start.column) +
      ',\n                  "endLine": ' +
      numberText(d.range.end.line) +
      ',\n                  "endColumn": ' +
      numberText(d.range.end.column) +
      '\n                }'
    : '';
  return (
    '        {\n          "ruleId": ' +
    JSON.stringify(d.rule) +
    ',\n          "ruleIndex": ' +
    numberText(ruleIndex) +
    ',\n          "level": ' +
    JSON.stringify(level[d.severity]) +
    ',\n          "message": {\n            "text": ' +
    JSON.stringify(d.message) +
    '\n          },\n          "locations": [\n            {\n              "physicalLocation": {\n                "artifactLocation": {\n                  "uri": ' +
    uri +
    '\n                }' +
    region +
    '\n              },\n              "logicalLocations": [\n                {\n                  "fullyQualifiedName": ' +
    pointer +
    '\n                }\n              ]\n            }\n          ],\n          "properties": {\n            "code": ' +
    JSON.stringify(d.code) +
    ',\n            "pointer": ' +
    pointer +
    '\n          }\n        }'
  );
}

/**
 * The file path as a relative URI reference: forward slashes, and only the characters a URI
 * cannot hold (spaces, `%`, `#`, `?`, non-ASCII...) percent-encoded, so ordinary paths stay as given.
 */
function fileUri(file: string): string {
  return file
    .replace(/\\/g, '/')
    .replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/]+/g, (run) =>
      [...new TextEncoder().encode(run)].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join(''),
    );
}
