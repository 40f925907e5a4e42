import type { CliIO } from '../io.js';
import { runCheck, type CheckCommandOptions, type CheckRun } from '../check-command.js';
import { configLoader, presentSettings } from '../config-loader.js';
import { createSchemaService, ruleSummaries, validate } from 'mcpdesc-core/validate';

/** Validates each file, prints one report, and returns the exit code. */
export async function runValidate(files: string[], options: CheckCommandOptions, io: CliIO): Promise<number> {
  return runCheck(files, options, io, await validateCheck(options, io));
}

/** How validate checks a file: built by the command's thread and by each checking worker alike. */
export async function validateCheck(options: CheckCommandOptions, io: CliIO): Promise<CheckRun> {
  const configOf = await configLoader(options, io);
  const schemas = createSchemaService(); // shared: several files reuse compiled schemas
  return {
    command: 'validate',
    toolName: 'mcpdesc validate',
    rules: ruleSummaries(),
    async check(bytes, file, filename, limits) {
      const { settings } = await configOf(file);
      const result = validate(bytes, { filename, spec: options.spec, schemas, limits });
      return { ...result, ...(await presentSettings(result.diagnostics, settings)) };
    },
  };
}
