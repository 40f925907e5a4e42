/**
 * A configuration's severities on the findings of verify and capture (the verify.* and capture.*
 * rules `mcpdesc rules` lists): mcpdesc.config.json found as for validate and lint (the nearest
 * one from `file`'s directory) or named by --config, applied by the function validate and lint use.
 * Unlike a document's validity, these findings are the verdict: an error a configuration turns
 * off or lowers no longer fails the command, and one raised to error does.
 */
import type { Diagnostic } from 'mcpdesc-core/model';
import { configLoader, presentSettings } from './config-loader.js';
import type { CliIO } from './io.js';

/**
 * The settings for `file`, read before connecting (an unusable configuration is a usage error,
 * exit 2, with no server started), and what presents the findings under them.
 */
export async function liveFindingsConfig(
  file: string,
  config: string | undefined,
  io: CliIO,
): Promise<(findings: readonly Diagnostic[]) => Promise<Diagnostic[]>> {
  const configOf = await configLoader(config === undefined ? {} : { config }, io);
  const { settings } = await configOf(file);
  return async (findings) => (await presentSettings([...findings], settings)).diagnostics;
}
