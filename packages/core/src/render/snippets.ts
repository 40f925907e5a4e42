/** Copyable connection snippets for a Transport Object (6.2): shell command and client configuration. */
import { isObject, type JsonObject } from '../model/values.js';

export interface Snippet {
  label: string;
  text: string;
}

/** POSIX shell quoting: bare when only safe characters, else single-quoted. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
}

function envOf(transport: JsonObject): Array<[string, string]> {
  return isObject(transport.env)
    ? Object.entries(transport.env).filter((e): e is [string, string] => typeof e[1] === 'string')
    : [];
}

/**
 * Snippets for one transport: for stdio, the command line and an `mcpServers` entry (the client
 * configuration shape used by common MCP clients); for HTTP transports, the endpoint and an
 * `mcpServers` entry. Values are copied verbatim from the document.
 */
export function connectionSnippets(transport: JsonObject, serverName: string): Snippet[] {
  const type = transport.type;
  if (type === 'stdio' && typeof transport.command === 'string') {
    const env = envOf(transport);
    const line = [
      ...env.map(([k, v]) => `${k}=${shellQuote(v)}`),
      shellQuote(transport.command),
      ...strings(transport.args).map(shellQuote),
    ].join(' ');
    const entry: JsonObject = { command: transport.command };
    if (Array.isArray(transport.args)) entry.args = strings(transport.args);
    if (env.length) entry.env = Object.fromEntries(env);
    return [
      { label: 'Shell command', text: line },
      {
        label: 'Client configuration (mcpServers)',
        text: JSON.stringify({ mcpServers: { [serverName]: entry } }, null, 2),
      },
    ];
  }
  if ((type === 'streamable-http' || type === 'sse') && typeof transport.url === 'string') {
    return [
      { label: 'Endpoint', text: transport.url },
      {
        label: 'Client configuration (mcpServers)',
        text: JSON.stringify(
          { mcpServers: { [serverName]: { type: type === 'sse' ? 'sse' : 'http', url: transport.url } } },
          null,
          2,
        ),
      },
    ];
  }
  return [];
}
