import { Command, Option } from 'commander';
import type { CompatReport } from '../../operations/compat.js';
import type { DefineCommand } from '../command.js';
import { checkOutput, readDocument, readInput, reportDiagnostics, writeText } from '../document-io.js';
import { ExitCode, UsageError, type CliIO } from '../io.js';

const examples = `
Examples:
  $ mcpdesc compat server.mcpdesc.yaml --client claude-desktop.json --protocol 2025-11-25
  $ mcpdesc compat server.mcpdesc.json --client profile.json --protocol 2026-07-28 --format json

PROFILE is a JSON MCP ClientCapabilities value, e.g. {"elicitation":{"form":{}},"roots":{"listChanged":true}}.
Per primitive applying to the revision (MCP Description 8.5): satisfied (every requirement is
known to be met; also when it declares no clientRequirements), unsatisfied (one is known to
fail), indeterminate (none fails but one cannot be evaluated, e.g. a non-empty extension
requirement), with the requirement path behind each verdict.

Exit codes: 0 every primitive is satisfied, 1 a primitive is unsatisfied or indeterminate, or the
input is invalid, 2 usage, I/O or internal error.`;

export interface CompatCommandOptions {
  client: string;
  protocol: string;
  format: 'text' | 'json';
  output?: string;
}

export const defineCompat: DefineCommand = (io, setExitCode) =>
  new Command('compat')
    .description('check primitive client requirements against a client capability profile')
    .argument('<file>', 'description file (.json, .yaml, .yml; - for standard input)')
    .requiredOption('-c, --client <profile>', 'client capability profile (JSON ClientCapabilities value)')
    .requiredOption('-p, --protocol <revision>', 'the MCP protocol revision, e.g. 2025-11-25')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('-o, --output <file>', 'write the verdicts to a file instead of standard output')
    .addHelpText('after', examples)
    .action(async (file: string, options: CompatCommandOptions) => {
      setExitCode(await runCompat(file, options, io));
    });

async function runCompat(file: string, options: CompatCommandOptions, io: CliIO): Promise<number> {
  await checkOutput(io, options.output);
  const input = await readInput(file, io);
  const profile = parseProfile(options.client, (await readDocument(options.client, io)).text);
  const { compat } = await import('../../operations/compat.js');
  const result = compat(input.document, profile, options.protocol);
  await reportDiagnostics(io, [input], result.diagnostics, 'compat');
  if (!result.ok || !result.value) return ExitCode.failed;
  const report = result.value;
  await writeText(
    io,
    options.format === 'json' ? JSON.stringify(report, null, 2) + '\n' : compatText(report),
    options.output,
  );
  return report.verdict === 'satisfied' ? ExitCode.success : ExitCode.failed;
}

function parseProfile(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the client profile ${file} is not JSON: ${(error as Error).message}`);
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
