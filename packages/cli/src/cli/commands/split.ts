import { basename, dirname, join } from 'node:path';
import { Command, Option } from 'commander';
import type { SourceFormat } from 'mcpdesc-core/source';
import type { DefineCommand } from '../command.js';
import { addOperationLimitOptions, boundsFromOptions } from '../limits-options.js';
import { readInput, reportDiagnostics, sourceFormats, writeText } from '../document-io.js';
import { ExitCode, UsageError, type CliIO } from '../io.js';
import { addReportingOptions, type ReportingOptions } from '../reporting-options.js';

const examples = `
Examples:
  $ mcpdesc split server.mcpdesc.yaml -o views/
      writes views/server.2025-11-25.mcpdesc.yaml, views/server.2026-07-28.mcpdesc.yaml, ...
  $ mcpdesc merge views/server.*.mcpdesc.yaml -o server.mcpdesc.yaml
      the inverse: one multi-revision document again

One single-revision document per revision of the document's root protocolVersions: the Effective
Protocol View of that revision (MCP Description 4.12), scoped variants resolved, emptied
collections omitted, keys in the input's order, components kept whole (so that merge joins the
files again). Each file is named <stem>.<revision>.mcpdesc.<json|yaml> after the input (stem
"description" for standard input) and written atomically. Author one file per revision, then
merge them, instead of splitting every primitive into protocol-scoped variants by hand.

Exit codes: 0 split, 1 the input is invalid or a view cannot be produced,
2 usage, I/O or internal error.`;

export interface SplitCommandOptions extends ReportingOptions {
  output: string;
  to?: SourceFormat;
}

export const defineSplit: DefineCommand = (io, setExitCode) =>
  addOperationLimitOptions(
    addReportingOptions(
      new Command('split')
        .description('write one single-revision description per declared revision (the inverse of merge)')
        .argument('<file>', 'description file (.json, .yaml, .yml; - for standard input)')
        .requiredOption(
          '-o, --output <directory>',
          'the directory the files are written to (created, with its parents, if missing)',
        )
        .addOption(new Option('--to <format>', "output serialization (default: the input's)").choices(sourceFormats))
        .addHelpText('after', examples)
        .action(async (file: string, options: SplitCommandOptions) => {
          setExitCode(await runSplit(file, options, io));
        }),
    ),
  );

/** The input's name without its directory and its description extension. */
export function stemOf(file: string): string {
  if (file === '-') return 'description';
  const name = basename(file).replace(/(\.mcpdesc)?\.(json|ya?ml)$/i, '');
  return name === '' ? 'description' : name;
}

async function runSplit(file: string, options: SplitCommandOptions, io: CliIO): Promise<number> {
  const missing = await checkDirectory(io, options.output);
  const input = await readInput(file, io, boundsFromOptions(options));
  const { split } = await import('mcpdesc-core/operations');
  const result = split(input.document);
  await reportDiagnostics(io, [input], result.diagnostics, 'split view', options);
  if (!result.ok) return ExitCode.failed;
  const { serializeDescription } = await import('mcpdesc-core/source');
  const format = options.to ?? input.format;
  const stem = stemOf(file);
  // Created only now, when there is something to write: a failed split leaves nothing behind.
  if (missing) await io.makeDirectory!(options.output);
  for (const view of result.value) {
    const path = join(options.output, `${stem}.${view.revision}.mcpdesc.${format}`);
    await writeText(io, serializeDescription(view.document, { format }), path, format);
    if (!options.quiet) io.stderr(`wrote ${path}\n`);
  }
  return ExitCode.success;
}

/**
 * Refuses, before any work, an -o that is not a directory that accepts new files, or cannot become
 * one: a missing directory is created later (mkdir -p) when its nearest existing ancestor is a
 * directory that accepts new files. True when it is missing.
 */
async function checkDirectory(io: CliIO, directory: string): Promise<boolean> {
  if (directory === '') throw new UsageError('-o expects a directory, got ""');
  if (!io.pathKind) return false;
  let existing = directory;
  let kind = await io.pathKind(existing);
  while (kind === undefined && io.makeDirectory && dirname(existing) !== existing) {
    existing = dirname(existing);
    kind = await io.pathKind(existing);
  }
  if (kind !== 'directory') {
    const what = kind === undefined ? 'does not exist' : 'is not a directory';
    const where = existing === directory ? '' : ` (${existing} ${what})`;
    throw new UsageError(`cannot write into ${directory}: ${where ? 'cannot be created' + where : what}`);
  }
  if (io.probeDirectory) {
    try {
      await io.probeDirectory(existing);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const whose = existing === directory ? 'it does' : `${existing} does`;
      throw new UsageError(`cannot write into ${directory}: ${whose} not accept new files${code ? ` (${code})` : ''}`);
    }
  }
  return existing !== directory;
}
