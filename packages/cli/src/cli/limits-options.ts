import { Option, type Command } from 'commander';
import { type SourceLimits, defaultMaxRunValues } from 'mcpdesc-core/source';
import { maxValueDepth } from 'mcpdesc-core/model';
import type { DecodeBounds } from './document-io.js';
import { UsageError } from './io.js';

/** The options that bound untrusted input, shared by every command that reads a description. */
const limitOptions: { flag: string; name: keyof SourceLimits; description: string }[] = [
  { flag: '--max-bytes <n>', name: 'maxBytes', description: 'largest accepted input, in bytes (default 64 MiB)' },
  {
    flag: '--max-depth <n>',
    name: 'maxDepth',
    description: `deepest accepted nesting of arrays and objects (default 256, at most ${maxValueDepth})`,
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
  // Deeper documents would reach the library's bound on the walks of its serializer, renderers and operations.
  if (limits.maxDepth !== undefined && limits.maxDepth > maxValueDepth)
    throw new UsageError(`--max-depth is at most ${maxValueDepth}, got ${limits.maxDepth}`);
  return limits;
}

/** The options of the commands that run an operation on their inputs: the per-document limits and the run's limit. */
export function addOperationLimitOptions(command: Command): Command {
  return addLimitOptions(command).addOption(
    new Option(
      '--max-run-values <n>',
      `most JSON values all inputs of the run may hold together (default ${defaultMaxRunValues.toLocaleString('en-US')})`,
    ),
  );
}

/** The bounds given on the command line for decoding the inputs of an operation; throws UsageError on a bad number. */
export function boundsFromOptions(options: object): DecodeBounds {
  const values = options as Record<string, unknown>;
  const value = values['maxRunValues'];
  const limits = limitsFromOptions(values);
  if (value === undefined) return { limits };
  if (typeof value !== 'string' || !/^[1-9][0-9]*$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw new UsageError(`--max-run-values expects a positive whole number, got "${String(value)}"`);
  return { limits, maxRunValues: Number(value) };
}
