/**
 * The page script the build bundled (scripts/bundle-playground.mjs), read from dist/playground/:
 * the command needs no bundler at run time. The path goes up one folder because this module
 * runs from dist/playground/ (unbundled) or from a chunk in dist/bin/ (the bundled binary).
 */
import { readFile } from 'node:fs/promises';
import { CliExit, ExitCode } from '../cli/io.js';

export const bundleUrl = new URL('../playground/app.js', import.meta.url);

export async function readPlaygroundScript(): Promise<string> {
  try {
    return await readFile(bundleUrl, 'utf8');
  } catch {
    // A source checkout built with `tsc -b` alone: the bundle step has not run.
    throw new CliExit(
      ExitCode.usage,
      'the playground script is missing (dist/playground/app.js): build with `npm run build`, which bundles it',
    );
  }
}
