import { fixText, type LintOptions, type TextLintResult } from 'mcpdesc-core/lint';
import { neutralizeOutput, unifiedDiff } from 'mcpdesc-core/report';
import { decodeText } from 'mcpdesc-core/source';
import { writeText } from './document-io.js';
import { UsageError, type CliIO } from './io.js';

/** `--fix` writes each file's fixes into it; `--fix-dry-run` prints them as a unified diff and writes nothing. */
export type FixMode = 'fix' | 'dry-run';

/**
 * The fix mode of a lint run, refused before any file is read when it cannot be kept: standard
 * input has no file to write back to (the report and the fixed text would share standard output),
 * so `--fix` refuses it and `--fix-dry-run` shows its diff.
 */
export function fixModeOf(
  options: { fix?: boolean; fixDryRun?: boolean },
  files: readonly string[],
): FixMode | undefined {
  if (options.fix && options.fixDryRun) throw new UsageError('--fix and --fix-dry-run exclude each other; choose one');
  if (options.fix && files.includes('-'))
    throw new UsageError('--fix cannot write standard input back; use --fix-dry-run to see its fixes as a diff');
  return options.fix ? 'fix' : options.fixDryRun ? 'dry-run' : undefined;
}

/**
 * Lints a file's text with its fixes applied (lint/fix-passes.ts): writes the fixed text back
 * atomically (`fix`) or prints the diff on standard output (`dry-run`), lists on standard error what
 * was fixed and what was refused, and returns the lint of the fixed text, which the report and the
 * exit code follow. Undefined when the bytes are no text (the plain lint reports why).
 */
export async function lintWithFixes(
  bytes: Uint8Array,
  file: string,
  mode: FixMode,
  options: LintOptions,
  io: CliIO,
): Promise<TextLintResult | undefined> {
  const decoded = decodeText(bytes);
  if ('diagnostic' in decoded) return undefined;
  const fixed = fixText(decoded.text, options);
  const label = file === '-' ? 'standard input' : file;
  if (fixed.text !== decoded.text) {
    if (mode === 'fix') await writeFixed(io, file, fixed.text);
    else {
      const name = file === '-' ? 'standard input' : file;
      await writeText(io, unifiedDiff(decoded.text, fixed.text, `a/${name}`, `b/${name}`), undefined, 'text');
    }
  }
  const lines: string[] = [];
  if (fixed.fixed.length > 0) {
    const verb = mode === 'fix' ? 'fixed' : 'would fix';
    const count = fixed.fixed.length;
    lines.push(`mcpdesc: ${label}: ${verb} ${count} finding${count === 1 ? '' : 's'}`);
    for (const d of fixed.fixed) lines.push(`  ${d.pointer || '/'}  ${d.fix!.title}  ${d.rule}/${d.code}`);
  }
  if (fixed.refused.length > 0) {
    const count = fixed.refused.length;
    lines.push(`mcpdesc: ${label}: ${count} fix${count === 1 ? '' : 'es'} not written, fix by hand`);
    for (const { diagnostic: d, reason } of fixed.refused)
      lines.push(`  ${d.pointer || '/'}  ${d.rule}/${d.code}: ${reason}`);
  }
  if (lines.length > 0) io.stderr(neutralizeOutput(lines.join('\n') + '\n', 'text'));
  return fixed.result;
}

/** The fixed text replaces the file atomically (io.writeFile: a temporary file renamed), byte for byte. */
async function writeFixed(io: CliIO, file: string, text: string): Promise<void> {
  try {
    await io.writeFile(file, [text]);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot write the fixes to ${file}: ${code ?? (error as Error).message}`);
  }
}
