/**
 * Checking one file the way `validate` and `lint` do, in the command's own thread (`--jobs 1`)
 * or in a checking worker (`check-worker.ts`): the same function either way, so a file's report
 * does not depend on where it was checked.
 */
import type { Diagnostic } from 'mcpdesc-core/model';
import type { FileReport, SourceLines } from 'mcpdesc-core/report';
import { type SourceMap, parseDescription } from 'mcpdesc-core/source';
import type { CheckOutcome, CheckRun, FileCheckContext, FileOutcome } from './check-types.js';
import { failsAt } from './check-policy.js';
import { filenameOf, readDocument, type ReadDocument } from './document-io.js';
import { CliExit, reportExit, type CliIO } from './io.js';

/** Reads and checks one file; a file that cannot be read is reported on standard error and does not stop the run. */
export async function checkFile(
  file: string,
  io: CliIO,
  run: CheckRun,
  context: FileCheckContext,
): Promise<FileOutcome> {
  let read: ReadDocument;
  try {
    read = await readDocument(file, io, context.limits.maxBytes);
  } catch (error) {
    // One unreadable file does not stop the others from being checked.
    if (!(error instanceof CliExit)) throw error;
    reportExit(io, error);
    return { kind: 'unreadable' };
  }
  const result: CheckOutcome = read.tooLarge
    ? { valid: false, complete: false, diagnostics: [read.tooLarge] }
    : await run.check(read.bytes, file, filenameOf(file), context.limits);
  // Errors already make a file invalid; a lower threshold fails it on warnings (and infos) too.
  const failsThreshold = context.failSeverity !== 'error' && failsAt(result.diagnostics, context.failSeverity);
  // `valid` is the specification's verdict; a finding the configuration raised to error fails too.
  const raised = failsAt(result.diagnostics, 'error');
  if (result.hiddenErrors)
    io.stderr(
      `mcpdesc: ${file === '-' ? 'standard input' : file}: ${result.hiddenErrors} error${result.hiddenErrors === 1 ? '' : 's'} turned off or lowered by the configuration still make the document invalid (a MUST of the specification)\n`,
    );
  const report: FileReport = {
    file,
    valid: result.valid && !raised && !failsThreshold,
    complete: result.complete,
    ...(result.specification ? { specification: result.specification } : {}),
    diagnostics: result.diagnostics,
  };
  if (result.diagnostics.length === 0) return { kind: 'checked', report };
  // Excerpts are shown for findings only: a clean file's text is never decoded twice, and a
  // file the checker decoded gives its own lines (the ones its ranges count in).
  const source = hasLines(result.sourceMap) ? result.sourceMap : read.text;
  const fixes = context.textFixes && !read.tooLarge ? await textFixesOf(read.text, file, result.diagnostics) : [];
  const checked = { kind: 'checked' as const, report, source, ...(fixes.length > 0 ? { textFixes: fixes } : {}) };
  if (!context.baselined || read.tooLarge) return checked;
  const document = parseDescription(read.bytes, { filename: filenameOf(file), limits: context.limits }).document;
  return { ...checked, document };
}

/** The findings' fixes as text replacements (SARIF), when some finding carries a fix. */
async function textFixesOf(text: string, file: string, diagnostics: readonly Diagnostic[]) {
  if (!diagnostics.some((d) => d.fix !== undefined)) return [];
  const { formatFromName, sniffFormat, textFixes } = await import('mcpdesc-core/source');
  return textFixes(text, diagnostics, formatFromName(filenameOf(file)) ?? sniffFormat(text));
}

function hasLines(sourceMap: SourceMap | undefined): sourceMap is SourceMap & SourceLines {
  return sourceMap?.lineText !== undefined;
}
