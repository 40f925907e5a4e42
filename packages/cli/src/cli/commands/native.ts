import { Command, Option } from 'commander';
import { ExitCode, UsageError, type CliIO } from '../io.js';
import type { DefineCommand } from '../command.js';
import { addOperationLimitOptions, boundsFromOptions } from '../limits-options.js';
import {
  checkOutput,
  protocolDescription,
  protocolFlags,
  protocolOf,
  readInput,
  reportDiagnostics,
  writeText,
} from '../document-io.js';
import { addReportingOptions, type ReportingOptions } from '../reporting-options.js';

const examples = `
Examples:
  $ mcpdesc native server.mcpdesc.yaml --protocol 2025-11-25
  $ mcpdesc native server.mcpdesc.json --protocol 2026-07-28 --ttl-ms 60000 --cache-scope public
  $ mcpdesc native server.mcpdesc.yaml --protocol 2025-06-18 -o payloads.json

Writes one JSON object keyed by MCP method: the tools/list, resources/list,
resources/templates/list and prompts/list results the description implies for the revision
(and server/discover for 2026-07-28 when a Capabilities Object applies), with every MCP
Description-only field removed and components resolved. 2026-07-28 results carry
resultType, ttlMs and cacheScope. A method is absent when the description declares no entry
for it. A Tool schema without the native shape of the revision is an error. --protocol may be
left out when the document's protocolVersions lists one revision.

Exit codes: 0 payloads written, 1 the input is invalid or a payload has no native form,
2 usage, I/O or internal error.`;

export interface NativeCommandOptions extends ReportingOptions {
  protocol?: string;
  ttlMs: string;
  cacheScope: 'public' | 'private';
  output?: string;
}

export const defineNative: DefineCommand = (io, setExitCode) =>
  addOperationLimitOptions(
    addReportingOptions(
      new Command('native')
        .description('write the MCP-native list payloads a description implies for one protocol revision')
        .argument('<file>', 'description file (.json, .yaml, .yml; - for standard input)')
        .option(protocolFlags, protocolDescription)
        .option('--ttl-ms <ms>', 'ttlMs of 2026-07-28 results', '0')
        .addOption(
          new Option('--cache-scope <scope>', 'cacheScope of 2026-07-28 results')
            .choices(['public', 'private'])
            .default('private'),
        )
        .option('-o, --output <file>', 'write the payloads to a file instead of standard output')
        .addHelpText('after', examples)
        .action(async (file: string, options: NativeCommandOptions) => {
          setExitCode(await runNative(file, options, io));
        }),
    ),
  );

async function runNative(file: string, options: NativeCommandOptions, io: CliIO): Promise<number> {
  await checkOutput(io, options.output);
  if (!/^\d+$/.test(options.ttlMs))
    throw new UsageError(`--ttl-ms expects a non-negative whole number, got "${options.ttlMs}"`);
  const input = await readInput(file, io, boundsFromOptions(options));
  const { native } = await import('mcpdesc-core/operations');
  const protocol = await protocolOf(input.document, options.protocol);
  const result = native(input.document, protocol, {
    ttlMs: Number(options.ttlMs),
    cacheScope: options.cacheScope,
  });
  await reportDiagnostics(io, [input], result.diagnostics, 'native payloads', options);
  if (!result.ok) return ExitCode.failed;
  await writeText(io, JSON.stringify(result.value, null, 2) + '\n', options.output, 'json');
  return ExitCode.success;
}
