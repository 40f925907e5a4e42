/**
 * MCP Registry interop: the pure mapping between a registry `server.json` (the format pinned in
 * test/fixtures/registry, registry commit 81e5174) and an MCP Description's `info` and `transports`.
 * Nothing is dropped silently: the whole server.json is kept verbatim in the root extension
 * `x-registry` (Section 3.7 allows `x-*` on the root), and what has no description counterpart is
 * listed in `unmapped`.
 */

import { escapePointerToken } from '../model/json-pointer.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface ServerJsonImport {
  /** `info`, `transports` and `x-registry` for a description. */
  readonly seed: JsonObject;
  /** server.json paths (JSON Pointers) whose meaning has no description field; kept in x-registry. */
  readonly unmapped: string[];
}

export interface ServerJsonExport {
  readonly serverJson: JsonObject;
  /** Description paths that could not be expressed in server.json. */
  readonly unmapped: string[];
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The launcher for a package registry when no runtime_hint says otherwise. */
const launcher: Record<string, string> = { npm: 'npx', pypi: 'uvx', docker: 'docker' };

function packageSpec(registry: string, name: string, version: string | undefined): string[] {
  if (registry === 'npm') return ['-y', version ? `${name}@${version}` : name];
  if (registry === 'pypi') return [version ? `${name}==${version}` : name];
  if (registry === 'docker') return ['run', '-i', '--rm', version ? `${name}:${version}` : name];
  return [];
}

/** An argument's literal value: its value, else its default; undefined when the user must supply it. */
function argumentValues(arg: unknown): string[] | undefined {
  if (!isObject(arg)) return undefined;
  const value = str(arg.value) ?? str(arg.default);
  if (arg.type === 'named') {
    const name = str(arg.name);
    if (!name) return undefined;
    return value === undefined ? [name] : [name, value];
  }
  return value === undefined ? undefined : [value];
}

export function fromServerJson(server: unknown): ServerJsonImport {
  const unmapped: string[] = [];
  if (!isObject(server)) return { seed: {}, unmapped: [''] };
  const info: JsonObject = {};
  if (str(server.name)) info.name = server.name;
  if (str(server.description)) info.description = server.description;
  const versionDetail = isObject(server.version_detail) ? server.version_detail : {};
  if (str(versionDetail.version)) info.version = versionDetail.version;
  if (versionDetail.release_date !== undefined) unmapped.push('/version_detail/release_date');
  if (server.repository !== undefined) unmapped.push('/repository');

  const transports: JsonObject[] = [];
  const packages = Array.isArray(server.packages) ? server.packages : [];
  packages.forEach((pkg, i) => {
    if (!isObject(pkg)) return unmapped.push(`/packages/${i}`);
    const registry = str(pkg.registry_name) ?? '';
    const name = str(pkg.name) ?? '';
    const command = str(pkg.runtime_hint) ?? launcher[registry] ?? name;
    const args: string[] = [];
    for (const [key, list] of [
      ['runtime_arguments', pkg.runtime_arguments],
      ['package_arguments', pkg.package_arguments],
    ] as const) {
      if (!Array.isArray(list)) continue;
      if (key === 'package_arguments') args.push(...packageSpec(registry, name, str(pkg.version)));
      list.forEach((arg, j) => {
        const values = argumentValues(arg);
        if (values) args.push(...values);
        else unmapped.push(`/packages/${i}/${key}/${j}`);
      });
    }
    if (!Array.isArray(pkg.package_arguments)) args.push(...packageSpec(registry, name, str(pkg.version)));
    const transport: JsonObject = { type: 'stdio', command };
    if (args.length > 0) transport.args = args;
    const env: JsonObject = {};
    (Array.isArray(pkg.environment_variables) ? pkg.environment_variables : []).forEach((variable, j) => {
      const value = isObject(variable) ? (str(variable.value) ?? str(variable.default)) : undefined;
      if (isObject(variable) && str(variable.name) && value !== undefined) env[variable.name as string] = value;
      else unmapped.push(`/packages/${i}/environment_variables/${j}`);
    });
    if (Object.keys(env).length > 0) transport.env = env;
    transports.push(transport);
  });
  const remotes = Array.isArray(server.remotes) ? server.remotes : [];
  remotes.forEach((remote, i) => {
    const kind = isObject(remote) ? remote.transport_type : undefined;
    if (!isObject(remote) || !str(remote.url) || (kind !== 'streamable' && kind !== 'sse'))
      return unmapped.push(`/remotes/${i}`);
    transports.push({ type: kind === 'sse' ? 'sse' : 'streamable-http', url: remote.url });
    // Description transports have no headers field (spec 6.2): they stay in x-registry.
    if (remote.headers !== undefined) unmapped.push(`/remotes/${i}/headers`);
  });
  for (const key of Object.keys(server))
    if (!['name', 'description', 'version_detail', 'repository', 'packages', 'remotes'].includes(key))
      unmapped.push(`/${escapePointerToken(key)}`);
  return { seed: { info, transports, 'x-registry': server }, unmapped };
}

/**
 * Writes a server.json from a description. A description imported from server.json carries the
 * original in `x-registry`: that is the starting point, so a round trip is exact, and the
 * description's info (name, description, version) and remote transports take precedence.
 */
export function toServerJson(description: unknown): ServerJsonExport {
  const unmapped: string[] = [];
  if (!isObject(description)) return { serverJson: {}, unmapped: [''] };
  const kept = isObject(description['x-registry']) ? description['x-registry'] : {};
  const server = JSON.parse(JSON.stringify(kept)) as JsonObject;
  const info = isObject(description.info) ? description.info : {};
  if (str(info.name)) server.name = info.name;
  if (str(info.description)) server.description = info.description;
  if (str(info.version)) {
    const detail = isObject(server.version_detail) ? server.version_detail : {};
    server.version_detail = { ...detail, version: info.version };
    if (detail.release_date === undefined)
      unmapped.push('/x-registry/version_detail/release_date (required by server.json)');
  }
  const transports = Array.isArray(description.transports) ? description.transports : [];
  const remotes: JsonObject[] = [];
  transports.forEach((t, i) => {
    if (!isObject(t)) return;
    if ((t.type === 'streamable-http' || t.type === 'sse') && str(t.url)) {
      const previous = (Array.isArray(kept.remotes) ? kept.remotes : []).find((r) => isObject(r) && r.url === t.url);
      remotes.push({
        ...(isObject(previous) ? previous : {}),
        transport_type: t.type === 'sse' ? 'sse' : 'streamable',
        url: t.url,
      });
    } else if (t.type === 'stdio' && !Array.isArray(kept.packages)) {
      // A command line does not say which registry package it runs.
      unmapped.push(`/transports/${i}`);
    }
  });
  if (remotes.length > 0) server.remotes = remotes;
  return { serverJson: server, unmapped };
}
