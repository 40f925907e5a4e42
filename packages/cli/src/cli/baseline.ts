import { dirname, relative, resolve, sep } from 'node:path';
import {
  type Diagnostic,
  type Severity,
  compareCodeUnits,
  escapePointerToken,
  parsePointer,
  isObject,
} from 'mcpdesc-core/model';
import type { FileReport } from 'mcpdesc-core/report';
import { failsAt } from './check-policy.js';
import { writeText } from './document-io.js';
import { UsageError, type CliIO } from './io.js';
import { baselineByteLimit, readFailure } from './read-file.js';

/**
 * A baseline, in the way of ESLint's bulk suppressions: today's findings, recorded so that a
 * project can adopt the linter and fail only on new ones. A finding is identified by its file
 * (relative to the baseline's directory, so the check can run from anywhere), rule, code and
 * pointer: never by line, so editing elsewhere in the file does not unsuppress it.
 */
export interface Baseline {
  version: 1;
  files: Record<string, BaselineEntry[]>;
}

export interface BaselineEntry {
  rule: string;
  code: string;
  /** Below `primitive` when that is present; else from the document root. */
  pointer: string;
  /** How many findings share this identity (the same rule can report one pointer twice). */
  count: number;
  /** The tool, prompt, resource or template the finding is in, by kind and name: inserting one leaves the others' entries matching. */
  primitive?: PrimitiveIdentity;
}

export interface PrimitiveIdentity {
  /** The root list: tools, prompts, resources or resourceTemplates. */
  kind: string;
  name: string;
}

/** The member that names an entry of each root primitive list. */
const namingMember: Record<string, string> = {
  tools: 'name',
  prompts: 'name',
  resources: 'uri',
  resourceTemplates: 'uriTemplate',
};

interface Located {
  pointer: string;
  primitive?: PrimitiveIdentity;
}

/**
 * Where a finding is by stable identity: `/tools/3/inputSchema` becomes tool "x", `/inputSchema`.
 * Index pointers stay when the entry has no name or shares its name (a duplicate).
 */
export function locate(document: unknown, pointer: string): Located {
  const tokens = parsePointer(pointer);
  if (!tokens || tokens.length < 2 || !isObject(document)) return { pointer };
  const [kind, index] = tokens as [string, string];
  const member = namingMember[kind];
  const list = document[kind];
  if (member === undefined || !Array.isArray(list) || !/^(0|[1-9]\d*)$/.test(index)) return { pointer };
  const named = list[Number(index)] as unknown;
  const name = isObject(named) ? named[member] : undefined;
  if (typeof name !== 'string') return { pointer };
  const sharing = list.filter((entry: unknown) => isObject(entry) && entry[member] === name).length;
  if (sharing !== 1) return { pointer };
  const below = tokens
    .slice(2)
    .map((token) => '/' + escapePointerToken(token))
    .join('');
  return { pointer: below, primitive: { kind, name } };
}

export interface BaselineOptions {
  /** --baseline FILE: report only findings the baseline does not record. */
  baseline?: string;
  /** --write-baseline FILE: record today's findings, then report as with that baseline. */
  writeBaseline?: string;
  /** --fail-on-stale: a baseline entry that no longer occurs fails the check (exit 1). */
  failOnStale?: boolean;
}

/** What applying a baseline did, for the closing note and the exit code. */
export interface BaselineOutcome {
  path: string;
  suppressed: number;
  stale: { file: string; entry: BaselineEntry }[];
}

const identity = (rule: string, code: string, at: Located): string =>
  JSON.stringify(
    at.primitive ? [rule, code, at.primitive.kind, at.primitive.name, at.pointer] : [rule, code, at.pointer],
  );

/** A report's findings with where they are, by stable identity and by index pointer (for older baselines). */
interface Placed {
  diagnostic: Diagnostic;
  at: Located;
}

