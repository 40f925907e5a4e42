import { dirname, relative, resolve, sep } from 'node:path';
import { UsageError, type CliIO } from '../io.js';
import { runCheck } from '../check-command.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { ruleSummaries } from 'mcpdesc-core/internal/validate/rule-summaries.js';
import { checkConfig, configFileName, type LintConfig } from 'mcpdesc-core/internal/lint/config.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { documentedLintRules } from 'mcpdesc-core/internal/lint/rule-documentation.js';
import type { LintCommandOptions } from './lint.js';

interface LoadedConfig {
  config: LintConfig;
  /** Directory the override globs are relative to. */
  directory: string;
}

/** Lints each file, prints one report, and returns the exit code. */
export async function runLint(files: string[], options: LintCommandOptions, io: CliIO): Promise<number> {
  const explicit = options.config ? await loadConfig(resolve(io.cwd, options.config), io, true) : undefined;
  const discovered = new Map<string, LoadedConfig | undefined>();
  const schemas = createSchemaService();
  const rules = ruleSummaries();
  for (const r of documentedLintRules) rules.set(r.id, { summary: r.docs.summary, spec: r.spec });
  return runCheck(files, options, io, {
    toolName: 'mcpdesc lint',
    rules,
    async check(bytes, file, filename, limits) {
      const absolute = file === '-' ? resolve(io.cwd, 'stdin') : resolve(io.cwd, file);
      const loaded = explicit ?? (await discover(dirname(absolute), io, discovered));
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

/** The nearest mcpdesc.config.json walking up from `directory` (cached per directory). */
async function discover(
  directory: string,
  io: CliIO,
  cache: Map<string, LoadedConfig | undefined>,
): Promise<LoadedConfig | undefined> {
  const visited: string[] = [];
  let dir = directory;
  let found: LoadedConfig | undefined;
  for (;;) {
    if (cache.has(dir)) {
      found = cache.get(dir);
      break;
    }
    visited.push(dir);
    found = await loadConfig(resolve(dir, configFileName), io, false);
    if (found) break;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const d of visited) cache.set(d, found);
  return found;
}

/** Reads and checks a configuration file; a missing file is undefined unless it was named explicitly. */
async function loadConfig(path: string, io: CliIO, required: boolean): Promise<LoadedConfig | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await io.readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!required && (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR')) return undefined;
    throw new UsageError(
      `cannot read configuration ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new UsageError(`configuration ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const checked = checkConfig(value);
  if (!checked.ok) throw new UsageError(`configuration ${path} is invalid:\n  ${checked.errors.join('\n  ')}`);
  return { config: checked.config, directory: dirname(path) };
}
