import { Command, Option } from 'commander';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { SourceFormat, SourceMap } from '../../source/types.js';
import { ExitCode, type CliIO } from '../io.js';
import type { DefineCommand } from './index.js';

const examples = `
Examples:
  $ mcpdesc project server.mcpdesc.yaml --protocol 2025-11-25
  $ mcpdesc project server.mcpdesc.json --protocol 2026-07-28 --prune-components -o view.mcpdesc.json
  $ cat server.mcpdesc.yaml | mcpdesc project - --protocol 2025-06-18 --to json

The Effective Protocol View (MCP Description 4.12): the declarations applying to one revision,
scopes removed, emptied collections omitted; info, tags, security and extensions kept as they are.
The input is validated first and the view last. Diagnostics go to standard error.

Exit codes: 0 projected, 1 the input is invalid or the view cannot be produced,
2 usage, I/O or internal error.`;

export interface ProjectCommandOptions {
  protocol: string;
  pruneComponents?: boolean;
  to?: SourceFormat;
  output?: string;
}

export const defineProject: DefineCommand = (io, setExitCode) =>
  new Command('project')
    .description('write the Effective Protocol View of a description for one MCP protocol revision')
    .argument('<file>', 'description file (.json, .yaml, .yml; - for standard input)')
    .requiredOption('-p, --protocol <revision>', 'the MCP protocol revision, e.g. 2025-11-25')
    .option('--prune-components', 'drop components no retained declaration references (transitively)')
    .addOption(toOption())
    .option('-o, --output <file>', 'write the document to a file instead of standard output')
    .addHelpText('after', examples)
    .action(async (file: string, options: ProjectCommandOptions) => {
      setExitCode(await runProject(file, options, io));
    });

async function runProject(file: string, options: ProjectCommandOptions, io: CliIO): Promise<number> {
  const input = await readInput(file, io);
  if (typeof input === 'number') return input;
  const { project } = await import('../../operations/project.js');
  const result = project(input.document, options.protocol, { pruneComponents: options.pruneComponents === true });
  await reportDiagnostics(io, [input], result.diagnostics, 'projected view');
  if (!result.ok) return ExitCode.failed;
  await writeDocument(io, result.value, options.to ?? input.format, options.output);
  return ExitCode.success;
}

// ---- shared by the document-operation commands (project, merge, resolve, bundle) ----

/** `--to json|yaml`: the output serialization; default: the input's. */
export function toOption(): Option {
  return new Option('--to <format>', "output serialization (default: the input's)").choices(['json', 'yaml']);
}

export interface OperationInput {
  file: string;
  text: string;
  document: unknown;
  format: SourceFormat;
  sourceMap: SourceMap;
}

/** Reads and decodes one input; on failure prints the reason and returns the exit code. */
export async function readInput(file: string, io: CliIO): Promise<OperationInput | number> {
  const { readDocument } = await import('../read-document.js');
  const read = await readDocument(file, io);
  if (!read.ok) {
    io.stderr(`mcpdesc: ${read.message}\n`);
    return ExitCode.usage;
  }
  const { parseDescription } = await import('../../source/index.js');
  const parsed = parseDescription(read.bytes, { filename: file === '-' ? undefined : file });
  const input: OperationInput = {
    file,
    text: read.text,
    document: parsed.document,
    format: parsed.format,
    sourceMap: parsed.sourceMap,
  };
  if (parsed.document === undefined || parsed.diagnostics.some((d) => d.severity === 'error')) {
    await reportDiagnostics(io, [input], parsed.diagnostics, 'output');
    return ExitCode.failed;
  }
  return input;
}

/**
 * Prints operation diagnostics with the stylish formatter on standard error, grouped by the
 * input they point into (`input` index; none: the first input for single-input operations, or
 * the output for `operation.*.output` diagnostics). Input ranges come from the source maps.
 */
export async function reportDiagnostics(
  io: CliIO,
  inputs: OperationInput[],
  diagnostics: readonly (Diagnostic & { input?: number })[],
  outputName: string,
): Promise<void> {
  if (diagnostics.length === 0) return;
  const files = new Map<string, Diagnostic[]>();
  const sources = new Map<string, string>();
  for (const input of inputs) sources.set(input.file, input.text);
  const outputFile = `<${outputName}>`;
  for (const d of diagnostics) {
    const isOutput = /^operation\.[a-z]+\.output$/.test(d.rule);
    const input = isOutput ? undefined : inputs[d.input ?? (inputs.length === 1 ? 0 : -1)];
    const file = input ? input.file : isOutput ? outputFile : '<merge>';
    const { input: _index, related: _related, ...plain } = d as Diagnostic & { input?: number; related?: unknown };
    if (input && !plain.range) {
      const range = input.sourceMap.rangeOf(plain.pointer);
      if (range) plain.range = range;
    }
    if (!files.has(file)) files.set(file, []);
    files.get(file)!.push(plain);
  }
  const { formatReport } = await import('../report/index.js');
  const report = {
    files: [...files].map(([file, list]) => ({
      file,
      valid: !list.some((d) => d.severity === 'error'),
      complete: true,
      diagnostics: list,
    })),
  };
  io.stderr(formatReport('stylish', report, { sources, color: false, toolName: 'mcpdesc' }));
}

/** Serializes a document (JSON or YAML) to `-o FILE` or standard output. */
export async function writeDocument(
  io: CliIO,
  document: unknown,
  format: SourceFormat,
  output: string | undefined,
): Promise<void> {
  const { serializeDescription } = await import('../../source/index.js');
  const text = serializeDescription(document, { format });
  if (output) await io.writeFile(output, text);
  else io.stdout(text);
}
