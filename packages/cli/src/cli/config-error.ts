import type { CliIO } from './io.js';

/** A configuration that exists but cannot be used: unreadable, not JSON, invalid, or JavaScript where it is refused. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** What finding and loading configurations need from the world: the CLI's io, or the language server's own. */
export type ConfigReader = Pick<CliIO, 'readFile' | 'pathKind'>;

/**
 * Whether JavaScript configurations may run (they run code): not with --no-config-js, nor with
 * MCPDESC_NO_CONFIG_JS set to anything but "" or "0". Here, not in config-js.ts, so that a run
 * without a JavaScript configuration never loads that module.
 */
export function configJsAllowed(flag: boolean | undefined, env: Record<string, string | undefined>): boolean {
  const variable = env.MCPDESC_NO_CONFIG_JS;
  return flag !== false && (variable === undefined || variable === '' || variable === '0');
}

/** A configuration error on one line (an editor's notification): its list of problems joined by "; ". */
export function configErrorLine(error: ConfigError): string {
  return error.message.replace(/\n\s*/, ' ').replace(/\n\s*/g, '; ');
}
