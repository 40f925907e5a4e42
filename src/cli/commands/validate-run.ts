import { version } from '../version.js';
import { ExitCode, type CliIO } from '../io.js';
import { formatReport, summarize, type FileReport, type FormatName } from '../report/index.js';
import { createSchemaService } from '../../validate/schema-engine-service.js';
import type { SpecVersion } from '../../validate/rule.js';
import { validate } from '../../validate/validate.js';
import { ruleSummaries } from '../../validate/rule-summaries.js';
import { parseMaxWarnings, type ValidateCommandOptions } from './validate.js';
import { readDocument } from '../read-document.js';
import { limitsFromOptions } from '../limits-options.js';

/** Validates each file, prints one report, and returns the exit code. */
export async function runValidate(files: string[], options: ValidateCommandOptions, io: CliIO): Promise<number> {
  const maxWarnings = parseMaxWarnings(options.maxWarnings);
  const limits = limitsFromOptions(options);
  const schemas = createSchemaService(); // shared: several files reuse compiled schemas
  const reports: FileReport[] = [];
  const sources = new Map<string, string>();
  let ioFailed = false;
  for (const file of files) {
    const read = await readDocument(file, io);
    if (!read.ok) {
      io.stderr(`mcpdesc: ${read.message}\n`);
      ioFailed = true;
      continue;
    }
    const result = validate(read.bytes, { filename: file === '-' ? undefined : file, spec: options.spec as SpecVersion | undefined, schemas, limits });
    sources.set(file, read.text);
    const failsStrict = options.strict === true && result.diagnostics.some((d) => d.severity === 'warning');
    reports.push({
      file,
      valid: result.valid && !failsStrict,
      complete: result.complete,
      ...(result.specification ? { specification: result.specification } : {}),
      diagnostics: result.diagnostics,
    });
  }
  const report = { files: reports };
  const text = formatReport(options.format as FormatName, report, {
    sources,
    color: options.color !== false && !io.env.NO_COLOR && io.isTTY && !options.output,
    toolName: 'mcpdesc validate' + (options.strict ? ' (strict profile)' : ''),
    toolVersion: version,
    rules: ruleSummaries(),
  });
  if (options.output) await io.writeFile(options.output, text);
  else io.stdout(text);

  if (ioFailed) return ExitCode.usage;
  const totals = summarize(report);
  if (reports.some((r) => !r.valid)) return ExitCode.failed;
  if (maxWarnings !== undefined && totals.warnings > maxWarnings) {
    io.stderr(`mcpdesc: ${totals.warnings} warnings exceed --max-warnings ${maxWarnings}\n`);
    return ExitCode.failed;
  }
  return ExitCode.success;
}
