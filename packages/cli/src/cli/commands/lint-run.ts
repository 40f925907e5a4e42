import { type CliIO } from '../io.js';
import { runCheck } from '../check-command.js';
import { fixModeOf, lintWithFixes } from '../lint-fix.js';
import { configLoader, presentSettings } from '../config-loader.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { ruleSummaries } from 'mcpdesc-core/internal/validate/rule-summaries.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { documentedLintRules } from 'mcpdesc-core/internal/lint/rule-documentation.js';
import type { CheckCommandOptions } from '../check-command.js';
import type { PresetName } from 'mcpdesc-core/internal/lint/presets.js';

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
  const configOf = await configLoader(options, io);
  const schemas = createSchemaService();
  const rules = ruleSummaries();
  for (const r of documentedLintRules) rules.set(r.id, { summary: r.docs.summary, spec: r.spec });
  return runCheck(files, options, io, {
    toolName: 'mcpdesc lint',
    rules,
    async check(bytes, file, filename, limits) {
      const { loaded, path, settings } = await configOf(file);
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
  });
}
