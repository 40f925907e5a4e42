import { Command } from 'commander';
import type { CompatReport } from 'mcpdesc-core/operations';
import type { DefineCommand } from '../command.js';
import { formatOption, textFormat } from '../format-option.js';
import { addOperationLimitOptions, boundsFromOptions } from '../limits-options.js';
import {
  checkOutput,
  protocolDescription,
  protocolFlags,
  protocolOf,
  readDocument,
  readInput,
  reportDiagnostics,
  writeText,
} from '../document-io.js';
import { ExitCode, UsageError, type CliIO } from '../io.js';
import { addReportingOptions, type ReportingOptions } from '../reporting-options.js';

const examples = `
Examples:
  $ mcpdesc compat server.mcpdesc.yaml --client claude-desktop.json --protocol 2025-11-25
  $ mcpdesc compat server.mcpdesc.json --client profile.json --protocol 2026-07-28 --format json

PROFILE is a JSON MCP ClientCapabilities value, in a file or inline, e.g.
--client '{"elicitation":{"form":{}},"roots":{"listChanged":true}}'. --protocol may be left out
when the document's protocolVersions lists one revision.
Per primitive applying to the revision (MCP Description 8.5): satisfied (every requirement is
known to be met; also when it declares no clientRequirements), unsatisfied (one is known to
fail), indeterminate (none fails but one cannot be evaluated, e.g. a non-empty extension
requirement), with the requirement path behind each verdict.

Exit codes: 0 every primitive is satisfied, 1 a primitive is unsatisfied or indeterminate, or the
input is invalid, 2 usage, I/O or internal error.`;

export interface CompatCommandOptions extends ReportingOptions {
  client: string;
  protocol?: string;
  format: 'text' | 'json';
  output?: string;
}

export const defineCompat: DefineCommand = (io, setExitCode) =>
  addOperationLimitOptions(
    addReportingOptions(
      new Command('compat')
        .description('check primitive client requirements against a client capability profile')
        .argument('<file>', 'description file (.json, .yaml, .yml; - for standard input)')
        .requiredOption(
          '-c, --client <profile>',
          'client capability profile: a JSON file, or inline JSON starting with {',
        )
        .option(protocolFlags, protocolDescription)
        .addOption(
          formatOption('-f, --format <format>', 'output format', [textFormat, 'json'], { defaultChoice: textFormat }),
        )
        .option('-o, --output <file>', 'write the verdicts to a file instead of standard output')
        .addHelpText('after', examples)
        .action(async (file: string, options: CompatCommandOptions) => {
          setExitCode(await runCompat(file, options, io));
        }),
      { config: false },
    ),
  );

async function runCompat(file: string, options: CompatCommandOptions, io: CliIO): Promise<number> {
  await checkOutput(io, options.output);
  const input = await readInput(file, io, boundsFromOptions(options));
  const profile = await readProfile(options.client, io);
  const protocol = await protocolOf(input.document, options.protocol);
  const { compat } = await import('mcpdesc-core/operations');
  const result = compat(input.document, profile, protocol);
  await reportDiagnostics(io, [input], result.diagnostics, 'compat', options);
  if (!result.ok || !result.value) return ExitCode.failed;
  const report = result.value;
  await writeText(
    io,
    options.format === 'json' ? JSON.stringify(report, null, 2) + '\n' : compatText(report),
    options.output,
    options.format,
  );
  return report.verdict === 'satisfied' ? ExitCode.success : ExitCode.failed;
}

/** `--client`: inline JSON when it starts with `{` (no file name does in practice), else a JSON file. */
async function readProfile(client: string, io: CliIO): Promise<unknown> {
  const inline = client.trimStart().startsWith('{');
  let text = client;
  if (!inline) {
    const read = await readDocument(client, io);
    if (read.tooLarge) throw new UsageError(`the client profile ${client}: ${read.tooLarge.message}`);
    text = read.text;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const source = inline ? 'the inline client profile' : `the client profile ${client}`;
    throw new UsageError(`${source} is not JSON: ${(error as Error).message}`);
  }
}

/** The verdicts for people: one line per primitive, one indented line per requirement. */
function compatText(report: CompatReport): string {
  const lines = [`MCP ${report.protocolVersion}: ${report.verdict}`];
  for (const p of report.primitives) {
    lines.push(
      `${p.verdict.padEnd(13)} ${p.collection} ${JSON.stringify(p.name)}${p.declared ? '' : ' (no clientRequirements)'}`,
    );
    for (const r of p.requirements) lines.push(`  ${r.verdict.padEnd(13)} ${r.path}: ${r.reason}`);
  }
  return lines.join('\n') + '\n';
}
