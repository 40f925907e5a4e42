import { Command } from 'commander';
import type { DefineCommand } from '../command.js';
import { checkOutput, readObjectInput, reportDiagnostics, writeText } from '../document-io.js';
import { ExitCode, type CliIO } from '../io.js';
import { addOperationLimitOptions, boundsFromOptions } from '../limits-options.js';
import { addReportingOptions, type ReportingOptions } from '../reporting-options.js';

const examples = `
Examples:
  $ mcpdesc export server-json server.mcpdesc.yaml -o server.json
  $ cat server.mcpdesc.json | mcpdesc export server-json -

Writes an MCP Registry server.json from a description (docs/registry.md). A description seeded
by \`mcpdesc init --from-server-json\` keeps the original in x-registry: it is written back in its
format, with the description's info and remote transports where they changed. Otherwise the
2025-12-11 format is written: info.name (a reverse-DNS name derived from a GitHub or website
URL when info.name is not one), title, description, version, websiteUrl, icons, and the
streamable-http and sse transports as remotes. What cannot be expressed is listed on standard
error (operation.registry.unmapped); a field server.json requires and the description lacks is
an error and nothing is written.

Exit codes: 0 written, 1 the input is invalid or lacks what server.json requires,
2 usage, I/O or internal error.`;

interface ExportOptions extends ReportingOptions {
  output?: string;
}

export const defineExport: DefineCommand = (io, setExitCode) => {
  const serverJson = addOperationLimitOptions(
    addReportingOptions(
      new Command('server-json')
        .description('write an MCP Registry server.json from a description')
        .argument('<file>', 'description file (.json, .yaml, .yml; - for standard input)')
        .option('-o, --output <file>', 'write server.json to a file instead of standard output')
        .addHelpText('after', examples)
        .action(async (file: string, options: ExportOptions) => {
          setExitCode(await runExportServerJson(file, options, io));
        }),
    ),
  );
  // cli() configures the commands it adds; a nested command is configured here.
  serverJson.exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  return new Command('export')
    .description('write a description in another format (server-json)')
    .addCommand(serverJson)
    .addHelpText('after', '\nExamples:\n  $ mcpdesc export server-json server.mcpdesc.yaml -o server.json\n');
};

async function runExportServerJson(file: string, options: ExportOptions, io: CliIO): Promise<number> {
  await checkOutput(io, options.output);
  const input = await readObjectInput(file, io, boundsFromOptions(options));
  const { toServerJson, unmappedDiagnostics } = await import('mcpdesc-core/operations');
  const result = toServerJson(input.document);
  const diagnostics = unmappedDiagnostics(result.unmapped);
  await reportDiagnostics(io, [input], diagnostics, 'server.json', options);
  if (diagnostics.some((d) => d.severity === 'error')) return ExitCode.failed;
  await writeText(io, JSON.stringify(result.serverJson, null, 2) + '\n', options.output, 'json');
  return ExitCode.success;
}
