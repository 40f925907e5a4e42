import { Command } from 'commander';
import type { SourceFormat } from 'mcpdesc-core/source';
import { ExitCode, type CliIO } from '../io.js';
import type { DefineCommand } from '../command.js';
import { addOperationLimitOptions, boundsFromOptions } from '../limits-options.js';
import { checkOutput, readInput, reportDiagnostics, toOption, writeDocument } from '../document-io.js';
import { addReportingOptions, type ReportingOptions } from '../reporting-options.js';

const examples = `
Examples:
  $ mcpdesc bundle server.mcpdesc.yaml
  $ mcpdesc bundle server.mcpdesc.json --to yaml -o bundled.mcpdesc.yaml

Moves every schema (inputSchema, outputSchema, requestedSchema) and named example value that
occurs more than once into components (MCP Description 17) and replaces each use with a
$componentRef. A value equal to an existing component reuses that component; a new component
is named after its first use (<primitive>.inputSchema, <primitive>.<example>, ...).
mcpdesc resolve undoes it. With --verbose, each move is listed on standard error.

Exit codes: 0 bundled, 1 the input is invalid, 2 usage, I/O or internal error.`;

export interface BundleCommandOptions extends ReportingOptions {
  verbose?: boolean;
  to?: SourceFormat;
  output?: string;
}

export const defineBundle: DefineCommand = (io, setExitCode) =>
  addOperationLimitOptions(
    addReportingOptions(
      new Command('bundle')
        .description('move repeated schemas and examples of a description into components')
        .argument('<file>', 'description file (.json, .yaml, .yml; - for standard input)')
        .option('--verbose', 'list each component created or reused and its uses on standard error')
        .addOption(toOption())
        .option('-o, --output <file>', 'write the document to a file instead of standard output')
        .addHelpText('after', examples)
        .action(async (file: string, options: BundleCommandOptions) => {
          setExitCode(await runBundle(file, options, io));
        }),
    ),
  );

async function runBundle(file: string, options: BundleCommandOptions, io: CliIO): Promise<number> {
  await checkOutput(io, options.output);
  const input = await readInput(file, io, boundsFromOptions(options));
  const { bundle } = await import('mcpdesc-core/operations');
  const result = bundle(input.document);
  await reportDiagnostics(io, [input], result.diagnostics, 'bundled document', options);
  if (options.verbose) for (const m of result.moved) io.stderr(`${m.component} <- ${m.uses.join(', ')}\n`);
  if (!result.ok) return ExitCode.failed;
  await writeDocument(io, result.value, { to: options.to, output: options.output, fallback: input.format });
  return ExitCode.success;
}
