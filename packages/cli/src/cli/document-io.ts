/**
 * Reading, decoding, reporting and writing documents: what every command that takes a
 * description does around its library call. Heavy modules load only when a command runs.
 */
import { dirname } from 'node:path';
import { Option } from 'commander';
import { type Diagnostic, isObject, type JsonObject } from 'mcpdesc-core/model';
import { neutralizeOutput, type OutputKind, formatReport } from 'mcpdesc-core/report';
import type { SourceFormat, SourceLimits, SourceMap } from 'mcpdesc-core/source';
import { finishDiagnostics } from 'mcpdesc-core/validate';
import { CliExit, ExitCode, InputTooLarge, reportExit, UsageError, type CliIO } from './io.js';
import type { ReportingOptions } from './reporting-options.js';

/** The serializations a command can write. */
export const sourceFormats = ['json', 'yaml'] as const satisfies readonly SourceFormat[];

/**
 * `--to json|yaml`: the output serialization. Like Prettier's --parser and yq's -o, an explicit
 * --to wins over the extension of -o; without it, `-o x.json` writes JSON and `-o x.yaml` YAML.
 */
export function toOption(fallback = "the input's"): Option {
  return new Option(
    '--to <format>',
    `output serialization (default: the -o file's extension, .json or .yaml/.yml, else ${fallback})`,
  ).choices(sourceFormats);
}

/** A file as read: its bytes, plus a lenient text copy for report excerpts. */
export interface ReadDocument {
  bytes: Uint8Array;
  /**
   * Decoded on first use: a clean file's report shows no excerpt, and a second copy of a large
   * document's text would be a tenth of a validation's peak memory.
   */
  readonly text: string;
  /** The `source.limit` max-bytes error when the input is larger than the limit (then no bytes were kept). */
  tooLarge?: Diagnostic;
}

/**
 * Reads a file (or `-` for standard input), holding at most `maxBytes`: a larger input is
 * refused before it is read whole. A file that cannot be read is a UsageError (exit code 2).
 */
export async function readDocument(file: string, io: CliIO, maxBytes?: number): Promise<ReadDocument> {
  // Loaded here, not at start-up: `--help` reads no source module.
  const { defaultLimits, limitDiagnostic } = await import('mcpdesc-core/source');
  const limit = maxBytes ?? defaultLimits.maxBytes;
  try {
    const bytes = await io.readFile(file, limit);
    let text: string | undefined;
    return {
      bytes,
      get text() {
        return (text ??= new TextDecoder().decode(bytes));
      },
    };
  } catch (error) {
    if (error instanceof InputTooLarge) {
      const size = error.size ?? `more than ${limit}`;
      return { bytes: new Uint8Array(0), text: '', tooLarge: limitDiagnostic('maxBytes', size, limit, '') };
    }
    const { readFailure, NotARegularFile } = await import('./read-file.js');
    const reason = readFailure(error, limit);
    // Process substitution (`<(cat f)`, /dev/fd/63) is a FIFO: refused (it may block for ever), so say what works.
    const hint =
      error instanceof NotARegularFile && error.what === 'a FIFO (named pipe)'
        ? '; for piped input pass - and pipe the document to standard input'
        : '';
    throw new UsageError(`cannot read ${file === '-' ? 'standard input' : file}: ${reason}${hint}`);
  }
}

/** The name the parser is given for a file: none for standard input (the format is sniffed). */
export function filenameOf(file: string): string | undefined {
  return file === '-' ? undefined : file;
}

/** A file as reported: its name, its text for excerpts, and where its pointers are. */
export interface ReportedInput {
  file: string;
  text: string;
  sourceMap?: SourceMap;
}

export interface OperationInput extends ReportedInput {
  document: unknown;
  format: SourceFormat;
  sourceMap: SourceMap;
}

/** An input read and decoded; `decoded` is false when its text is no document (the diagnostics say why). */
export interface DecodedInput {
  input: OperationInput;
  decoded: boolean;
  diagnostics: Diagnostic[];
}

/**
 * The bounds every command decodes its inputs with: the per-document limits (`--max-bytes` and
 * the others) and the run's limit on the values of all inputs together (`--max-run-values`).
 */
export interface DecodeBounds {
  limits?: Partial<SourceLimits>;
  maxRunValues?: number;
}

/**
 * Reads and decodes one input without ending the command when it cannot be decoded: with the
 * per-document limits, then spending the run's value budget (`io.run`), so a run over large inputs
 * is refused before any operation works on them.
 */
