import { Command } from 'commander';
import type { SourceFormat } from 'mcpdesc-core/source';
import type { DefineCommand } from '../command.js';
import { addOperationLimitOptions, boundsFromOptions } from '../limits-options.js';
import {
  checkOutput,
  protocolDescription,
  protocolFlags,
  protocolOf,
  readInput,
  reportDiagnostics,
  toOption,
  writeDocument,
} from '../document-io.js';
import { ExitCode, type CliIO } from '../io.js';
import { addReportingOptions, type ReportingOptions } from '../reporting-options.js';

const examples = `
Examples:
  $ mcpdesc project server.mcpdesc.yaml --protocol 2025-11-25
  $ mcpdesc project server.mcpdesc.json --protocol 2026-07-28 --prune-components -o view.mcpdesc.json
  $ cat server.mcpdesc.yaml | mcpdesc project - --protocol 2025-06-18 --to json

The Effective Protocol View (MCP Description 4.12): the declarations applying to one revision,
scopes removed, emptied collections omitted; info, tags, security and extensions kept as they are.
The input is validated first and the view last. Diagnostics go to standard error. --protocol
may be left out when the document's protocolVersions lists one revision; -o x.json writes JSON.

Exit codes: 0 projected, 1 the input is invalid or the view cannot be produced,
2 usage, I/O or internal error.`;

export interface ProjectCommandOptions extends ReportingOptions {
  protocol?: string;
  pruneComponents?: boolean;
  to?: SourceFormat;
  output?: string;
}

export const defineProject: DefineCommand = (io, setExitCode) =>
  addOperationLimitOptions(
    addReportingOptions(
      new Command('project')
        .description('write the Effective Protocol View of a description for one MCP protocol revision')
        .argument('<file>', 'description file (.json, .yaml, .yml; - for standard input)')
        .option(protocolFlags, protocolDescription)
        .option('--prune-components', 'drop components no retained declaration references (transitively)')
        .addOption(toOption())
        .option('-o, --output <file>', 'write the document to a file instead of standard output')
        .addHelpText('after', examples)
        .action(async (file: string, options: ProjectCommandOptions) => {
          setExitCode(await runProject(file, options, io));
        }),
    ),
  );

async function runProject(file: string, options: ProjectCommandOptions, io: CliIO): Promise<number> {
  await checkOutput(io, options.output);
  const input = await readInput(file, io, boundsFromOptions(options));
  const { project } = await import('mcpdesc-core/operations');
  const protocol = await protocolOf(input.document, options.protocol);
  const result = project(input.document, protocol, { pruneComponents: options.pruneComponents === true });
  await reportDiagnostics(io, [input], result.diagnostics, 'projected view', options);
  if (!result.ok) return ExitCode.failed;
  await writeDocument(io, result.value, { to: options.to, output: options.output, fallback: input.format });
  return ExitCode.success;
}
