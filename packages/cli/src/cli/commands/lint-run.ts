import { UsageError, type CliIO } from '../io.js';
import { runCheck } from '../check-command.js';
import { fixModeOf, lintWithFixes, type FixMode } from '../lint-fix.js';
import { configLoader, presentSettings } from '../config-loader.js';
import { createSchemaService, ruleSummaries } from 'mcpdesc-core/validate';
import { lint, documentedLintRules, type PresetName } from 'mcpdesc-core/lint';
import type { CheckCommandOptions, CheckRun } from '../check-command.js';
import { describeConfiguredRules } from '../configured-rules.js';

export interface LintCommandOptions extends CheckCommandOptions {
  config?: string;
  preset?: PresetName;
  /** --fix: write the fixes into the files; --fix-dry-run: print them as a diff (cli/lint-fix.ts). */
  fix?: boolean;
  fixDryRun?: boolean;
}

/** Lints each file, prints one report, and returns the exit code. */
export async function runLint(files: string[], options: LintCommandOptions, io: CliIO): Promise<number> {
  const fixMode = fixModeOf(options, files);
  // Fixes write files and print what they did in the command's own thread; workers only check.
  if (
    fixMode !== undefined &&
    ((options.jobs !== undefined && options.jobs !== '1') ||
      options.fileTimeout !== undefined ||
      options.fileMemory !== undefined)
  )
    throw new UsageError('--fix and --fix-dry-run run in one job: leave out --jobs, --file-timeout and --file-memory');
  return runCheck(files, options, io, await lintCheck(options, io, fixMode));
}

/** How lint checks a file: built by the command's thread and by each checking worker alike (fixes only in the thread). */
export async function lintCheck(options: LintCommandOptions, io: CliIO, fixMode?: FixMode): Promise<CheckRun> {
  const configOf = await configLoader(options, io);
  const schemas = createSchemaService();
  const rules = ruleSummaries();
  for (const r of documentedLintRules) rules.set(r.id, { summary: r.docs.summary, spec: r.spec });
  return {
    command: 'lint',
    toolName: 'mcpdesc lint',
    rules,
    async check(bytes, file, filename, limits) {
      const { loaded, path, settings } = await configOf(file);
      if (loaded) describeConfiguredRules(loaded.config, rules);
      const lintOptions = {
        filename,
        limits,
        spec: options.spec,
        schemas,
        ...(loaded ? { config: loaded.config } : {}),
        ...(options.preset ? { preset: options.preset } : {}),
        ...(path !== undefined ? { path } : {}),
      };
      const fixed = fixMode ? await lintWithFixes(bytes, file, fixMode, lintOptions, io) : undefined;
      const result = fixed ?? lint(bytes, lintOptions);
      return { ...result, ...(await presentSettings(result.diagnostics, settings)) };
    },
  };
}
