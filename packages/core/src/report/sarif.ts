import type { Diagnostic, Severity } from '../model/diagnostic.js';
import { version } from './version.js';
import { sortedDiagnostics } from './sorted.js';
import { stringifiesUnsafe } from './control-characters.js';
import { listItemsAt, neutralJson } from './json-pieces.js';
import type { TextFix } from '../source/text-fixes.js';
import type { FormatOptions, Formatter, PieceFormatter, Report } from './types.js';

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
export const formatSarif: Formatter = (report, options) => [...sarifPieces(report, options)].join('');

/**
 * The SARIF log in pieces, byte for byte `JSON.stringify(log, null, 2)` and a line break,
 * neutralised (see json-pieces.ts): the rules and the run's fields are one short piece, scanned.
 */
export const sarifPieces: PieceFormatter = function* (report, options = {}) {
  // Each rule found, with the spec section of its first finding that names one: one pass.
  const specOfRule = new Map<string, string | undefined>();
  for (const file of report.files)
    for (const d of file.diagnostics)
      if (d.spec ? specOfRule.get(d.rule) === undefined : !specOfRule.has(d.rule))
        specOfRule.set(d.rule, d.spec || undefined);
  const ruleIds = [...specOfRule.keys()].sort();
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const rules = ruleIds.map((id) => {
    const meta = options.rules?.get(id);
    const spec = meta?.spec || specOfRule.get(id);
    // A plugin's or a declarative rule's id holds a "/": its page is the plugin's (docs.url), never ours.
    const helpUri = meta?.helpUri ?? (id.includes('/') ? undefined : ruleHelpUri(id));
    return {
      id,
      ...(meta
        ? {
            shortDescription: { text: meta.summary },
            fullDescription: { text: meta.summary },
            help: { text: spec ? `${meta.summary}\n\n${specReference(spec)}.` : meta.summary },
            ...(helpUri !== undefined ? { helpUri } : {}),
          }
        : {}),
      ...(spec ? { properties: { spec } } : {}),
    };
  });
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: options.toolName ?? 'mcpdesc',
            version: options.toolVersion ?? version,
            // Where a reader learns about the tool (SARIF 3.19.17; the SARIF validator's SARIF2005).
            informationUri: 'https://mcpdesc.org',
            rules,
          },
        },
        // The strict profile as a run property (SARIF 3.8): warnings fail the check.
        ...(options.strict ? { properties: { strict: true } } : {}),
        // Diagnostic columns count UTF-16 code units, which SARIF lets a run declare.
        columnKind: 'utf16CodeUnits',
        results: [],
      },
    ],
  };
  const text = neutralJson(JSON.stringify(sarif, null, 2));
  if (specOfRule.size === 0) {
    yield text + '\n';
    return;
  }
  // Cut after the `[` of the run's last field, the empty list of results, and stringify them into it a batch at a time.
  const closing = ']\n    }\n  ]\n}';
  yield text.slice(0, text.length - closing.length) + '\n';
  yield* listItemsAt(results(report, ruleIndex, options.textFixes), 3, resultNeedsNeutralizing);
  yield '\n      ]\n    }\n  ]\n}\n';
};

/** The results in file then diagnostic order, built as the list is stringified, so only a batch of them is alive at a time. */
function* results(report: Report, ruleIndex: ReadonlyMap<string, number>, textFixes: FormatOptions['textFixes']) {
  for (const file of report.files) {
    // One artifact location per file, its URI encoded once, shared by the file's results.
    const artifactLocation = { uri: fileUri(file.file) };
    const fixes = new Map<string, TextFix>();
    for (const fix of textFixes?.get(file.file) ?? []) fixes.set(findingKey(fix), fix);
    for (const d of sortedDiagnostics(file.diagnostics))
      yield result(artifactLocation, d, ruleIndex.get(d.rule)!, fixes.size > 0 ? fixes.get(findingKey(d)) : undefined);
  }
}

/** A finding by rule, code and pointer: a fix's finding (one per pointer, rule and code once duplicates are merged). */
function findingKey(d: { rule: string; code: string; pointer: string }): string {
  return `${d.rule}\n${d.code}\n${d.pointer}`;
}

/** SARIF's fix object (§3.55): the replacement of a region of the result's own artifact. */
function sarifFix(artifactLocation: { uri: string }, fix: TextFix) {
  return {
    description: { text: fix.description },
    artifactChanges: [
      {
        artifactLocation,
        replacements: [
          {
            deletedRegion: {
              startLine: fix.deleted.start.line,
              startColumn: fix.deleted.start.column,
              endLine: fix.deleted.end.line,
              endColumn: fix.deleted.end.column,
            },
            insertedContent: { text: fix.inserted },
          },
        ],
      },
    ],
  };
}

/**
 * Whether a result's text needs neutralising: its strings but the level (ours), the file's URI
 * (percent-encoded ASCII) and the logical location (the pointer again).
 */
function resultNeedsNeutralizing(r: ReturnType<typeof result>): boolean {
  return (
    stringifiesUnsafe(r.message.text) ||
    stringifiesUnsafe(r.properties.pointer) ||
    stringifiesUnsafe(r.ruleId) ||
    stringifiesUnsafe(r.properties.code) ||
    (r.fixes !== undefined &&
      (stringifiesUnsafe(r.fixes[0]!.description.text) ||
        stringifiesUnsafe(r.fixes[0]!.artifactChanges[0]!.replacements[0]!.insertedContent.text)))
  );
}

/** Every field in one literal, so all results share one shape; JSON.stringify leaves out an undefined region. */
function result(artifactLocation: { uri: string }, d: Diagnostic, ruleIndex: number, fix: TextFix | undefined) {
  const range = d.range;
  const region = range
    ? {
        startLine: range.start.line,
        startColumn: range.start.column,
        endLine: range.end.line,
        endColumn: range.end.column,
      }
    : undefined;
  return {
    ruleId: d.rule,
    ruleIndex,
    level: level[d.severity],
    message: { text: d.message },
    locations: [
      {
        physicalLocation: { artifactLocation, region },
        logicalLocations: [{ fullyQualifiedName: d.pointer }],
      },
    ],
    // What `lint --fix` writes for the finding, when it has a fix the text can take.
    fixes: fix ? [sarifFix(artifactLocation, fix)] : undefined,
    properties: { code: d.code, pointer: d.pointer },
  };
}

/**
 * The file path as a URI: a relative path as a relative reference, an absolute one (`/srv/a.yaml`,
 * `C:\a.yaml`, `\\host\share`) as a `file:` URI, since SARIF (3.4.4) reads a reference that begins with a
 * slash as one that cannot be resolved against a base (the SARIF validator's SARIF1004). Forward
 * slashes, and only the characters a URI cannot hold (spaces, `%`, `#`, `?`, non-ASCII...)
 * percent-encoded, so ordinary paths stay as given; a `:` in a relative path's first segment is
 * encoded too, or it would read as a scheme.
 */
function fileUri(file: string): string {
  const path = file.replace(/\\/g, '/');
  const drive = /^[A-Za-z]:\//.test(path);
  if (path.startsWith('//')) return 'file:' + encodePath(path); // a UNC path: //host/share/...
  if (path.startsWith('/') || drive) return (drive ? 'file:///' : 'file://') + encodePath(path);
  const slash = path.indexOf('/');
  const first = slash < 0 ? path : path.slice(0, slash);
  return encodePath(first).replace(/:/g, '%3A') + encodePath(path.slice(first.length));
}

function encodePath(path: string): string {
  return path.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/]+/g, (run) =>
    [...new TextEncoder().encode(run)].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join(''),
  );
}
