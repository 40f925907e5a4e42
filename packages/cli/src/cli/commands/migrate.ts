import { Command } from 'commander';
import { ExitCode, type CliIO } from '../io.js';
import type { DefineCommand } from '../command.js';
import { addOperationLimitOptions, boundsFromOptions } from '../limits-options.js';
import { checkOutput, readInput, reportDiagnostics, toOption, writeDocument, writeText } from '../document-io.js';
import type { SourceFormat } from 'mcpdesc-core/source';
import { addReportingOptions, type ReportingOptions } from '../reporting-options.js';
import { formatOption, textFormat } from '../format-option.js';

const examples = `
Examples:
  $ mcpdesc migrate server.mcpdesc.yaml -o server-0.8.mcpdesc.yaml
  $ mcpdesc migrate old.json --protocol 2025-06-18 --report migration.json
  $ mcpdesc migrate old.yaml --assume-no-args ping health --report migration.txt --report-format text
  $ cat old.yaml | mcpdesc migrate - --to json

MCP Description 0.7.0 -> 0.8.0 (the migration guide of the 0.8.0 specification): the source is
checked against 0.7.0 first and the result against 0.8.0 last. info.protocolVersion becomes root
protocolVersions (--protocol is required when it is absent, and must agree when present);
capabilities are wrapped in an array; inline security schemes get stable names under
securitySchemes; empty collections are removed; $schema is set; extensions are kept. A tool
without inputSchema stops the migration unless its author confirms it takes no parameters
(--assume-no-args NAME...), which the report records. The human summary goes to standard
error; --report writes the report (JSON by default) to a file.

Exit codes: 0 migrated, 1 the source is invalid or a question needs the author,
2 usage, I/O or internal error.`;

export interface MigrateCommandOptions extends ReportingOptions {
  protocol?: string;
  assumeNoArgs?: string[];
  report?: string;
  reportFormat: 'json' | 'text';
  to?: SourceFormat;
  output?: string;
}

export const defineMigrate: DefineCommand = (io, setExitCode) =>
  addOperationLimitOptions(
    addReportingOptions(
      new Command('migrate')
        .description('migrate an MCP Description 0.7.0 document to 0.8.0, with a change report')
        .argument('<file>', '0.7.0 description file (.json, .yaml, .yml; - for standard input)')
        .option(
          '-p, --protocol <revision>',
          'authoritative MCP protocol revision (required when info.protocolVersion is absent)',
        )
        .option(
          '--assume-no-args <tools...>',
          'tools whose author confirms they accept no parameters (closed no-parameter inputSchema)',
        )
        .option('--report <file>', 'write the migration report to a file')
        .addOption(
          formatOption('--report-format <format>', 'format of --report', ['json', textFormat], {
            defaultChoice: 'json',
          }),
        )
        .addOption(toOption())
        .option('-o, --output <file>', 'write the document to a file instead of standard output')
        .addHelpText('after', examples)
        .action(async (file: string, options: MigrateCommandOptions) => {
          setExitCode(await runMigrate(file, options, io));
        }),
    ),
  );

async function runMigrate(file: string, options: MigrateCommandOptions, io: CliIO): Promise<number> {
  await checkOutput(io, options.output);
  await checkOutput(io, options.report, '--report');
  const input = await readInput(file, io, boundsFromOptions(options));
  const { migrate } = await import('mcpdesc-core/operations');
  const { formatMigrationReportJson, formatMigrationSummary } = await import('mcpdesc-core/operations');
  const result = migrate(input.document, {
    ...(options.protocol !== undefined ? { protocol: options.protocol } : {}),
    ...(options.assumeNoArgs ? { assumeNoArgs: options.assumeNoArgs } : {}),
  });
  await reportDiagnostics(io, [input], result.diagnostics, 'migrated document', options);
  if (!options.quiet) io.stderr(formatMigrationSummary(result.report));
  if (options.report) {
    const text =
      options.reportFormat === 'text'
        ? formatMigrationSummary(result.report)
        : formatMigrationReportJson(result.report);
    await writeText(io, text, options.report, options.reportFormat);
  }
  if (!result.ok) return ExitCode.failed;
  await writeDocument(io, result.value, { to: options.to, output: options.output, fallback: input.format });
  return ExitCode.success;
}
