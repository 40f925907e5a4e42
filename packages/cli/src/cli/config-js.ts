/**
 * JavaScript configurations (`mcpdesc.config.js` / `.mjs`, ESLint's flat config): importing one
 * runs its code, so this is the only module that imports configurations, plugins and shareable
 * configs, and only from the project's own files or packages installed beside them, never from
 * anything a document names. The result is a plain configuration value (plugins as objects,
 * shareable configs merged in) that the core checks like a JSON one (lint/config.ts).
 */
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isObject } from 'mcpdesc-core/model';
import { pluginsByNamespace } from 'mcpdesc-core/lint';
import { ConfigError, type ConfigReader } from './config-error.js';
import { configByteLimit, readFailure } from './read-file.js';

/** The switch that refuses JavaScript configurations (CI on a checkout nobody reviewed). */
export const noConfigJsVariable = 'MCPDESC_NO_CONFIG_JS';

/** The refusal when JavaScript configurations are switched off. */
export function refusedJsConfig(path: string): ConfigError {
  return new ConfigError(
    `configuration ${path} is JavaScript, which runs code; JavaScript configurations are refused here ` +
      `(--no-config-js or ${noConfigJsVariable}). Use mcpdesc.config.json, or trust the checkout and drop the switch`,
  );
}

const presetNames = ['recommended', 'strict', 'directory'];
/** `mcpdesc-config-<name>`, scoped or not: the only package names `extends` resolves (ESLint's `eslint-config-*`). */
const shareablePackage = /^(@[\w.-]+\/)?mcpdesc-config-[\w.-]+$/;
/** How deep shareable configs may extend each other. */
const maxExtendsDepth = 8;

/**
 * Imports a JavaScript configuration and returns its value with package plugins imported and
 * shareable configs merged. `bytes` are what the bounded reader read (ownership and size
 * checked): their digest names this version, so an edited file is imported afresh (the
 * language server reads the configuration at every check).
 */
export async function loadJsConfig(path: string, bytes: Uint8Array, reader: ConfigReader): Promise<unknown> {
  const value = await importDefault(`${pathToFileURL(path).href}?version=${digest(bytes)}`, `configuration ${path}`);
  return await resolveConfig(value, dirname(path), `configuration ${path}`, reader, [path]);
}

/** Plugins named by package imported, shareable configs merged in order (theirs first, this one's own last). */
async function resolveConfig(
  value: unknown,
  directory: string,
  what: string,
  reader: ConfigReader,
  chain: string[],
): Promise<unknown> {
  if (!isObject(value)) return value;
  const own: Record<string, unknown> = { ...value };
  if (isObject(value.plugins)) {
    const plugins: Record<string, unknown> = {};
    for (const [name, plugin] of Object.entries(value.plugins))
      plugins[name] =
        typeof plugin === 'string' ? await importPackage(plugin, directory, `plugin "${name}" of ${what}`) : plugin;
    own.plugins = plugins;
  } else if (Array.isArray(value.plugins)) {
    // The list form: each plugin's own namespace keys it (lint/plugins.ts, pluginsByNamespace).
    const plugins: unknown[] = [];
    for (const [i, plugin] of value.plugins.entries())
      plugins.push(
        typeof plugin === 'string'
          ? await importPackage(plugin, directory, `plugins[${i}] ("${plugin}") of ${what}`)
          : plugin,
      );
    own.plugins = plugins;
  }
  if (value.extends === undefined) return own;
  const names = typeof value.extends === 'string' ? [value.extends] : value.extends;
  if (!Array.isArray(names)) return own;
  const presets: unknown[] = [];
  let merged: Record<string, unknown> = {};
  for (const name of names) {
    if (typeof name !== 'string' || presetNames.includes(name)) {
      presets.push(name);
      continue;
    }
    const location = shareableLocation(name, directory, what);
    if (chain.includes(location))
      throw new ConfigError(`${what}: extends "${name}" leads back to ${location} (a cycle)`);
    if (chain.length > maxExtendsDepth)
      throw new ConfigError(`${what}: extends "${name}" is more than ${maxExtendsDepth} shareable configs deep`);
    const shared = await loadShareable(location, `shareable config "${name}" (${location})`, reader);
    const resolved = await resolveConfig(shared, dirname(location), `shareable config "${name}"`, reader, [
      ...chain,
      location,
    ]);
    if (!isObject(resolved)) throw new ConfigError(`shareable config "${name}" (${location}) is not an object`);
    merged = mergeConfigs(merged, resolved);
  }
  own.extends = presets;
  const result = mergeConfigs(merged, own);
  if ((result.extends as unknown[]).length === 0) delete result.extends;
  return result;
}

