/**
 * Finding and reading `mcpdesc.config.json` (or `.yaml` / `.yml`, `.js` / `.mjs`), for `mcpdesc lint` and the language server alike:
 * the nearest one walking up from a file's directory, no further than the project root, and only
 * one the current user owns (git's `safe.directory` model; ESLint's stop at the project root).
 */
import { basename, dirname, join } from 'node:path';
import type { LintConfig } from 'mcpdesc-core/lint';
import { configByteLimit, readFailure, UntrustedFile } from './read-file.js';
import { ConfigError, type ConfigReader } from './config-error.js';

export { ConfigError, type ConfigReader } from './config-error.js';

/**
 * lint/config.ts's configFileName, not imported (validate loads the linter only when a
 * configuration exists), its YAML forms (data, decoded as documents are) and its JavaScript
 * forms (config-js.ts): one per folder.
 */
const configFileNames = [
  'mcpdesc.config.json',
  'mcpdesc.config.yaml',
  'mcpdesc.config.yml',
  'mcpdesc.config.js',
  'mcpdesc.config.mjs',
];

/** Whether discovery may run JavaScript configurations (`--no-config-js`, MCPDESC_NO_CONFIG_JS: config-js.ts). */
export interface DiscoveryOptions {
  allowJs?: boolean;
  /**
   * Leave a JavaScript configuration unloaded and return it as `javascript`: the language server's
   * checker thread imports it (loadConfigFile), so a plugin that loops stops that thread, not the server.
   */
  deferJs?: boolean;
}

/** A JavaScript configuration found but not imported (DiscoveryOptions.deferJs): what loadConfigFile takes. */
export interface DeferredConfig {
  path: string;
  directory: string;
  bytes: Uint8Array;
}

export interface LoadedConfig {
  config: LintConfig;
  /** The configuration's `diff` section as written, for `mcpdesc diff` to check (docs/diff.md). */
  diff?: unknown;
  /** Directory the override globs are relative to. */
  directory: string;
  path: string;
}

/** What a walk found: a configuration, nothing, or one it ignored (with why, naming the file). */
export interface Discovery {
  found?: LoadedConfig;
  javascript?: DeferredConfig;
  ignored?: string;
}

/**
 * A folder holding `.git` (a directory, or the file of a worktree or submodule) is a project
 * root: a configuration above it belongs to someone else's tree (a shared /tmp, a home folder).
 * `package.json` is no root: in a workspace each package has one, under the workspace's config.
 */
async function isProjectRoot(directory: string, reader: ConfigReader): Promise<boolean> {
  return (await reader.pathKind?.(join(directory, '.git'))) !== undefined;
}

/**
 * The nearest `mcpdesc.config.json` from `directory` upward, stopping after the project root.
 * A file another user could have written ends the walk as ignored. Results are cached per
 * directory in `cache` (the CLI keeps one per run; the language server reads afresh).
 * Throws ConfigError for a configuration that is there but unusable (a FIFO, too large, not JSON).
 */
export async function discoverConfig(
  directory: string,
  reader: ConfigReader,
  cache: Map<string, Discovery> = new Map(),
  options: DiscoveryOptions = {},
): Promise<Discovery> {
  const visited: string[] = [];
  let result: Discovery = {};
  for (let dir = directory; ;) {
    const known = cache.get(dir);
    if (known) {
      result = known;
      break;
    }
    visited.push(dir);
    const present: { path: string; bytes: Uint8Array | UntrustedFile }[] = [];
    for (const name of configFileNames) {
      const path = join(dir, name);
      const bytes = await readIfPresent(path, reader);
      if (bytes) present.push({ path, bytes });
    }
    if (present.length > 1)
      throw new ConfigError(
        `${dir} holds ${present.map((p) => basename(p.path)).join(' and ')}: keep one configuration per folder`,
      );
    const [config] = present;
    if (config?.bytes instanceof UntrustedFile) {
      result = { ignored: `ignoring configuration ${config.path}: it is ${config.bytes.reason}` };
      break;
    }
    if (config) {
      const deferred = options.deferJs && options.allowJs !== false && isJavaScript(config.path);
      result = deferred
        ? { javascript: { path: config.path, directory: dir, bytes: config.bytes } }
        : { found: await loadConfigFile(config.bytes, config.path, reader, options) };
      break;
    }
    const parent = dirname(dir);
    if (parent === dir || (await isProjectRoot(dir, reader))) break;
    dir = parent;
  }
  for (const d of visited) cache.set(d, result);
  return result;
}

