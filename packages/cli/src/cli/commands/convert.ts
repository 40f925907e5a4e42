import { Command } from 'commander';
import type { Diagnostic } from 'mcpdesc-core/model';
import type { SourceFormat } from 'mcpdesc-core/source';
import type { DefineCommand } from '../command.js';
import { checkOutput, filenameOf, readDocument, toOption, writeDocument } from '../document-io.js';
import { ExitCode, UsageError, type CliIO } from '../io.js';
import { addLimitOptions, limitsFromOptions } from '../limits-options.js';

const examples = `
Examples:
  $ mcpdesc convert server.mcpdesc.yaml -o server.mcpdesc.json
  $ mcpdesc convert server.mcpdesc.json --to yaml --sort-keys
  $ cat server.mcpdesc.json | mcpdesc convert - --to yaml

The data model is kept exactly (15.5); comments and formatting are not. Key order is kept
unless --sort-keys, which puts the root in the specification's order and nested keys in
alphabetical order. The output serialization is --to, else the extension of -o (.json, .yaml,
.yml); an explicit --to wins over the extension. -o may name the input (the write is atomic).
Exit codes: 0 converted, 1 the input could not be decoded, 2 usage or I/O error.`;

interface ConvertOptions {
  to?: SourceFormat;
  output?: string;
  sortKeys?: boolean;
  [limit: string]: unknown;
}

export const defineConvert: DefineCommand = (io, setExitCode) =>
  addLimitOptions(
    new Command('convert')
      .description('convert a description between JSON and restricted YAML, keeping its data model')
      .argument('<file>', 'description file (.json, .yaml, .yml; - for standard input)')
      .addOption(toOption('none: then -o must end .json, .yaml or .yml'))
      .option('-o, --output <file>', 'write to a file instead of standard output')
      .option('--sort-keys', 'canonical key order instead of the source order'),
  )
    .addHelpText('after', examples)
    .action(async (file: string, options: ConvertOptions) => {
      setExitCode(await runConvert(file, options, io));
    });

async function runConvert(file: string, options: ConvertOptions, io: CliIO): Promise<number> {
  const limits = limitsFromOptions(options);
  await checkOutput(io, options.output);
  const { parseDescription, formatFromName } = await import('mcpdesc-core/source');
  if (options.to === undefined && formatFromName(options.output) === undefined) {
    throw new UsageError('convert needs --to json|yaml, or -o with a .json, .yaml or .yml extension');
  }
  const read = await readDocument(file, io, limits.maxBytes);
  const parsed = read.tooLarge
    ? { document: undefined, diagnostics: [read.tooLarge] }
    : parseDescription(read.bytes, { filename: filenameOf(file), limits });
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || parsed.document === undefined) {
    const name = file === '-' ? '<stdin>' : file;
    for (const diagnostic of errors) io.stderr(diagnosticLine(name, diagnostic));
    return ExitCode.failed;
  }
  await writeDocument(io, parsed.document, {
    to: options.to,
    output: options.output,
    fallback: 'json', // not reached: --to or -o's extension is required above
    sortKeys: options.sortKeys === true,
  });
  return ExitCode.success;
}

/** One line per diagnostic (the stylish report lives in src/report/). */
function diagnosticLine(file: string, d: Diagnostic): string {
  const at = d.range ? `${d.range.start.line}:${d.range.start.column}` : '0:0';
  return `${file}:${at}  ${d.severity}  ${d.message}  ${d.rule}/${d.code}\n`;
}
