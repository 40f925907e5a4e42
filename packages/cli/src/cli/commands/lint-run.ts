import { type CliIO } from '../io.js';
import { runCheck } from '../check-command.js';
import { configLoader, presentSettings } from '../config-loader.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { ruleSummaries } from 'mcpdesc-core/internal/validate/rule-summaries.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { documentedLintRules } from 'mcpdesc-core/internal/lint/rule-documentation.js';
import type { CheckCommandOptions } from '../check-command.js';
import type { PresetName } from 'mcpdesc-core/internal/lint/presets.js';
import { describeConfiguredRules } from '../configured-rules.js';

export interface LintCommandOptions extends CheckCommandOptions {
  config?: string;
  preset?: PresetName;
}

/** Lints each file, prints one report, and returns the exit code. */
export async function runLint(files: string[], options: LintCommandOptions, io: CliIO): Promise<number> {
  const configOf = await configLoader(options, io);
  const schemas = createSchemaService();
  const rules = ruleSummaries();
  for (const r of documentedLintRules) rules.set(r.id, { summary: r.docs.summary, spec: r.spec });
  return runCheck(files, options, io, {
    toolName: 'mcpdesc lint',
    rules,
    async check(bytes, file, filename, limits) {
      const { loaded, path, settings } = await configOf(file);
      if (loaded) describeConfiguredRules(loaded.config, rules);
      const result = lint(bytes, {
        filename,
        limits,
        spec: options.spec,
        schemas,
        ...(loaded ? { config: loaded.config } : {}),
        ...(options.preset ? { preset: options.preset } : {}),
        ...(path !== undefined ? { path } : {}),
      });
      return { ...result, ...(await presentSettings(result.diagnostics, settings)) };
    },
  });
}
