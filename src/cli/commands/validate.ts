import { Command, Option } from 'commander';
import { ExitCode, UsageError } from '../io.js';
import { addLimitOptions } from '../limits-options.js';
import type { DefineCommand } from './index.js';

const examples = `
Examples:
  $ mcpdesc validate server.mcpdesc.yaml
  $ mcpdesc validate --format json descriptions/*.mcpdesc.json
  $ mcpdesc validate --strict --max-warnings 0 server.mcpdesc.json
  $ cat server.mcpdesc.json | mcpdesc validate -
  $ mcpdesc validate --format sarif -o mcpdesc.sarif server.mcpdesc.yaml

Exit codes: 0 valid (warnings allowed unless --strict), 1 a file failed validation,
2 usage, I/O or internal error.`;

export interface ValidateCommandOptions {
  format: string;
  strict?: boolean;
  spec?: string;
  maxWarnings?: string;
  output?: string;
  color?: boolean;
  /** --max-bytes and the other input limits, as commander parsed them. */
  [limit: string]: unknown;
}

export const defineValidate: DefineCommand = (io, setExitCode) =>
  addLimitOptions(new Command('validate'))
    .description('check MCP Description documents against every rule of the specification')
    .argument('<files...>', 'description files (.json, .yaml, .yml; - for standard input)')
    .addOption(new Option('-f, --format <format>', 'report format').choices(['stylish', 'json', 'sarif', 'github', 'junit']).default('stylish'))
    .option('--strict', 'strict profile: warnings also fail the check (identified as "strict" in reports)')
    .addOption(new Option('--spec <version>', 'validate as this MCP Description version instead of the document\'s mcpdesc').choices(['0.8.0', '0.9.0-rc.3']))
    .option('--max-warnings <n>', 'fail when there are more than n warnings in total')
    .option('-o, --output <file>', 'write the report to a file instead of standard output')
    .option('--no-color', 'no ANSI colours in the stylish report (NO_COLOR is respected too)')
    .addHelpText('after', examples)
    .action(async (files: string[], options: ValidateCommandOptions) => {
      const { runValidate } = await import('./validate-run.js');
      setExitCode(await runValidate(files, options, io));
    });

/** Parses --max-warnings. */
export function parseMaxWarnings(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--max-warnings expects a non-negative whole number, got "${value}"`);
  return Number(value);
}

export { ExitCode };