export async function decodeInput(file: string, io: CliIO, bounds: DecodeBounds = {}): Promise<DecodedInput> {
  if (io.run && bounds.maxRunValues !== undefined) io.run.total = bounds.maxRunValues;
  const spent = io.run?.spent();
  const read = spent ? undefined : await readDocument(file, io, bounds.limits?.maxBytes);
  if (read === undefined || read.tooLarge) {
    const { emptySourceMap } = await import('mcpdesc-core/source');
    const input = { file, text: '', document: undefined, format: 'json' as const, sourceMap: emptySourceMap };
    return { input, decoded: false, diagnostics: [spent ?? read!.tooLarge!] };
  }
  const { parseDescription } = await import('mcpdesc-core/source');
  const parsed = parseDescription(read.bytes, {
    filename: filenameOf(file),
    ...(bounds.limits ? { limits: bounds.limits } : {}),
  });
  const input = {
    file,
    text: read.text,
    document: parsed.document,
    format: parsed.format,
    sourceMap: parsed.sourceMap,
  };
  const decoded = parsed.document !== undefined && !parsed.diagnostics.some((d) => d.severity === 'error');
  const overBudget = decoded ? io.run?.spend(parsed.document) : undefined;
  if (overBudget) return { input, decoded: false, diagnostics: [...parsed.diagnostics, overBudget] };
  return { input, decoded, diagnostics: parsed.diagnostics };
}

/** Reads and decodes one input; a file that cannot be decoded is reported and ends the command with exit code 1. */
export async function readInput(file: string, io: CliIO, bounds: DecodeBounds = {}): Promise<OperationInput> {
  const { input, decoded, diagnostics } = await decodeInput(file, io, bounds);
  if (!decoded) {
    await reportDiagnostics(io, [input], diagnostics, 'output');
    throw new CliExit(ExitCode.failed);
  }
  return input;
}

/** Reads and decodes an input whose document must be an object (a server is compared with it); else exit code 1. */
export async function readObjectInput(
  file: string,
  io: CliIO,
  bounds: DecodeBounds = {},
): Promise<OperationInput & { document: JsonObject }> {
  const input = await readInput(file, io, bounds);
  if (!isObject(input.document)) throw new CliExit(ExitCode.failed, `${file} is not an MCP Description object`);
  return input as OperationInput & { document: JsonObject };
}

/** Reads and decodes every input, reporting each failure; any failure ends the command with the worst exit code. */
export async function readInputs(
  files: readonly string[],
  io: CliIO,
  bounds: DecodeBounds = {},
): Promise<OperationInput[]> {
  const inputs: OperationInput[] = [];
  let exitCode: number = ExitCode.success;
  for (const file of files) {
    try {
      inputs.push(await readInput(file, io, bounds));
    } catch (error) {
      if (!(error instanceof CliExit)) throw error;
      reportExit(io, error);
      exitCode = Math.max(exitCode, error.exitCode);
    }
  }
  if (exitCode !== ExitCode.success) throw new CliExit(exitCode);
  return inputs;
}

/** `-p/--protocol` for commands that work on one revision: optional when the document declares only one. */
export const protocolFlags = '-p, --protocol <revision>';
export const protocolDescription =
  "the MCP protocol revision, e.g. 2025-11-25 (default: the document's protocolVersions, when it lists one)";

/** The revision a command works on: `--protocol`, else the document's only root revision; else a UsageError listing them. */
export async function protocolOf(document: unknown, given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  const { rootScopeOf } = await import('mcpdesc-core/model');
  const revisions = rootScopeOf(document);
  if (revisions.length === 1) return revisions[0]!;
  throw new UsageError(
    revisions.length === 0
      ? '--protocol is required: the document declares no known protocol revision'
      : `--protocol is required: the document declares ${revisions.length} revisions (${revisions.join(', ')}); choose one`,
  );
}

/** The one place the CLI gives diagnostics the source ranges of the input their pointers point into. */
export function withRanges<T extends Diagnostic>(input: ReportedInput, diagnostics: readonly T[]): T[] {
  return finishDiagnostics(diagnostics, input.sourceMap) as T[];
}

/**
 * Prints operation diagnostics with the stylish formatter on standard error, grouped by the
 * input they point into (`input` index; none: the first input for single-input operations, or
 * the output for `operation.*.output` diagnostics).
 */
export async function reportDiagnostics(
  io: CliIO,
  inputs: readonly ReportedInput[],
  diagnostics: readonly (Diagnostic & { input?: number })[],
  outputName: string,
  options: ReportingOptions = {},
): Promise<void> {
  if (diagnostics.length === 0) return;
  diagnostics = await configured(io, inputs, diagnostics, options.config);
  // --quiet: the errors alone (the command's verdict was decided before).
  if (options.quiet) diagnostics = diagnostics.filter((d) => d.severity === 'error');
  if (diagnostics.length === 0) return;
  const files = new Map<string, { input?: ReportedInput; diagnostics: Diagnostic[] }>();
  const sources = new Map<string, string>();
  for (const input of inputs) sources.set(input.file, input.text);
  const outputFile = `<${outputName}>`;
  for (const d of diagnostics) {
    const isOutput = /^operation\.[a-z]+\.output$/.test(d.rule);
    const input = isOutput ? undefined : inputs[d.input ?? (inputs.length === 1 ? 0 : -1)];
    const file = input ? input.file : isOutput ? outputFile : '<merge>';
    const { input: _index, related: _related, ...plain } = d as Diagnostic & { input?: number; related?: unknown };
    if (!files.has(file)) files.set(file, { ...(input ? { input } : {}), diagnostics: [] });
    files.get(file)!.diagnostics.push(plain);
  }
  const report = {
    files: [...files].map(([file, group]) => {
      const list = group.input ? withRanges(group.input, group.diagnostics) : group.diagnostics;
      return { file, valid: !list.some((d) => d.severity === 'error'), complete: true, diagnostics: list };
    }),
  };
  io.stderr(formatReport('stylish', report, { sources, color: false, toolName: 'mcpdesc' }));
}

