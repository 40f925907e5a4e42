/**
 * The connection options `capture` and `verify` share: declared without loading the MCP SDK,
 * read into a connection target when the command runs.
 */
import { Option, type Command } from 'commander';
import type { ConnectTarget } from '../live/connect.js';
import { setOwn, revisions, isObject, type JsonObject, listBounds } from 'mcpdesc-core/model';
import { UsageError, type CliIO } from './io.js';
import { inlineOrFile, jsonObjectOf } from './json-option.js';
import { oauthSessionFrom, type OAuthCommandOptions } from './oauth-options.js';

export interface LiveCommandOptions extends OAuthCommandOptions {
  stdio?: string;
  env: string[];
  cwd?: string;
  url?: string;
  sse?: boolean;
  header: string[];
  timeout?: string;
  requestTimeout?: string;
  protocol?: string;
  maxPages?: string;
  maxItems?: string;
  maxBytes?: string;
  clientCapabilities?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function addConnectionOptions(command: Command): Command {
  return command
    .option('--stdio <command>', 'launch the server as a subprocess: "CMD ARGS..." (quoted as in a shell)')
    .option(
      '--env <K=V>',
      'environment variable for the --stdio server (repeatable; never written to output); a bare NAME passes the value of NAME here',
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
    .option('--timeout <ms>', 'the whole operation (every connection and request) in milliseconds', '30000')
    .option(
      '--request-timeout <ms>',
      'one request (a list page, a call, a read) in milliseconds: a slower one fails alone and the rest goes on (default: what is left of --timeout)',
    )
    .option(
      '--client-capabilities <list|json>',
      'capabilities the client declares: a list of roots,sampling,elicitation, a JSON ClientCapabilities object, or @FILE',
    )
    .addOption(
      new Option(
        '--protocol <revision>',
        'MCP revision: auto (2026-07-28 via server/discover, else initialize), a revision, or all',
      ).default('auto'),
    )
    .option('--max-pages <n>', 'most pages read per list', String(listBounds.maxPages))
    .option('--max-items <n>', 'most items read per list, across its pages', String(listBounds.maxItems))
    .option(
      '--max-bytes <n>',
      'most bytes of list results read per list, across its pages',
      String(listBounds.maxBytes),
    );
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`${name} expects a positive whole number, got "${value}"`);
  return Number(value);
}

/** How to reach the server and what to ask for. */
export interface Connection {
  target: ConnectTarget;
  /** auto, all, or one revision. */
  protocol: string;
  timeout: number;
  /** One request's bound in milliseconds (absent: the rest of timeout). */
  requestTimeout?: number;
  maxPages: number;
  maxItems: number;
  maxBytes: number;
  /** The capabilities the client declares (absent: none). */
  clientCapabilities?: JsonObject;
}

/** The connection the options describe; a usage problem is a UsageError. */
export async function connectionFrom(options: LiveCommandOptions, io: CliIO): Promise<Connection> {
  return {
    target: await targetFrom(options, io),
    protocol: protocolFrom(options),
    timeout: positiveInteger('--timeout', options.timeout, 30000),
    ...(options.requestTimeout !== undefined
      ? { requestTimeout: positiveInteger('--request-timeout', options.requestTimeout, 30000) }
      : {}),
    maxPages: positiveInteger('--max-pages', options.maxPages, listBounds.maxPages),
    maxItems: positiveInteger('--max-items', options.maxItems, listBounds.maxItems),
    maxBytes: positiveInteger('--max-bytes', options.maxBytes, listBounds.maxBytes),
    ...(options.clientCapabilities !== undefined
      ? { clientCapabilities: await clientCapabilitiesFrom(options.clientCapabilities, io) }
      : {}),
  };
}

/**
 * `--client-capabilities`: `roots,sampling,elicitation` (each declared as `{}`), a JSON
 * ClientCapabilities object inline, or `@FILE` holding one (a client profile).
 */
async function clientCapabilitiesFrom(value: string, io: CliIO): Promise<JsonObject> {
  const option = '--client-capabilities';
  const text = await inlineOrFile(option, value, io, '; for piped input pass the JSON inline');
  if (text.startsWith('{')) {
    const parsed = jsonObjectOf(option, text, 'MCP ClientCapabilities');
    for (const [key, member] of Object.entries(parsed))
      if (!isObject(member)) throw new UsageError(`${option}: capability ${JSON.stringify(key)} must be an object`);
    return parsed;
  }
  const { clientCapabilityNames } = await import('../live/connect.js');
  const out: JsonObject = {};
  for (const name of text.split(',').map((n) => n.trim())) {
    if (!(clientCapabilityNames as readonly string[]).includes(name))
      throw new UsageError(
        `${option} expects a list of ${clientCapabilityNames.join(', ')}, a JSON object or @FILE; got ${JSON.stringify(name)}`,
      );
    setOwn(out, name, {});
  }
  return out;
}

async function targetFrom(options: LiveCommandOptions, io: CliIO): Promise<ConnectTarget> {
  const live = await import('../live/connect.js');
  try {
    if (options.stdio !== undefined && options.url !== undefined)
      throw new UsageError('use either --stdio or --url, not both');
    if (options.stdio !== undefined) {
      if (options.header.length > 0) throw new UsageError('--header applies to --url');
      await oauthSessionFrom(options, io, undefined);
      const argv = live.splitCommandLine(options.stdio);
      if (argv.length === 0) throw new UsageError('--stdio needs a command');
      return {
        kind: 'stdio',
        command: argv[0]!,
        args: argv.slice(1),
        env: live.parseEnvAssignments(options.env, io.env),
        ...(options.cwd ? { cwd: options.cwd } : {}),
      };
    }
    if (options.url !== undefined) {
      if (options.env.length > 0 || options.cwd) throw new UsageError('--env and --cwd apply to --stdio');
      const headers = live.parseHeaders(options.header, io.env);
      const oauth = await oauthSessionFrom(options, io, { url: live.splitUserinfo(options.url).url, headers });
      return {
        kind: 'http',
        url: options.url,
        sse: options.sse === true,
        headers,
        ...(oauth ? { oauth, secrets: oauth.secrets } : {}),
      };
    }
  } catch (e) {
    if (e instanceof live.ConnectError) throw new UsageError(e.message);
    throw e;
  }
  throw new UsageError('say how to reach the server: --stdio "CMD ARGS..." or --url URL');
}

/** `--protocol`: auto, all, or a revision the toolkit knows. */
function protocolFrom(options: LiveCommandOptions): string {
  const protocol = options.protocol ?? 'auto';
  if (protocol === 'auto' || protocol === 'all' || (revisions as readonly string[]).includes(protocol)) return protocol;
  throw new UsageError(`--protocol expects auto, all or one of ${revisions.join(', ')}; got "${protocol}"`);
}