/** The bytes of a discovered configuration; undefined when there is none (or a directory of that name). */
async function readIfPresent(path: string, reader: ConfigReader): Promise<Uint8Array | UntrustedFile | undefined> {
  try {
    return await reader.readFile(path, configByteLimit, { ownedOnly: true });
  } catch (error) {
    if (error instanceof UntrustedFile) return error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw new ConfigError(`cannot read configuration ${path}: ${readFailure(error, configByteLimit)}`);
  }
}

/** A configuration named by the user (`--config`): read whatever its owner, bounded all the same. */
export async function readNamedConfig(
  path: string,
  reader: ConfigReader,
  options: DiscoveryOptions = {},
): Promise<LoadedConfig> {
  let bytes: Uint8Array;
  try {
    bytes = await reader.readFile(path, configByteLimit);
  } catch (error) {
    throw new ConfigError(`cannot read configuration ${path}: ${readFailure(error, configByteLimit)}`);
  }
  return await loadConfigFile(bytes, path, reader, options);
}

const isJavaScript = (path: string): boolean => path.endsWith('.js') || path.endsWith('.mjs');

/** A configuration's bytes, read by the bounded reader, decoded (JSON) or imported (JavaScript) and checked. */
export async function loadConfigFile(
  bytes: Uint8Array,
  path: string,
  reader: ConfigReader,
  options: DiscoveryOptions,
): Promise<LoadedConfig> {
  // Loaded here: checking rule ids needs every rule's metadata, lint rules included, and the
  // live rules of verify and capture (one configuration serves every command).
  const { checkConfig, configurableRules } = await import('mcpdesc-core/lint');
  const { liveRules } = await import('../live/rules/index.js');
  let value: unknown;
  if (isJavaScript(path)) {
    const { loadJsConfig, refusedJsConfig } = await import('./config-js.js');
    if (options.allowJs === false) throw refusedJsConfig(path);
    value = await loadJsConfig(path, bytes, reader);
  } else {
    value = isYaml(path) ? await decodeYamlConfig(bytes, path) : decodeJsonConfig(bytes, path);
    const code = codeNamedBy(value);
    if (code)
      throw new ConfigError(`configuration ${path}: ${code} runs code; name it in mcpdesc.config.js (docs/lint.md)`);
  }
  const checked = checkConfig(value, [...configurableRules, ...liveRules]);
  if (!checked.ok) throw new ConfigError(`configuration ${path} is invalid:\n  ${checked.errors.join('\n  ')}`);
  const diff = (value as { diff?: unknown }).diff;
  return { config: checked.config, ...(diff !== undefined ? { diff } : {}), directory: dirname(path), path };
}

function isYaml(path: string): boolean {
  return path.endsWith('.yaml') || path.endsWith('.yml');
}

function decodeJsonConfig(bytes: Uint8Array, path: string): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new ConfigError(`configuration ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * A YAML configuration, decoded by the core's own decoder for descriptions (spec 15's restricted
 * YAML: no tags, anchors or custom types, so decoding runs no code and builds plain data); its
 * first error is named with its line:column.
 */
async function decodeYamlConfig(bytes: Uint8Array, path: string): Promise<unknown> {
  const { parseDescription } = await import('mcpdesc-core/source');
  const decoded = parseDescription(bytes, { format: 'yaml', filename: path });
  const error = decoded.diagnostics.find((d) => d.severity === 'error');
  if (error === undefined && decoded.document !== undefined) return decoded.document;
  const at = error?.range ? `:${error.range.start.line}:${error.range.start.column}` : '';
  throw new ConfigError(`configuration ${path}${at} is not valid YAML: ${error?.message ?? 'it does not decode'}`);
}

/** What a JSON or YAML configuration names that only a JavaScript one may (plugins, shareable configs): data never loads code. */
function codeNamedBy(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { plugins, extends: bases } = value as { plugins?: unknown; extends?: unknown };
  if (plugins !== undefined) return 'plugins';
  const names = typeof bases === 'string' ? [bases] : Array.isArray(bases) ? bases : [];
  const shared = names.find(
    (name) =>
      typeof name === 'string' &&
      !['recommended', 'strict', 'directory'].includes(name) &&
      /config-|^\.|^\//.test(name),
  );
  return shared === undefined ? undefined : `extends "${shared}" (a shareable config)`;
}