/**
 * `later` over `earlier`: presets in order, plugins and rules by name (later wins), overrides
 * appended. A plugin name bound to two different objects is an error: one namespace, one plugin.
 */
function mergeConfigs(earlier: Record<string, unknown>, later: Record<string, unknown>): Record<string, unknown> {
  const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  const out: Record<string, unknown> = { ...earlier, ...later };
  out.extends = [...list(earlier.extends), ...list(later.extends)];
  if (earlier.plugins !== undefined && later.plugins !== undefined) {
    const [before, after] = [byNamespace(earlier.plugins), byNamespace(later.plugins)];
    for (const [name, plugin] of Object.entries(after))
      if (Object.hasOwn(before, name) && before[name] !== plugin)
        throw new ConfigError(
          `two different plugins are named "${name}" (in a shareable config and the configuration extending it)`,
        );
    out.plugins = { ...before, ...after };
  }
  if (isObject(earlier.rules) && isObject(later.rules)) out.rules = { ...earlier.rules, ...later.rules };
  if (earlier.overrides !== undefined || later.overrides !== undefined)
    out.overrides = [...list(earlier.overrides), ...list(later.overrides)];
  return out;
}

/** `plugins` of one side of a merge, as a map (a list keyed by each plugin's namespace); its problems are a configuration error. */
function byNamespace(plugins: unknown): Record<string, unknown> {
  const errors: string[] = [];
  const map = pluginsByNamespace(plugins, errors);
  if (errors.length > 0 || !map) throw new ConfigError(`plugins cannot be merged: ${errors.join('; ')}`);
  return map;
}

/** Where `extends` finds a shareable config: a local path (file or package folder), or an installed `mcpdesc-config-*`. */
function shareableLocation(name: string, directory: string, what: string): string {
  const local = name.startsWith('./') || name.startsWith('../') || isAbsolute(name);
  if (!local && !shareablePackage.test(name))
    throw new ConfigError(
      `${what}: extends "${name}" is neither a preset (${presetNames.join(', ')}) nor a shareable config ` +
        `(a package named mcpdesc-config-*, or a path starting with ./)`,
    );
  return resolveFrom(local ? resolve(directory, name) : name, directory, `shareable config "${name}" of ${what}`);
}

/** Node's resolution from the configuration's folder (its node_modules, a package folder's `exports` or `main`). */
function resolveFrom(specifier: string, directory: string, what: string): string {
  try {
    return createRequire(join(directory, 'noop.js')).resolve(specifier);
  } catch (error) {
    throw new ConfigError(`cannot find ${what} from ${directory}: ${(error as Error).message.split('\n')[0]}`);
  }
}

async function importPackage(name: string, directory: string, what: string): Promise<unknown> {
  return await importDefault(pathToFileURL(resolveFrom(name, directory, what)).href, what);
}

/** A shareable config: JSON is read (bounded, no code), anything else imported. */
async function loadShareable(location: string, what: string, reader: ConfigReader): Promise<unknown> {
  if (!location.endsWith('.json')) return await importDefault(pathToFileURL(location).href, what);
  let bytes: Uint8Array;
  try {
    bytes = await reader.readFile(location, configByteLimit);
  } catch (error) {
    throw new ConfigError(`cannot read ${what}: ${readFailure(error, configByteLimit)}`);
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch (error) {
    throw new ConfigError(`${what} is not valid JSON: ${(error as Error).message}`);
  }
}

/** A module's default export (else the module itself); what its evaluation throws is a configuration error, not a crash. */
async function importDefault(url: string, what: string): Promise<unknown> {
  let module: Record<string, unknown>;
  try {
    module = (await import(url)) as Record<string, unknown>;
  } catch (error) {
    throw new ConfigError(`cannot load ${what}: ${shortError(error)}`);
  }
  return 'default' in module ? module.default : module;
}

function shortError(error: unknown): string {
  try {
    const text = error instanceof Error ? error.message : String(error);
    return text.split('\n')[0]!.slice(0, 300);
  } catch {
    return 'it threw a value that cannot be shown';
  }
}

/** FNV-1a over the bytes: a version tag for the import URL, not a security measure. */
function digest(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return `${hash.toString(16)}-${bytes.length}`;
}
