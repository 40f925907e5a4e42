/** Connection options shared by `capture` and `verify` (declared here; parsed without loading the SDK). */
import { Command, Option } from 'commander';
import { UsageError } from '../io.js';

export interface LiveCommandOptions {
  stdio?: string;
  env: string[];
  cwd?: string;
  url?: string;
  sse?: boolean;
  header: string[];
  timeout?: string;
  protocol?: string;
  maxPages?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function addConnectionOptions(command: Command): Command {
  return command
    .option('--stdio <command>', 'launch the server as a subprocess: "CMD ARGS..." (quoted as in a shell)')
    .option(
      '--env <K=V>',
      'environment variable for the --stdio server (repeatable; never written to output)',
      collect,
      [],
    )
    .option('--cwd <dir>', 'working directory of the --stdio server')
    .option('--url <url>', 'connect over Streamable HTTP')
    .option('--sse', 'with --url: use the legacy HTTP+SSE transport')
    .option(
      '--header <"K: V">',
      'HTTP header (repeatable; the value may use ${VAR}; never written to output)',
      collect,
      [],
    )
    .option('--timeout <ms>', 'timeout of the handshake and of each request in milliseconds', '30000')
    .addOption(
      new Option(
        '--protocol <revision>',
        'MCP revision: auto (2026-07-28 via server/discover, else initialize), a revision, or all',
      ).default('auto'),
    )
    .option('--max-pages <n>', 'most pages read per list', '1000');
}

export function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`${name} expects a positive whole number, got "${value}"`);
  return Number(value);
}
