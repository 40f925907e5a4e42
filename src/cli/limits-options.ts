import { Option, type Command } from 'commander';
import type { SourceLimits } from '../source/types.js';
import { UsageError } from './io.js';

/** The options that bound untrusted input, shared by every command that reads a description. */
const limitOptions: { flag: string; name: keyof SourceLimits; description: string }[] = [
  { flag: '--max-bytes <n>', name: 'maxBytes', description: 'largest accepted input, in bytes (default 64 MiB)' },
  {
    flag: '--max-depth <n>',
    name: 'maxDepth',
    description: 'deepest accepted nesting of arrays and objects (default 256)',
  },
  {
    flag: '--max-string-length <n>',
    name: 'maxStringLength',
    description: 'longest accepted string, in UTF-16 code units (default 16 MiB)',
  },
  {
    flag: '--max-collection-size <n>',
    name: 'maxCollectionSize',
    description: 'most entries in one array or object (default 1,000,000)',
  },
];

/** Adds --max-bytes, --max-depth, --max-string-length and --max-collection-size to a command. */
export function addLimitOptions(command: Command): Command {
  for (const { flag, description } of limitOptions) command.addOption(new Option(flag, description));
  return command;
}

/** The limits given on the command line (commander's camel-cased option values); throws UsageError on a bad number. */
export function limitsFromOptions(options: Record<string, unknown>): Partial<SourceLimits> {
  const limits: Partial<SourceLimits> = {};
  for (const { flag, name } of limitOptions) {
    const value = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !/^[1-9][0-9]*$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw new UsageError(`${flag.split(' ')[0]} expects a positive whole number, got "${String(value)}"`);
    }
    limits[name] = Number(value);
  }
  return limits;
}
