import { Command, Option } from 'commander';
import type { DiffConfig } from 'mcpdesc-core/diff';
import type { OperationDiagnostic } from 'mcpdesc-core/operations';
import type { DefineCommand } from '../command.js';
import { addOperationLimitOptions, boundsFromOptions } from '../limits-options.js';
import { checkOutput, decodeInput, reportDiagnostics, writeText, type DecodedInput } from '../document-io.js';
import { CliExit, ExitCode, UsageError, type CliIO } from '../io.js';
import { addReportingOptions, type ReportingOptions } from '../reporting-options.js';
import { formatOption, textFormat } from '../format-option.js';

const examples = `
Examples:
  $ mcpdesc diff v1.mcpdesc.yaml v2.mcpdesc.yaml
  $ mcpdesc diff old.json new.json --format markdown --suggest-version >> CHANGELOG.md
  $ mcpdesc diff old.json new.json --detect-renames --fail-on breaking
  $ mcpdesc diff old.json new.json --format json --config mcpdesc.config.json

Compares the Effective Protocol View of every MCP protocol revision the documents share
(a revision in only one document is itself a change), after $componentRef resolution.
Each change has an id (see \`mcpdesc rules\`, ids diff.*), a class (breaking, non-breaking,
informational) with the reason, the revisions it applies to, and its pointers in both documents.
The configuration (the nearest mcpdesc.config.json, .js or .mjs from the new document's folder,
as lint would find it, or --config FILE) gives the "diff" section: { "diff": { "rules": { "<id>":
"breaking|non-breaking|informational" }, "strictOutputEnums": true } }. Both documents must be
valid; otherwise the validation report is printed on standard error, with the configuration's
severities.

Exit codes: 0 compared (and --fail-on not triggered), 1 a document is invalid or --fail-on
found changes of that class, 2 usage, I/O or internal error.`;

/** The report formats, each rendered by its own library renderer. */
const diffFormats = ['text', 'json', 'markdown'] as const;
type DiffFormat = (typeof diffFormats)[number];

export interface DiffCommandOptions extends ReportingOptions {
  format: DiffFormat;
  detectRenames?: boolean;
  suggestVersion?: boolean;
  failOn: 'breaking' | 'any' | 'none';
  output?: string;
}

export const defineDiff: DefineCommand = (io, setExitCode) =>
  addOperationLimitOptions(
    addReportingOptions(
      new Command('diff')
        .description('semantic diff of two descriptions: breaking-change classification, semver suggestion, changelog')
        .argument('<old>', 'the old description (.json, .yaml, .yml; - for standard input)')
        .argument('<new>', 'the new description')
        .addOption(formatOption('-f, --format <format>', 'output format', diffFormats, { defaultChoice: textFormat }))
        .option('--detect-renames', 'report a removed and an added tool with equal schemas and annotations as a rename')
        .option('--suggest-version', 'suggest the next semantic version from the old info.version')
        .addOption(
          new Option('--fail-on <class>', 'exit with 1 when there are changes of this class')
            .choices(['breaking', 'any', 'none'])
            .default('none'),
        )
        .option('-o, --output <file>', 'write the report to a file instead of standard output')
        .addHelpText('after', examples)
        .action(async (oldFile: string, newFile: string, options: DiffCommandOptions) => {
          setExitCode(await runDiff(oldFile, newFile, options, io));
        }),
    ),
  );

async function runDiff(oldFile: string, newFile: string, options: DiffCommandOptions, io: CliIO): Promise<number> {
  await checkOutput(io, options.output);
  if (oldFile === '-' && newFile === '-')
    throw new UsageError('only one of the two documents can come from standard input');
  const config = await diffConfigOf(newFile, options, io);
  const bounds = boundsFromOptions(options);
  const inputs = [await decodeInput(oldFile, io, bounds), await decodeInput(newFile, io, bounds)];
  const diffLibrary = await import('mcpdesc-core/diff');
  const { createSchemaService } = await import('mcpdesc-core/validate');
  // An input that cannot be decoded is validated as absent; its decoding diagnostics are what is reported.
  const [oldDocument, newDocument] = inputs.map((i) => (i.decoded ? i.input.document : undefined));
  const result = diffLibrary.diff(oldDocument, newDocument, {
    detectRenames: options.detectRenames === true,
    config,
    validation: { schemas: createSchemaService() },
  });
  if (!result.value) return reportInvalid(io, inputs, result.diagnostics, options);
  const report = result.value;
  const renderers: Record<DiffFormat, typeof diffLibrary.renderDiffText> = {
    text: diffLibrary.renderDiffText,
    json: diffLibrary.renderDiffJson,
    markdown: diffLibrary.renderDiffMarkdown,
  };
  const renderOptions = { oldName: oldFile, newName: newFile, suggestVersion: options.suggestVersion === true };
  await writeText(io, renderers[options.format](report, renderOptions), options.output, options.format);

  if (options.failOn === 'breaking' && report.summary.breaking > 0) return ExitCode.failed;
  if (options.failOn === 'any' && report.changes.length > 0) return ExitCode.failed;
  return ExitCode.success;
}

/** Prints the diagnostics of the inputs that are not valid, then ends the command with exit code 1. */
async function reportInvalid(
  io: CliIO,
  inputs: readonly DecodedInput[],
  diagnostics: readonly OperationDiagnostic[],
  options: ReportingOptions,
): Promise<never> {
  const summary = 'operation.diff.input';
  const invalid = inputs.flatMap((_, index) =>
    diagnostics.some((d) => d.rule === summary && d.input === index) ? [index] : [],
  );
  // The closing line says what the per-input summary errors would.
  const reported = invalid.flatMap((index) =>
    inputs[index]!.decoded
      ? diagnostics.filter((d) => d.input === index && d.rule !== summary)
      : inputs[index]!.diagnostics.map((d) => ({ ...d, input: index })),
  );
  await reportDiagnostics(
    io,
    inputs.map((i) => i.input),
    reported,
    'diff',
    options,
  );
  const names = invalid.map((index) => inputs[index]!.input.file);
  throw new CliExit(
    ExitCode.failed,
    `diff needs two valid descriptions; ${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} not valid`,
  );
}

/**
 * The "diff" section of the configuration validate and lint would use for the new document (the
 * nearest mcpdesc.config.json, .js or .mjs from its folder, or --config): read before comparing.
 */
async function diffConfigOf(newFile: string, options: DiffCommandOptions, io: CliIO): Promise<DiffConfig> {
  const { configLoader } = await import('../config-loader.js');
  const { loaded } = await (
    await configLoader(options.config === undefined ? {} : { config: options.config }, io)
  )(newFile);
  if (loaded?.diff === undefined) return {};
  const { checkDiffConfig } = await import('mcpdesc-core/diff');
  const problems = checkDiffConfig(loaded.diff);
  if (problems.length > 0) throw new UsageError(`${loaded.path}: ${problems.join('; ')}`);
  return loaded.diff as DiffConfig;
}
