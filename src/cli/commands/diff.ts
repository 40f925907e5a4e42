import { Command, Option } from 'commander';
import { ExitCode, UsageError, type CliIO } from '../io.js';
import type { DefineCommand } from './index.js';

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
--config FILE reads { "diff": { "rules": { "<id>": "breaking|non-breaking|informational" },
"strictOutputEnums": true } }. Both documents must be valid; otherwise the validation report
is printed on standard error.

Exit codes: 0 compared (and --fail-on not triggered), 1 a document is invalid or --fail-on
found changes of that class, 2 usage, I/O or internal error.`;

export interface DiffCommandOptions {
  format: 'text' | 'json' | 'markdown';
  detectRenames?: boolean;
  suggestVersion?: boolean;
  failOn: 'breaking' | 'any' | 'none';
  config?: string;
  output?: string;
}

export const defineDiff: DefineCommand = (io, setExitCode) =>
  new Command('diff')
    .description('semantic diff of two descriptions: breaking-change classification, semver suggestion, changelog')
    .argument('<old>', 'the old description (.json, .yaml, .yml; - for standard input)')
    .argument('<new>', 'the new description')
    .addOption(
      new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'),
    )
    .option('--detect-renames', 'report a removed and an added tool with equal schemas and annotations as a rename')
    .option('--suggest-version', 'suggest the next semantic version from the old info.version')
    .addOption(
      new Option('--fail-on <class>', 'exit with 1 when there are changes of this class')
        .choices(['breaking', 'any', 'none'])
        .default('none'),
    )
    .option('--config <file>', 'JSON configuration with a "diff" section (class overrides, strictOutputEnums)')
    .option('-o, --output <file>', 'write the report to a file instead of standard output')
    .addHelpText('after', examples)
    .action(async (oldFile: string, newFile: string, options: DiffCommandOptions) => {
      setExitCode(await runDiff(oldFile, newFile, options, io));
    });

export async function runDiff(
  oldFile: string,
  newFile: string,
  options: DiffCommandOptions,
  io: CliIO,
): Promise<number> {
  if (oldFile === '-' && newFile === '-')
    throw new UsageError('only one of the two documents can come from standard input');
  const { checkDiffConfig } = await import('../../diff/classification.js');
  let config: import('../../diff/classification.js').DiffConfig = {};
  if (options.config !== undefined) {
    let text: string;
    try {
      text = new TextDecoder().decode(await io.readFile(options.config));
    } catch (error) {
      io.stderr(`mcpdesc: cannot read ${options.config}: ${(error as Error).message}\n`);
      return ExitCode.usage;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${options.config} is not valid JSON: ${(error as Error).message}`);
    }
    const section =
      typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>).diff
        : undefined;
    const problems = checkDiffConfig(section);
    if (problems.length > 0) throw new UsageError(`${options.config}: ${problems.join('; ')}`);
    if (section !== undefined) config = section as typeof config;
  }

  const { readDocument } = await import('../read-document.js');
  const { validate } = await import('../../validate/validate.js');
  const { createSchemaService } = await import('../../validate/schema-engine-service.js');
  const schemas = createSchemaService();
  const documents: unknown[] = [];
  const invalid: { file: string; text: string; result: ReturnType<typeof validate> }[] = [];
  for (const file of [oldFile, newFile]) {
    const read = await readDocument(file, io);
    if (!read.ok) {
      io.stderr(`mcpdesc: ${read.message}\n`);
      return ExitCode.usage;
    }
    const result = validate(read.bytes, { filename: file === '-' ? undefined : file, schemas });
    if (!result.valid) invalid.push({ file, text: read.text, result });
    documents.push(result.document);
  }
  if (invalid.length > 0) {
    const { formatReport } = await import('../report/index.js');
    const report = {
      files: invalid.map(({ file, result }) => ({
        file,
        valid: false,
        complete: result.complete,
        ...(result.specification ? { specification: result.specification } : {}),
        diagnostics: result.diagnostics,
      })),
    };
    io.stderr(
      formatReport('stylish', report, {
        sources: new Map(invalid.map((i) => [i.file, i.text])),
        color: false,
        toolName: 'mcpdesc diff',
      }),
    );
    io.stderr(
      `mcpdesc: diff needs two valid descriptions; ${invalid.map((i) => i.file).join(' and ')} ${invalid.length === 1 ? 'is' : 'are'} not valid\n`,
    );
    return ExitCode.failed;
  }

  const { diffDocuments, renderDiffJson, renderDiffMarkdown, renderDiffText } = await import('../../diff/index.js');
  const report = diffDocuments(documents[0] as Record<string, unknown>, documents[1] as Record<string, unknown>, {
    detectRenames: options.detectRenames === true,
    config,
  });
  const renderOptions = { oldName: oldFile, newName: newFile, suggestVersion: options.suggestVersion === true };
  const text =
    options.format === 'json'
      ? renderDiffJson(report, renderOptions)
      : options.format === 'markdown'
        ? renderDiffMarkdown(report, renderOptions)
        : renderDiffText(report, renderOptions);
  if (options.output) await io.writeFile(options.output, text);
  else io.stdout(text);

  if (options.failOn === 'breaking' && report.summary.breaking > 0) return ExitCode.failed;
  if (options.failOn === 'any' && report.changes.length > 0) return ExitCode.failed;
  return ExitCode.success;
}
