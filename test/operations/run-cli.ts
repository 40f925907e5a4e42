import { runCli as run, type CliRun } from '../helpers/cli.js';

/** The operations tests pass named files by path; see test/helpers/cli.ts. */
export function runCli(args: string[], files: Record<string, string> = {}): Promise<CliRun> {
  return run(args, { files });
}
