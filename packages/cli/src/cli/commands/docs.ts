import { Command, Option } from 'commander';
import type { DefineCommand } from '../command.js';
import { addOperationLimitOptions, boundsFromOptions } from '../limits-options.js';
import { checkOutput, decodeInput, reportDiagnostics, writeText } from '../document-io.js';
import { ExitCode, UsageError, type CliIO } from '../io.js';
import { addReportingOptions, type ReportingOptions } from '../reporting-options.js';

const examples = `
Examples:
  $ mcpdesc docs server.mcpdesc.yaml -o site.html
  $ mcpdesc docs server.mcpdesc.json --format markdown -o SERVER.md
  $ cat server.mcpdesc.yaml | mcpdesc docs - --title "Chess Coach" > docs.html

The HTML page is one self-contained file (inline CSS and script, no network requests; remote
icons are listed as links, not loaded) with full-text search; the revision and the search are
kept in the URL (site.html#rev=2025-11-25&q=pgn). The Markdown carries no raw HTML from the
document. The document must validate without errors; otherwise the report goes to standard error.

Exit codes: 0 written, 1 the document is invalid, 2 usage, I/O or internal error.`;

export interface DocsCommandOptions extends ReportingOptions {
  output?: string;
  /** --format html|markdown, the flag other commands use for their output format. */
  format?: 'html' | 'markdown';
  /** --markdown: deprecated alias of --format markdown. */
  markdown?: boolean;
  title?: string;
}

export const defineDocs: DefineCommand = (io, setExitCode) =>
  addOperationLimitOptions(
    addReportingOptions(
      new Command('docs')
        .description('write human-readable documentation (one self-contained HTML page, or Markdown)')
        .argument('<file>', 'description file (.json, .yaml, .yml; - for standard input)')
        .option('-o, --output <file>', 'write to a file instead of standard output')
        .addOption(
          new Option('-f, --format <format>', 'html, or markdown for repositories and wikis (default: html)').choices([
            'html',
            'markdown',
          ]),
        )
        .option('--markdown', 'deprecated alias of --format markdown')
        .option('--title <title>', 'page title (default: info.title, else info.name)')
        .addHelpText('after', examples)
        .action(async (file: string, options: DocsCommandOptions) => {
          setExitCode(await runDocs(file, options, io));
        }),
    ),
  );

async function runDocs(file: string, options: DocsCommandOptions, io: CliIO): Promise<number> {
  if (options.markdown && options.format === 'html')
    throw new UsageError('--markdown is --format markdown; it cannot be combined with --format html');
  const markdown = options.markdown === true || options.format === 'markdown';
  await checkOutput(io, options.output);
  const { input, decoded, diagnostics } = await decodeInput(file, io, boundsFromOptions(options));
  if (!decoded) {
    await reportDiagnostics(io, [input], diagnostics, 'documentation', options);
    return ExitCode.failed;
  }
  const { validate } = await import('mcpdesc-core/validate');
  const result = validate(input.document);
  if (!result.valid || result.document === undefined) {
    await reportDiagnostics(io, [input], [...diagnostics, ...result.diagnostics], 'documentation', options);
    return ExitCode.failed;
  }
  const render = await import('mcpdesc-core/render');
  const renderOptions = options.title !== undefined ? { title: options.title } : {};
  const text = markdown
    ? render.renderMarkdown(result.document, renderOptions)
    : render.renderHtml(result.document, renderOptions);
  await writeText(io, text, options.output, markdown ? 'markdown' : 'html');
  return ExitCode.success;
}
