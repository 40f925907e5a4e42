import { Command } from 'commander';
import type { SourceFormat } from 'mcpdesc-core/source';
import { ExitCode, type CliIO } from '../io.js';
import type { DefineCommand } from '../command.js';
import { addOperationLimitOptions, boundsFromOptions } from '../limits-options.js';
import { checkOutput, readInputs, reportDiagnostics, toOption, writeDocument } from '../document-io.js';
import { addReportingOptions, type ReportingOptions } from '../reporting-options.js';

const examples = `
Examples:
  $ mcpdesc merge v2025-06-18.mcpdesc.yaml v2025-11-25.mcpdesc.yaml -o server.mcpdesc.yaml
  $ mcpdesc merge old.mcpdesc.json new.mcpdesc.json --rename --to yaml

Merges descriptions of one server (MCP Description 4.13): every input is validated; mcpdesc,
info, instructions, securitySchemes, root security, tags and root extensions must agree;
inputs describing the same revision must have equivalent views; equivalent declarations are
collapsed by unioning their scopes and differing ones are kept as disjoint scoped variants.
Components with one name and different values are a conflict, or with --rename the later one
is renamed (<name>-<input number>) and every reference to it rewritten. Conflicts name both
values and the pointers in both inputs; nothing is guessed. The output is validated.

Exit codes: 0 merged, 1 an input is invalid or the inputs conflict,
2 usage, I/O or internal error.`;

export interface MergeCommandOptions extends ReportingOptions {
  rename?: boolean;
  to?: SourceFormat;
  output?: string;
}

export const defineMerge: DefineCommand = (io, setExitCode) =>
  addOperationLimitOptions(
    addReportingOptions(
      new Command('merge')
        .description('merge descriptions of one server (single- or multi-revision) into one multi-revision document')
        .argument('<files...>', 'description files (.json, .yaml, .yml; - for standard input)')
        .option('--rename', 'rename colliding components with different values instead of failing')
        .addOption(toOption())
        .option('-o, --output <file>', 'write the document to a file instead of standard output')
        .addHelpText('after', examples)
        .action(async (files: string[], options: MergeCommandOptions) => {
          setExitCode(await runMerge(files, options, io));
        }),
    ),
  );

async function runMerge(files: string[], options: MergeCommandOptions, io: CliIO): Promise<number> {
  await checkOutput(io, options.output);
  const inputs = await readInputs(files, io, boundsFromOptions(options));
  const { merge } = await import('mcpdesc-core/operations');
  const result = merge(
    inputs.map((i) => i.document),
    // The result is only written: it may share the decoded inputs' values (no copy of the whole document).
    { rename: options.rename === true, labels: files },
  );
  await reportDiagnostics(io, inputs, result.diagnostics, 'merged document', options);
  if (!result.ok) return ExitCode.failed;
  await writeDocument(io, result.value, { to: options.to, output: options.output, fallback: inputs[0]!.format });
  return ExitCode.success;
}