/**
 * Refuses an unusable `-o` path before any work: empty, a directory, or in a directory that does
 * not exist. (Writing onto an input is safe: inputs are read whole first and writes are atomic.)
 */
export async function checkOutput(io: CliIO, output: string | undefined, option = '-o'): Promise<void> {
  if (output === undefined) return;
  if (output === '') throw new UsageError(`${option} expects a file name, got ""`);
  if (!io.pathKind) return;
  const kind = await io.pathKind(output);
  if (kind === 'directory') throw new UsageError(`cannot write ${output}: is a directory`);
  if (kind === 'other') return; // a device or a FIFO is written in place
  const parent = dirname(output);
  const parentKind = kind === 'file' ? 'directory' : await io.pathKind(parent);
  if (parentKind !== 'directory') {
    throw new UsageError(
      `cannot write ${output}: ${parent} ${parentKind === undefined ? 'does not exist' : 'is not a directory'}`,
    );
  }
  // Refused before any work (a capture connects and lists first): the atomic write needs a new file in the directory.
  if (!io.probeDirectory) return;
  try {
    await io.probeDirectory(parent);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot write ${output}: ${parent} does not accept new files${code ? ` (${code})` : ''}`);
  }
}

/**
 * Writes text to `-o FILE` (atomically) or standard output, the one way every command writes its
 * output: control characters from documents and servers are neutralised as `kind` requires
 * (report/control-characters.ts). A report in pieces (formatReportPieces) is written piece by
 * piece, never joined: one write per piece, each neutralised alone (a piece never ends inside an
 * escape sequence or a CR LF). A file that cannot be written is a UsageError.
 */
export async function writeText(
  io: CliIO,
  text: string | Iterable<string>,
  output: string | undefined,
  kind: OutputKind,
): Promise<void> {
  // The pieces are made as they are written: a formatter's own failure is no failure to write.
  const failed: { error?: unknown } = {};
  const safe = neutralizedPieces(typeof text === 'string' ? [text] : text, kind, failed);
  if (output === undefined) {
    for (const piece of safe) {
      io.stdout(piece);
      await io.stdoutDrained?.();
    }
    return;
  }
  try {
    await io.writeFile(output, safe);
  } catch (error) {
    if ('error' in failed) throw failed.error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOSPC' ? 'no space left on device' : (error as Error).message;
    throw new UsageError(`cannot write ${output}: ${reason}`);
  }
}

function* neutralizedPieces(
  pieces: Iterable<string>,
  kind: OutputKind,
  failed: { error?: unknown },
): Generator<string> {
  try {
    for (const piece of pieces) yield neutralizeOutput(piece, kind);
  } catch (error) {
    failed.error = error;
    throw error;
  }
}

/** How a document is serialized: `--to`, else the `-o` file's extension, else `fallback`. */
export interface DocumentOutput {
  to?: SourceFormat | undefined;
  output?: string | undefined;
  fallback: SourceFormat;
  sortKeys?: boolean;
}

/** Serializes a document (JSON or YAML) to `-o FILE` or standard output. */
export async function writeDocument(io: CliIO, document: unknown, target: DocumentOutput): Promise<void> {
  const { serializeDescription, formatFromName } = await import('mcpdesc-core/source');
  const format = target.to ?? formatFromName(target.output) ?? target.fallback;
  const text = serializeDescription(document, { format, sortKeys: target.sortKeys === true });
  await writeText(io, text, target.output, format);
}

/**
 * The validation findings these commands reprint, with each input's mcpdesc.config.json applied
 * (found as for validate and lint) by the same function validate and lint use: presentation only,
 * the command's verdict was decided before.
 */
async function configured<D extends Diagnostic & { input?: number }>(
  io: CliIO,
  inputs: readonly ReportedInput[],
  diagnostics: readonly D[],
  config: string | undefined,
): Promise<D[]> {
  const { configLoader, presentSettings } = await import('./config-loader.js');
  const configOf = await configLoader(config === undefined ? {} : { config }, io);
  const out: D[] = [];
  for (let index = -1; index < inputs.length; index++) {
    const mine = diagnostics.filter((d) =>
      index === -1
        ? inputs[d.input ?? (inputs.length === 1 ? 0 : -1)] === undefined
        : (d.input ?? (inputs.length === 1 ? 0 : -1)) === index,
    );
    if (mine.length === 0) continue;
    // One by one: a spread of 126,000 findings overflows the call stack.
    const shown =
      index === -1
        ? mine
        : ((await presentSettings(mine, (await configOf(inputs[index]!.file)).settings)).diagnostics as D[]);
    for (const d of shown) out.push(d);
  }
  return out;
}
