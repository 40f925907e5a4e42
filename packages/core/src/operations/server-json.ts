/**
 * MCP Registry interop: the pure mapping between a registry `server.json` and an MCP Description's
 * `info` and `transports`. Two registry formats are read and written (both pinned in
 * test/fixtures/registry, see PROVENANCE.md there):
 * - `2025-07`: snake_case, `version_detail`, `registry_name`, remotes with `transport_type`
 *   (registry commit 81e5174);
 * - `2025-12-11`: camelCase, root `version`, `registryType`/`identifier`, package and remote
 *   `transport`/`type` (the schema published at static.modelcontextprotocol.io/schemas/2025-12-11).
 * Nothing is dropped silently: the whole server.json is kept verbatim in the root extension
 * `x-registry` (Section 3.7 allows `x-*` on the root), and what has no description counterpart is
 * listed in `unmapped`.
 */

import type { Diagnostic } from '../model/diagnostic.js';
import { escapePointerToken } from '../model/json-pointer.js';
import { revisions, type Revision } from '../model/revisions.js';
import { defaultSpecVersion } from '../model/spec-versions.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Which server.json format a document is in. */
export type ServerJsonFormat = '2025-07' | '2025-12-11';

/** The `$schema` a server.json written in the newer format declares. */
export const serverJsonSchemaUrl = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** The date of the newest registry format this mapping writes (its schema's dated path). */
const newestRegistryFormat = '2025-12-11';

/**
 * The revision `init --from-server-json` declares when none is given: a server.json says nothing
 * about MCP revisions, so the latest revision released while the newest registry format was
 * current (2025-11-25).
 */
export const defaultSeedRevision: Revision = revisions.filter((r) => r <= newestRegistryFormat).at(-1)!;

/** One thing a mapping could not carry across, with a JSON Pointer into the side it comes from. */
export interface Unmapped {
  readonly pointer: string;
  /** `kept-in-x-registry` (import), `not-exported` / `required-by-server-json` / `name-not-reverse-dns` (export). */
  readonly code: string;
  readonly message: string;
}

export interface ServerJsonImport {
  /** A description seed: `mcpdesc`, `info`, `protocolVersions`, `transports` and `x-registry`. */
  readonly seed: JsonObject;
  readonly format: ServerJsonFormat;
  /** server.json members whose meaning has no description field; all kept in x-registry. */
  readonly unmapped: Unmapped[];
}

export interface ServerJsonExport {
  readonly serverJson: JsonObject;
  readonly format: ServerJsonFormat;
  /** Description members that could not be expressed in server.json, or what server.json needs and lacks. */
  readonly unmapped: Unmapped[];
}

export interface FromServerJsonOptions {
  /** Root protocolVersions of the seed (default: [defaultSeedRevision]). */
  readonly protocolVersions?: readonly string[];
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** The 2025-07 format has `version_detail`, `registry_name` or `transport_type`; anything else is read as 2025-12-11. */
export function serverJsonFormat(server: unknown): ServerJsonFormat {
  if (!isObject(server)) return '2025-12-11';
  if (server.version_detail !== undefined) return '2025-07';
  if (list(server.packages).some((p) => isObject(p) && p.registry_name !== undefined)) return '2025-07';
  if (list(server.remotes).some((r) => isObject(r) && r.transport_type !== undefined)) return '2025-07';
  return '2025-12-11';
}

/** Field names of the two formats. */
const fields = {
  '2025-07': {
    registry: 'registry_name',
    identifier: 'name',
    runtimeHint: 'runtime_hint',
    runtimeArguments: 'runtime_arguments',
    packageArguments: 'package_arguments',
    environmentVariables: 'environment_variables',
  },
  '2025-12-11': {
    registry: 'registryType',
    identifier: 'identifier',
    runtimeHint: 'runtimeHint',
    runtimeArguments: 'runtimeArguments',
    packageArguments: 'packageArguments',
    environmentVariables: 'environmentVariables',
  },
} as const;

/** The launcher for a package registry when no runtime hint says otherwise. */
const launcher: Record<string, string> = { npm: 'npx', pypi: 'uvx', docker: 'docker', oci: 'docker', nuget: 'dnx' };

/** Launcher arguments that come before the runtime arguments (`docker run -i --rm --mount ... image`). */
function launcherPrefix(registry: string): string[] {
  return registry === 'docker' || registry === 'oci' ? ['run', '-i', '--rm'] : [];
}

/** How the launcher names the package. */
function packageReference(registry: string, name: string, version: string | undefined): string[] {
  if (registry === 'npm') return ['-y', version ? `${name}@${version}` : name];
  if (registry === 'pypi') return [version ? `${name}==${version}` : name];
  if (registry === 'nuget') return [version ? `${name}@${version}` : name];
  if (registry === 'docker') return [version ? `${name}:${version}` : name];
  // An OCI identifier names its tag in the 2025-12-11 format (docker.io/mcp/filesystem:1.0.2).
  if (registry === 'oci') return [version && !name.includes(':') ? `${name}:${version}` : name];
  return [];
}

/**
 * An input's literal value with its `{variables}` replaced by their value or default (an unknown
 * `{name}` stays, as the registry says); undefined when the user must supply something. One pass
 * over the value: linear in its length whatever the number of variables.
 */
function literal(input: JsonObject): string | undefined {
  const value = str(input.value) ?? str(input.default);
  if (value === undefined) return undefined;
  const variables = isObject(input.variables) ? input.variables : {};
  let missing = false;
  const result = value.replace(/\{([^{}]*)\}/g, (token, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(variables, name)) return token;
    const variable = variables[name];
    const replacement = isObject(variable) ? (str(variable.value) ?? str(variable.default)) : undefined;
    if (replacement === undefined) missing = true;
    return replacement ?? token;
  });
  return missing ? undefined : result;
}

/** An argument's command-line words; undefined when the user must supply its value. */
function argumentWords(arg: Json): string[] | undefined {
  if (!isObject(arg)) return undefined;
  const value = literal(arg);
  if (arg.type === 'named') {
    const name = str(arg.name);
    if (!name) return undefined;
    return value === undefined ? undefined : [name, value];
  }
  return value === undefined ? undefined : [value];
}

const kept = (pointer: string, message: string): Unmapped => ({ pointer, code: 'kept-in-x-registry', message });

function packageTransport(
  pkg: JsonObject,
  at: string,
  format: ServerJsonFormat,
  unmapped: Unmapped[],
): JsonObject | undefined {
  const f = fields[format];
  const registry = str(pkg[f.registry]) ?? '';
  const name = str(pkg[f.identifier]) ?? '';
  const transportType = isObject(pkg.transport) ? pkg.transport.type : 'stdio';
  if (transportType !== 'stdio') {
    unmapped.push(
      kept(
        `${at}/transport`,
        `a package served over ${String(transportType)}: a description cannot say how to launch it`,
      ),
    );
    return undefined;
  }
  const command = str(pkg[f.runtimeHint]) ?? launcher[registry];
  if (command === undefined) {
    unmapped.push(kept(at, `no launcher is known for registry type "${registry}"`));
    return undefined;
  }
  const args: string[] = [...launcherPrefix(registry)];
  const addArguments = (key: string) =>
    list(pkg[key]).forEach((arg, j) => {
      const words = argumentWords(arg);
      if (words) args.push(...words);
      else unmapped.push(kept(`${at}/${key}/${j}`, 'an argument the user must supply'));
    });
  const env: JsonObject = {};
  const unsupplied: Unmapped[] = []; // reported after the arguments, in document order
  const container = launcherPrefix(registry).length > 0;
  list(pkg[f.environmentVariables]).forEach((variable, j) => {
    const value = isObject(variable) ? literal(variable) : undefined;
    const variableName = isObject(variable) ? str(variable.name) : undefined;
    if (variableName === undefined || value === undefined)
      unsupplied.push(kept(`${at}/${f.environmentVariables}/${j}`, 'an environment variable the user must supply'));
    // A container sees only what `docker run -e` gives it, not the docker command's environment.
    else if (container) args.push('-e', `${variableName}=${value}`);
    // defineProperty: a variable named __proto__ is an own member, not the object's prototype.
    else Object.defineProperty(env, variableName, { value, enumerable: true, writable: true, configurable: true });
  });
  addArguments(f.runtimeArguments);
  args.push(...packageReference(registry, name, str(pkg.version)));
  // dnx passes what follows `--` to the package.
  if (registry === 'nuget' && list(pkg[f.packageArguments]).length > 0) args.push('--');
  addArguments(f.packageArguments);
  unmapped.push(...unsupplied);
  const transport: JsonObject = { type: 'stdio', command };
  if (args.length > 0) transport.args = args;
  if (Object.keys(env).length > 0) transport.env = env;
  return transport;
}

function remoteTransport(
  remote: Json,
  at: string,
  format: ServerJsonFormat,
  unmapped: Unmapped[],
): JsonObject | undefined {
  const kind = isObject(remote) ? (format === '2025-07' ? remote.transport_type : remote.type) : undefined;
  const type =
    kind === 'sse' ? 'sse' : kind === 'streamable' || kind === 'streamable-http' ? 'streamable-http' : undefined;
  const url = isObject(remote)
    ? literal({ value: remote.url ?? null, variables: remote.variables ?? null })
    : undefined;
  if (!isObject(remote) || type === undefined || url === undefined) {
    unmapped.push(kept(at, 'a remote whose type or URL cannot be expressed'));
    return undefined;
  }
  // Description transports have no headers (spec 6.2); URL variables are replaced by their defaults.
  if (remote.headers !== undefined) unmapped.push(kept(`${at}/headers`, 'description transports have no headers'));
  if (remote.variables !== undefined) unmapped.push(kept(`${at}/variables`, 'URL variables (their defaults are used)'));
  return { type, url };
}

const infoKeys = {
  '2025-07': ['name', 'description'],
  '2025-12-11': ['name', 'title', 'description', 'version', 'websiteUrl'],
};
const knownKeys = {
  '2025-07': ['name', 'description', 'version_detail', 'packages', 'remotes'],
  '2025-12-11': ['name', 'title', 'description', 'version', 'websiteUrl', 'icons', 'packages', 'remotes'],
};

export function fromServerJson(server: unknown, options: FromServerJsonOptions = {}): ServerJsonImport {
  const format = serverJsonFormat(server);
  const unmapped: Unmapped[] = [];
  if (!isObject(server)) return { seed: {}, format, unmapped: [kept('', 'server.json is not an object')] };
  const info: JsonObject = {};
  for (const key of infoKeys[format]) if (str(server[key])) info[key] = server[key] as string;
  if (format === '2025-07') {
    const detail = isObject(server.version_detail) ? server.version_detail : {};
    if (str(detail.version)) info.version = detail.version as string;
    for (const key of Object.keys(detail))
      if (key !== 'version') unmapped.push(kept(`/version_detail/${escapePointerToken(key)}`, 'no description field'));
  }
  if (Array.isArray(server.icons) && server.icons.length > 0) info.icons = server.icons;

  const transports: JsonObject[] = [];
  list(server.packages).forEach((pkg, i) => {
    const transport = isObject(pkg) ? packageTransport(pkg, `/packages/${i}`, format, unmapped) : undefined;
    if (!isObject(pkg)) unmapped.push(kept(`/packages/${i}`, 'not an object'));
    if (transport) transports.push(transport);
  });
  list(server.remotes).forEach((remote, i) => {
    const transport = remoteTransport(remote, `/remotes/${i}`, format, unmapped);
    if (transport) transports.push(transport);
  });
  for (const key of Object.keys(server))
    if (!knownKeys[format].includes(key)) unmapped.push(kept(`/${escapePointerToken(key)}`, 'no description field'));

  const seed: JsonObject = {
    mcpdesc: defaultSpecVersion,
    info,
    protocolVersions: [...(options.protocolVersions ?? [defaultSeedRevision])],
  };
  if (transports.length > 0) seed.transports = transports;
  seed['x-registry'] = server;
  return { seed, format, unmapped };
}

/** The registry's name rule (2025-12-11 schema): `namespace/name`, the namespace in reverse-DNS form. */
const registryName = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

/**
 * A reverse-DNS registry name for an `info.name` that is not one: `io.github.owner/repo` for a
 * GitHub website, else the website's host reversed; undefined without a usable website.
 */
export function registryNameFor(name: string, websiteUrl: string | undefined): string | undefined {
  if (registryName.test(name)) return name;
  const match = websiteUrl ? /^https?:\/\/([a-zA-Z0-9.-]{1,253})(?::\d+)?(\/[^?#]*)?/.exec(websiteUrl) : null;
  if (!match) return undefined;
  const host = match[1]!.toLowerCase();
  const path = (match[2] ?? '').split('/').filter((s) => s !== '');
  if (host === 'github.com' && path.length >= 2 && /^[a-zA-Z0-9._-]+$/.test(path[1]!))
    return `io.github.${path[0]!.toLowerCase()}/${path[1]}`;
  const local = name.replace(/[^a-zA-Z0-9._-]/g, '-');
  return local === '' ? undefined : `${host.split('.').reverse().join('.')}/${local}`;
}

/**
 * Writes a server.json from a description. A description imported from server.json carries the
 * original in `x-registry`: that is the starting point, in its format, so a round trip is exact;
 * the description's info and remote transports take precedence where they differ from what the
 * original maps to. Without `x-registry` the 2025-12-11 format is written.
 */
export function toServerJson(description: unknown): ServerJsonExport {
  const unmapped: Unmapped[] = [];
  if (!isObject(description))
    return {
      serverJson: {},
      format: '2025-12-11',
      unmapped: [{ pointer: '', code: 'not-exported', message: 'not an object' }],
    };
  const original = isObject(description['x-registry']) ? description['x-registry'] : undefined;
  const format = original ? serverJsonFormat(original) : '2025-12-11';
  const server = (original ? JSON.parse(JSON.stringify(original)) : { $schema: serverJsonSchemaUrl }) as JsonObject;
  const derived = original ? fromServerJson(original) : undefined;
  const info = isObject(description.info) ? description.info : {};

  const name = str(info.name);
  if (name !== undefined && name !== str(derived?.seed.info && (derived.seed.info as JsonObject).name)) {
    const registry = registryNameFor(name, str(info.websiteUrl));
    server.name = registry ?? name;
    if (registry !== name)
      unmapped.push({
        pointer: '/info/name',
        code: 'name-not-reverse-dns',
        message: registry
          ? `"${name}" is not a registry name (namespace/name); written as "${registry}" from info.websiteUrl`
          : `"${name}" is not a registry name (namespace/name, e.g. io.github.owner/repo) and info.websiteUrl gives none`,
      });
  }
  for (const key of infoKeys[format]) if (key !== 'name' && str(info[key])) server[key] = info[key] as string;
  if (format === '2025-12-11' && Array.isArray(info.icons)) server.icons = info.icons;
  if (format === '2025-07' && str(info.version)) {
    const detail = isObject(server.version_detail) ? server.version_detail : {};
    server.version_detail = { ...detail, version: info.version as string };
    if (detail.release_date === undefined)
      unmapped.push({
        pointer: '/info/version',
        code: 'required-by-server-json',
        message: 'version_detail.release_date is required by the 2025-07 format and unknown',
      });
  }
  for (const key of ['name', 'description', 'version'])
    if (format === '2025-12-11' && server[key] === undefined)
      unmapped.push({
        pointer: `/info/${key}`,
        code: 'required-by-server-json',
        message: `server.json requires ${key}`,
      });

  // Remote transports: an unchanged one keeps its original entry (headers, variables, URL template).
  const originalRemotes = original ? list(original.remotes) : [];
  const derivedRemotes = originalRemotes.map((remote) => remoteTransport(remote, '', format, []));
  const used = new Set<number>();
  const remotes: Json[] = [];
  list(description.transports).forEach((t, i) => {
    if (!isObject(t)) return;
    if ((t.type === 'streamable-http' || t.type === 'sse') && str(t.url)) {
      const k = derivedRemotes.findIndex((d, j) => !used.has(j) && d?.type === t.type && d.url === t.url);
      if (k >= 0) {
        used.add(k);
        remotes.push(originalRemotes[k]!);
      } else if (format === '2025-07') {
        remotes.push({ transport_type: t.type === 'sse' ? 'sse' : 'streamable', url: t.url as string });
      } else remotes.push({ type: t.type, url: t.url as string });
    } else if (t.type === 'stdio' && list(original?.packages).length === 0) {
      unmapped.push({
        pointer: `/transports/${i}`,
        code: 'not-exported',
        message: 'a command line does not say which registry package it runs',
      });
    }
  });
  // Remotes the description has no transport for (unmappable ones) are kept, not dropped.
  originalRemotes.forEach((remote, j) => {
    if (derivedRemotes[j] === undefined) remotes.push(remote);
  });
  if (remotes.length > 0 || server.remotes !== undefined) server.remotes = remotes;
  return { serverJson: server, format, unmapped };
}

/**
 * The unmapped items as diagnostics (rule `operation.registry.unmapped`, the item's code and
 * pointer): what server.json requires and the description lacks is an error, the rest warnings.
 */
export function unmappedDiagnostics(unmapped: readonly Unmapped[]): Diagnostic[] {
  return unmapped.map(({ pointer, code, message }) => ({
    rule: 'operation.registry.unmapped',
    code,
    severity: code === 'required-by-server-json' ? 'error' : 'warning',
    message,
    pointer,
  }));
}