function placed(diagnostics: readonly Diagnostic[], document: unknown): Placed[] {
  return diagnostics.map((diagnostic) => ({ diagnostic, at: locate(document, diagnostic.pointer) }));
}

/** The baseline of these reports, every list sorted so that the same findings give the same bytes. */
export function baselineOf(
  reports: readonly { key: string; diagnostics: readonly Diagnostic[]; document?: unknown }[],
): Baseline {
  const files: Record<string, BaselineEntry[]> = {};
  for (const { key, diagnostics, document } of [...reports].sort((a, b) => compareCodeUnits(a.key, b.key))) {
    if (diagnostics.length === 0) continue;
    const counted = new Map<string, BaselineEntry>();
    for (const { diagnostic: d, at } of placed(diagnostics, document)) {
      const id = identity(d.rule, d.code, at);
      const entry = counted.get(id);
      if (entry) entry.count++;
      else
        counted.set(id, {
          rule: d.rule,
          code: d.code,
          ...(at.primitive ? { primitive: at.primitive } : {}),
          pointer: at.pointer,
          count: 1,
        });
    }
    const sortKey = (e: BaselineEntry): string => identity(e.rule, e.code, e);
    files[key] = [...counted.values()].sort((a, b) => compareCodeUnits(sortKey(a), sortKey(b)));
  }
  return { version: 1, files };
}

export function serializeBaseline(baseline: Baseline): string {
  return JSON.stringify(baseline, null, 2) + '\n';
}

