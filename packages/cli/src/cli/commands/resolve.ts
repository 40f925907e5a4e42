import { Command } from 'commander';
import type { SourceFormat } from 'mcpdesc-core/source';
import { ExitCode, type CliIO } from '../io.js';
import type { DefineCommand } from '../command.js';
import { addOperationLimitOptions, boundsFromOptions } from '../limits-options.js';
import { checkOutput, readInput, reportDiagnostics, toOption, writeDocument } from '../document-io.js';
import { addReportingOptions, type ReportingOptions } from '../reporting-options.js';

const examples = `
Examples:
  $ mcpdesc resolve server.mcpdesc.yaml
  $ mcpdesc resolve server.mcpdesc.json --provenance -o resolved.mcpdesc.json
  $ mcpdesc resolve server.mcpdesc.yaml --keep-components --to json

Replaces every $componentRef (MCP Description 17.4) with a copy of the component it designates,
following component-to-component references; cycles and missing targets are errors. The now
unused component namespaces are removed unless --keep-components. With --provenance, each
replacement (use site <- component) is listed on standard error.

Exit codes: 0 resolved, 1 the input is invalid or a reference cannot be resolved,
2 usage, I/O or internal error.`;

export interface ResolveCommandOptions extends ReportingOptions {
  keepComponents?: boolean;
  provenance?: boolean;
  to?: SourceFormat;
  output?: string;
}

export const defineResolve: DefineCommand = (io, setExitCode) =>
  addOperationLimitOptions(
    addReportingOptions(
      new Command('resolve')
        .description('inline every $componentRef of a description')
        .argument('<file>', 'description file (.json, .yaml, .yml; - for standard input)')
        .option('--keep-components', 'keep the components (with their own references inlined)')
        .option('--provenance', 'list which reference was replaced by which component on standard error')
        .addOption(toOption())
        .option('-o, --output <file>', 'write the document to a file instead of standard output')
        .addHelpText('after', examples)
        .action(async (file: string, options: ResolveCommandOptions) => {
          setExitCode(await runResolve(file, options, io));
        }),
    ),
  );

async function runResolve(file: string, options: ResolveCommandOptions, io: CliIO): Promise<number> {
  await checkOutput(io, options.output);
  const input = await readInput(file, io, boundsFromOptions(options));
  const { resolve } = await import('mcpdesc-core/operations');
  const result = resolve(input.document, { keepComponents: options.keepComponents === true });
  await reportDiagnostics(io, [input], result.diagnostics, 'resolved document', options);
  if (options.provenance) {
    for (const r of result.provenance) io.stderr(`${r.pointer} <- ${r.chain.join(' -> ')}\n`);
  }
  if (!result.ok) return ExitCode.failed;
  await writeDocument(io, result.value, { to: options.to, output: options.output, fallback: input.format });
  return ExitCode.success;
}
