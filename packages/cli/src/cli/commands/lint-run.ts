import { dirname, relative, resolve, sep } from 'node:path';
import { UsageError, type CliIO } from '../io.js';
import { runCheck } from '../check-command.js';
import {
  ConfigError,
  discoverConfig,
  readNamedConfig,
  type Discovery,
  type LoadedConfig,
} from '../config-discovery.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { ruleSummaries } from 'mcpdesc-core/internal/validate/rule-summaries.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { documentedLintRules } from 'mcpdesc-core/internal/lint/rule-documentation.js';
import type { CheckCommandOptions } from '../check-command.js';
import type { PresetName } from 'mcpdesc-core/internal/lint/presets.js';

export interface LintCommandOptions extends CheckCommandOptions {
  config?: string;
  preset?: PresetName;
}

/** Lints each file, prints one report, and returns the exit code. */
export async function runLint(files: string[], options: LintCommandOptions, io: CliIO): Promise<number> {
  const explicit = options.config ? await usable(readNamedConfig(resolve(io.cwd, options.config), io)) : undefined;
  const discovered = new Map<string, Discovery>();
  const warned = new Set<string>();
  const discover = async (directory: string): Promise<LoadedConfig | undefined> => {
    const { found, ignored } = await usable(discoverConfig(directory, io, discovered));
    if (ignored !== undefined && !warned.has(ignored)) {
      warned.add(ignored);
      io.stderr(`mcpdesc: warning: ${ignored}; name it with --config to use it\n`);
    }
    return found;
  };
  const schemas = createSchemaService();
  const rules = ruleSummaries();
  for (const r of documentedLintRules) rules.set(r.id, { summary: r.docs.summary, spec: r.spec });
  return runCheck(files, options, io, {
    toolName: 'mcpdesc lint',
    rules,
    async check(bytes, file, filename, limits) {
      const absolute = file === '-' ? resolve(io.cwd, 'stdin') : resolve(io.cwd, file);
      const loaded = explicit ?? (await discover(dirname(absolute)));
      const path = loaded ? relative(loaded.directory, absolute).split(sep).join('/') : undefined;
      return lint(bytes, {
        filename,
        limits,
        spec: options.spec,
        schemas,
        ...(loaded ? { config: loaded.config } : {}),
        ...(options.preset ? { preset: options.preset } : {}),
        ...(path !== undefined ? { path } : {}),
      });
    },
  });
}

/** A configuration that cannot be used ends the command: a usage error, exit code 2. */
async function usable<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}