/** Checks a decoded baseline; a problem is a usage error naming the member. */
export function parseBaseline(text: string, path: string): Baseline {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`baseline ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const invalid = (what: string): UsageError =>
    new UsageError(`baseline ${path} is invalid: ${what} (write a new one with --write-baseline)`);
  if (!isObject(value) || value.version !== 1) throw invalid('expected { "version": 1, "files": {...} }');
  if (!isObject(value.files)) throw invalid('files is not an object');
  const files: Record<string, BaselineEntry[]> = {};
  for (const [file, entries] of Object.entries(value.files)) {
    if (!Array.isArray(entries)) throw invalid(`files["${file}"] is not an array`);
    files[file] = entries.map((entry: unknown, index) => {
      const ok =
        isObject(entry) &&
        typeof entry.rule === 'string' &&
        typeof entry.code === 'string' &&
        typeof entry.pointer === 'string' &&
        Number.isInteger(entry.count) &&
        (entry.count as number) > 0 &&
        (entry.primitive === undefined ||
          (isObject(entry.primitive) &&
            typeof entry.primitive.kind === 'string' &&
            typeof entry.primitive.name === 'string'));
      if (!ok)
        throw invalid(`files["${file}"][${index}] is not { rule, code, primitive?: { kind, name }, pointer, count }`);
      const { rule, code, pointer, count, primitive } = entry as unknown as BaselineEntry;
      return {
        rule,
        code,
        ...(primitive ? { primitive: { kind: primitive.kind, name: primitive.name } } : {}),
        pointer,
        count,
      };
    });
  }
  return { version: 1, files };
}

/** Where a checked file is recorded: relative to the baseline's directory, with forward slashes. */
function keyOf(file: string, baselineDirectory: string, cwd: string): string {
  return file === '-' ? file : relative(baselineDirectory, resolve(cwd, file)).split(sep).join('/');
}

/**
 * Writes (--write-baseline) and applies (--baseline) a baseline to the reports in place: recorded
 * findings are dropped, and a file that failed only by them passes. Entries of files checked in
 * this run that no longer occur are stale; files not checked in this run are left alone.
 */
export async function applyBaseline(
  reports: FileReport[],
  /** The decoded documents, for stable identities; a report without one is keyed by index pointers. */
  documents: ReadonlyMap<FileReport, unknown>,
  options: BaselineOptions,
  io: CliIO,
  failSeverity: Severity,
  /** False when a file could not be read: a baseline written then would forget its findings. */
  everyFileRead: boolean,
): Promise<BaselineOutcome | undefined> {
  if (options.baseline !== undefined && options.writeBaseline !== undefined)
    throw new UsageError('--baseline and --write-baseline cannot be combined: --write-baseline replaces the file');
  const path = options.writeBaseline ?? options.baseline;
  if (path === undefined) return undefined;
  const directory = dirname(resolve(io.cwd, path));
  const keyed = reports.map((report) => ({ report, key: keyOf(report.file, directory, io.cwd) }));
  let baseline: Baseline;
  if (options.writeBaseline !== undefined) {
    if (!everyFileRead) throw new UsageError(`baseline ${path} not written: a file could not be read`);
    baseline = baselineOf(
      keyed.map(({ report, key }) => ({ key, diagnostics: report.diagnostics, document: documents.get(report) })),
    );
    await writeText(io, serializeBaseline(baseline), options.writeBaseline, 'json');
  } else {
    baseline = parseBaseline(new TextDecoder().decode(await readBaseline(path, io)), path);
  }
  let suppressed = 0;
  const stale: BaselineOutcome['stale'] = [];
  for (const { report, key } of keyed) {
    const entries = baseline.files[key] ?? [];
    const left = new Map(entries.map((e) => [identity(e.rule, e.code, e), e.count]));
    const remaining = placed(report.diagnostics, documents.get(report))
      .filter(({ diagnostic: d, at }) => {
        // The stable identity first; the index pointer for entries of older baselines.
        for (const id of [identity(d.rule, d.code, at), identity(d.rule, d.code, { pointer: d.pointer })]) {
          const count = left.get(id) ?? 0;
          if (count === 0) continue;
          left.set(id, count - 1);
          suppressed++;
          return false;
        }
        return true;
      })
      .map(({ diagnostic }) => diagnostic);
    for (const entry of entries) {
      const unused = left.get(identity(entry.rule, entry.code, entry)) ?? 0;
      if (unused > 0) stale.push({ file: key, entry: { ...entry, count: unused } });
    }
    report.diagnostics = remaining;
    report.valid = !failsAt(remaining, failSeverity);
  }
  return { path, suppressed, stale };
}

async function readBaseline(path: string, io: CliIO): Promise<Uint8Array> {
  try {
    return await io.readFile(path, baselineByteLimit);
  } catch (error) {
    const reason = readFailure(error, baselineByteLimit);
    const hint = (error as NodeJS.ErrnoException).code === 'ENOENT' ? ' (create it with --write-baseline)' : '';
    throw new UsageError(`cannot read baseline ${path}: ${reason}${hint}`);
  }
}

/** The closing note on standard error: how many findings were suppressed, and which entries are stale. */
export function baselineNote(outcome: BaselineOutcome, written: boolean): string {
  const findings = (n: number): string => `${n} finding${n === 1 ? '' : 's'}`;
  const lines = [
    written
      ? `mcpdesc: recorded ${findings(outcome.suppressed)} in baseline ${outcome.path}; the report above leaves them out`
      : `mcpdesc: ${findings(outcome.suppressed)} suppressed by baseline ${outcome.path}`,
  ];
  if (outcome.stale.length > 0) {
    lines.push(
      `mcpdesc: ${outcome.stale.length} baseline entr${outcome.stale.length === 1 ? 'y is' : 'ies are'} stale (no longer found); --write-baseline ${outcome.path} drops them:`,
      ...outcome.stale.map(
        ({ file, entry }) =>
          `  ${file}  ${entry.rule}/${entry.code} at ${entryPlace(entry)}` +
          (entry.count > 1 ? ` (${entry.count}x)` : ''),
      ),
    );
  }
  return lines.join('\n') + '\n';
}

function entryPlace(entry: BaselineEntry): string {
  const pointer = entry.pointer === '' ? '' : ` ${entry.pointer}`;
  if (entry.primitive) return `${entry.primitive.kind} "${entry.primitive.name}"${pointer}`;
  return pointer === '' ? '(root)' : entry.pointer;
}
