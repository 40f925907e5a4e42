import { Command } from 'commander';
import type { SourceFormat } from 'mcpdesc-core/source';
import type { DefineCommand } from '../command.js';
import { checkOutput, readInput, reportDiagnostics, toOption, writeDocument } from '../document-io.js';
import { CliExit, ExitCode, UsageError, type CliIO } from '../io.js';
import { addOperationLimitOptions, boundsFromOptions } from '../limits-options.js';
import { addReportingOptions, type ReportingOptions } from '../reporting-options.js';

const examples = `
Examples:
  $ mcpdesc init --from-server-json server.json -o server.mcpdesc.yaml
  $ mcpdesc init --from-server-json server.json --protocol 2025-06-18 2025-11-25 --to json

Seeds a description from an MCP Registry server.json (the 2025-07 and the 2025-12-11 formats;
docs/registry.md): name, title, description, version, websiteUrl and icons become info; each
package becomes a stdio transport (its launcher, runtime and package arguments, environment
variables with a value or default); each remote a streamable-http or sse transport (URL
variables replaced by their defaults). A server.json names no MCP revision: protocolVersions is
--protocol, else 2025-11-25. The whole server.json is kept in the root extension x-registry;
what has no description field is listed on standard error (operation.registry.unmapped).
The output is YAML unless --to or -o's extension says JSON.

Exit codes: 0 written, 1 the input is no server.json object, 2 usage, I/O or internal error.`;

interface InitOptions extends ReportingOptions {
  fromServerJson?: string;
  protocol?: string[];
  to?: SourceFormat;
  output?: string;
}

export const defineInit: DefineCommand = (io, setExitCode) =>
  addOperationLimitOptions(
    addReportingOptions(
      new Command('init')
        .description('seed a new description from an MCP Registry server.json')
        .requiredOption('--from-server-json <file>', 'registry server.json to seed from (- for standard input)')
        .option('-p, --protocol <revision...>', 'root protocolVersions of the new description (default: 2025-11-25)')
        .addOption(toOption('YAML'))
        .option('-o, --output <file>', 'write the description to a file instead of standard output')
        .addHelpText('after', examples)
        .action(async (options: InitOptions) => {
          setExitCode(await runInit(options, io));
        }),
    ),
  );

async function runInit(options: InitOptions, io: CliIO): Promise<number> {
  const file = options.fromServerJson;
  if (file === undefined || file === '') throw new UsageError('--from-server-json expects a file name');
  await checkOutput(io, options.output);
  const { revisions } = await import('mcpdesc-core/model');
  for (const revision of options.protocol ?? [])
    if (!(revisions as readonly string[]).includes(revision))
      throw new UsageError(`--protocol ${revision} is no MCP revision mcpdesc 0.8.0 knows (${revisions.join(', ')})`);
  const input = await readInput(file, io, boundsFromOptions(options));
  const { fromServerJson, unmappedDiagnostics } = await import('mcpdesc-core/operations');
  if (typeof input.document !== 'object' || input.document === null || Array.isArray(input.document))
    throw new CliExit(ExitCode.failed, `${file} is not a server.json object`);
  const result = fromServerJson(input.document, options.protocol ? { protocolVersions: options.protocol } : {});
  await reportDiagnostics(io, [input], unmappedDiagnostics(result.unmapped), 'description', options);
  await writeDocument(io, result.seed, { to: options.to, output: options.output, fallback: 'yaml' });
  return ExitCode.success;
}
