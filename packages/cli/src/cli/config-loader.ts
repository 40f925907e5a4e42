import { dirname, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from 'mcpdesc-core/model';
import type { PresetName, SeverityMap } from 'mcpdesc-core/lint';
import { configJsAllowed } from './config-error.js';
import { ConfigError, discoverConfig, readNamedConfig, type Discovery, type LoadedConfig } from './config-discovery.js';
import { UsageError, type CliIO } from './io.js';

/** The configuration of one file: what lint passes to the engine, and the merged settings. */
export interface FileConfig {
  loaded?: LoadedConfig;
  /** The file's path relative to the configuration's directory (for overrides). */
  path?: string;
  settings: SeverityMap;
}

/**
 * Finds each file's mcpdesc.config.json (or the one --config names) for every command that
 * reports findings: validate, lint and the commands that reprint validation findings.
 */
export async function configLoader(
  options: { config?: string; preset?: PresetName; configJs?: boolean },
  io: CliIO,
): Promise<(file: string) => Promise<FileConfig>> {
  const discovery = { allowJs: configJsAllowed(options.configJs, io.env) };
  const explicit = options.config
    ? await usable(readNamedConfig(resolve(io.cwd, options.config), io, discovery))
    : undefined;
  const discovered = new Map<string, Discovery>();
  const warned = new Set<string>();
  const discover = async (directory: string): Promise<LoadedConfig | undefined> => {
    const { found, ignored } = await usable(discoverConfig(directory, io, discovered, discovery));
    if (ignored !== undefined && !warned.has(ignored)) {
      warned.add(ignored);
      io.stderr(`mcpdesc: warning: ${ignored}; name it with --config to use it\n`);
    }
    return found;
  };
  return async (file) => {
    const absolute = file === '-' ? resolve(io.cwd, 'stdin') : resolve(io.cwd, file);
    const loaded = explicit ?? (await discover(dirname(absolute)));
    const path = loaded ? relative(loaded.directory, absolute).split(sep).join('/') : undefined;
    // Without a configuration no setting names a validation rule: nothing to load (validate's start-up).
    const settings = loaded
      ? (await import('mcpdesc-core/lint')).effectiveSettings(loaded.config, {
          ...(options.preset ? { preset: options.preset } : {}),
          ...(path !== undefined ? { path } : {}),
        })
      : {};
    return { ...(loaded ? { loaded } : {}), ...(path !== undefined ? { path } : {}), settings };
  };
}

/** The settings applied to validation findings (finding-settings.ts), loaded only when there are settings. */
export async function presentSettings(
  diagnostics: Diagnostic[],
  settings: SeverityMap,
): Promise<{ diagnostics: Diagnostic[]; hiddenErrors: number }> {
  if (Object.keys(settings).length === 0) return { diagnostics, hiddenErrors: 0 };
  const { presentFindings } = await import('mcpdesc-core/lint');
  return presentFindings(diagnostics, settings);
}

/** A configuration that cannot be used ends the command: a usage error, exit code 2. */
export async function usable<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}
