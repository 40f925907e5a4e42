import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { compareCodeUnits } from 'mcpdesc-core/model';
import { UsageError } from './io.js';

/** What a directory argument is searched for unless --ext widens it. */
export const defaultExtensions = ['.mcpdesc.json', '.mcpdesc.yaml', '.mcpdesc.yml'] as const;

/** Never searched, as ESLint does: dependencies (dot-folders are skipped by the glob's `dot: false`). */
const alwaysIgnored = ['**/node_modules/**'];

export interface FileArgumentOptions {
  /** --ext values, each a comma-separated list (".json,.yaml" or "json"). */
  ext?: string[];
  /** --ignore-pattern values: globs relative to the working directory. */
  ignorePattern?: string[];
}

/** Parses --ext lists into extensions with a leading dot. */
export function parseExtensions(values: readonly string[] = []): string[] {
  const extensions: string[] = [...defaultExtensions];
  for (const value of values) {
    for (const part of value.split(',')) {
      const trimmed = part.trim();
      if (!/^\.?[\w-]+(?:\.[\w-]+)*$/.test(trimmed))
        throw new UsageError(`--ext expects extensions such as .json or .mcpdesc.yaml, got "${part}"`);
      const extension = trimmed.startsWith('.') ? trimmed : `.${trimmed}`;
      if (!extensions.includes(extension)) extensions.push(extension);
    }
  }
  return extensions;
}

/**
 * Turns the command line's file arguments into the files to check, as ESLint does: `-` and
 * named files stay as given (a missing file is reported when it is read), a directory is searched
 * recursively for the extensions, and anything else with glob syntax is expanded by the tool (so a
 * quoted glob works on every shell). Each argument's files are sorted; a file is checked once.
 * A directory or glob that yields nothing is a usage error (exit 2).
 */
export async function expandFileArguments(
  args: readonly string[],
  cwd: string,
  options: FileArgumentOptions,
): Promise<string[]> {
  const extensions = parseExtensions(options.ext);
  const ignore = [...alwaysIgnored, ...(options.ignorePattern ?? [])];
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (file: string): void => {
    const key = file === '-' ? file : resolve(cwd, file);
    if (seen.has(key)) return;
    seen.add(key);
    files.push(file);
  };
  for (const arg of args) {
    const kind = arg === '-' ? 'file' : await kindOf(resolve(cwd, arg));
    if (kind === 'file') {
      add(arg);
      continue;
    }
    // Loaded only for a directory or a pattern: checking named files (the common CI call) never needs it.
    const { convertPathToPattern, escapePath, glob, isDynamicPattern } = await import('tinyglobby');
    if (kind === 'missing' && !isDynamicPattern(arg)) {
      add(arg);
      continue;
    }
    const patterns =
      kind === 'directory' ? directoryPatterns(arg, cwd, extensions, convertPathToPattern, escapePath) : [arg];
    const search = { cwd, dot: false, absolute: isAbsolute(arg), followSymbolicLinks: false };
    const matches = await glob(patterns, { ...search, ignore });
    if (matches.length === 0) {
      const ignoredOnly = (await glob(patterns, search)).length > 0;
      throw new UsageError(
        ignoredOnly
          ? `All files matched by "${arg}" are ignored (node_modules, dot-folders or --ignore-pattern).`
          : `No files matching the pattern "${arg}" were found` +
              (kind === 'directory'
                ? ` (a directory is searched for ${extensions.map((e) => `*${e}`).join(', ')}; --ext widens)`
                : '') +
              '.',
      );
    }
    for (const match of matches.sort(compareCodeUnits)) add(match);
  }
  return files;
}

async function kindOf(path: string): Promise<'file' | 'directory' | 'missing'> {
  try {
    return (await stat(path)).isDirectory() ? 'directory' : 'file';
  } catch {
    return 'missing';
  }
}

/** One pattern per extension under the directory, written relative to the working directory so --ignore-pattern reads the same for every argument. */
function directoryPatterns(
  directory: string,
  cwd: string,
  extensions: readonly string[],
  convertPathToPattern: (path: string) => string,
  escapePath: (path: string) => string,
): string[] {
  const absolute = resolve(cwd, directory);
  const base = isAbsolute(directory) ? absolute : relative(cwd, absolute);
  const prefix = base === '' ? '' : `${convertPathToPattern(base)}/`;
  return extensions.map((extension) => `${prefix}**/*${escapePath(extension)}`);
}
