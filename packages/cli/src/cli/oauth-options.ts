/**
 * The OAuth options of the commands that connect over HTTP (capture, capture --record, verify):
 * declared without loading the SDK, read into an OAuthSession when the command runs. Secrets
 * come from the environment only (`--oauth-client-secret-env NAME`), never from a flag value,
 * which would show in `ps` and in shell history.
 */
import type { Command } from 'commander';
import type { OAuthGrant, OAuthSession } from '../live/oauth.js';
import { UsageError, type CliIO } from './io.js';
import { inlineOrFile, jsonObjectOf } from './json-option.js';
import { checkTokenFile, tokenFileStore } from './oauth-token-file.js';

export interface OAuthCommandOptions {
  oauth?: boolean;
  oauthClientCredentials?: boolean;
  oauthClientId?: string;
  oauthClientSecretEnv?: string;
  oauthScope?: string;
  oauthIssuer?: string;
  oauthClientMetadata?: string;
  oauthClientMetadataUrl?: string;
  oauthTokenFile?: string;
  oauthOpen?: boolean;
  oauthCallbackPort?: string;
  oauthBrowserTimeout?: string;
}

export function addOAuthOptions(command: Command): Command {
  return command
    .option(
      '--oauth',
      'with --url: authorize in a browser (authorization code + PKCE, redirect to 127.0.0.1 on an ephemeral port); the URL is printed on standard error',
    )
    .option(
      '--oauth-client-credentials',
      'with --url: authorize as a machine client (client credentials grant), for CI; needs --oauth-client-id and --oauth-client-secret-env',
    )
    .option('--oauth-client-id <id>', 'a pre-registered OAuth client (default: dynamic client registration)')
    .option(
      '--oauth-client-secret-env <NAME>',
      'the environment variable holding the client secret (never a flag value; never written to output)',
    )
    .option('--oauth-scope <scopes>', 'the scopes to ask for, space-separated (default: what the server asks for)')
    .option(
      '--oauth-issuer <url>',
      "the authorization server the client belongs to: the client's credentials are sent to no other (default: the one the MCP server names)",
    )
    .option(
      '--oauth-client-metadata <json|@FILE>',
      'client metadata for dynamic registration (RFC 7591), over ours: e.g. {"client_name":"ci"}',
    )
    .option(
      '--oauth-client-metadata-url <url>',
      'an https URL where the client metadata document is published: used as the client_id where the authorization server supports Client ID Metadata Documents (else registration)',
    )
    .option(
      '--oauth-token-file <path>',
      'keep tokens in this file (created with mode 0600, refused if others can read it); default: memory only',
    )
    .option('--oauth-open', 'with --oauth: open the authorization URL in the desktop browser')
    .option(
      '--oauth-callback-port <n>',
      'with --oauth: the loopback port of the redirect, for a client registered with a fixed one',
    )
    .option('--oauth-browser-timeout <ms>', 'with --oauth: how long the browser step may take', '300000');
}

const anyOAuthOption: readonly (keyof OAuthCommandOptions)[] = [
  'oauthClientId',
  'oauthClientSecretEnv',
  'oauthScope',
  'oauthIssuer',
  'oauthClientMetadata',
  'oauthClientMetadataUrl',
  'oauthTokenFile',
  'oauthOpen',
  'oauthCallbackPort',
];

function flagOf(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * The OAuth session the options ask for, or undefined. `url` is the --url (without user
 * information), `headers` the parsed --header values.
 */
export async function oauthSessionFrom(
  options: OAuthCommandOptions,
  io: CliIO,
  target: { url: URL; headers: Record<string, string> } | undefined,
): Promise<OAuthSession | undefined> {
  const grant: OAuthGrant | undefined = options.oauth
    ? 'authorization-code'
    : options.oauthClientCredentials
      ? 'client-credentials'
      : undefined;
  if (options.oauth && options.oauthClientCredentials)
    throw new UsageError('use either --oauth (browser) or --oauth-client-credentials (machine client), not both');
  if (grant === undefined) {
    const stray = anyOAuthOption.find((key) => options[key] !== undefined);
    if (stray) throw new UsageError(`${flagOf(stray)} needs --oauth or --oauth-client-credentials`);
    return undefined;
  }
  const flag = grant === 'authorization-code' ? '--oauth' : '--oauth-client-credentials';
  if (!target) throw new UsageError(`${flag} applies to --url`);
  const { isLoopbackHost, OAuthSession } = await import('../live/oauth.js');
  // A bearer token over plain http could be read on the way: only loopback may go without TLS.
  if (target.url.protocol !== 'https:' && !isLoopbackHost(target.url.hostname))
    throw new UsageError(
      `${flag} needs an https --url (plain http is allowed only on loopback: 127.0.0.1, ::1, localhost)`,
    );
  if (Object.keys(target.headers).some((name) => name.toLowerCase() === 'authorization'))
    throw new UsageError(`${flag} sets the Authorization header itself: drop --header "Authorization: ..."`);
  if (grant === 'client-credentials') {
    if (options.oauthOpen || options.oauthCallbackPort !== undefined)
      throw new UsageError('--oauth-open and --oauth-callback-port apply to --oauth (the browser step)');
  }
  let clientSecret: string | undefined;
  if (options.oauthClientSecretEnv !== undefined) {
    const name = options.oauthClientSecretEnv;
    const { looksRandom } = await import('../live/redaction.js');
    clientSecret = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? io.env[name] : undefined;
    if (clientSecret === undefined || clientSecret === '') {
      // A value where the name belongs is the secret itself: never echoed.
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || looksRandom(name))
        throw new UsageError(
          '--oauth-client-secret-env expects the NAME of an environment variable that is set, not its value (not shown: it may be the secret)',
        );
      throw new UsageError(`--oauth-client-secret-env: the environment variable ${name} is not set`);
    }
    if (options.oauthClientId === undefined) throw new UsageError('--oauth-client-secret-env needs --oauth-client-id');
  }
  if (grant === 'client-credentials' && options.oauthClientId !== undefined && clientSecret === undefined)
    throw new UsageError('--oauth-client-credentials with --oauth-client-id needs --oauth-client-secret-env NAME');
  const callbackPort =
    options.oauthCallbackPort === undefined ? undefined : port('--oauth-callback-port', options.oauthCallbackPort);
  const browserTimeout = whole('--oauth-browser-timeout', options.oauthBrowserTimeout ?? '300000');
  if (options.oauthTokenFile !== undefined) await checkTokenFile(options.oauthTokenFile);
  const clientMetadata =
    options.oauthClientMetadata === undefined ? undefined : await clientMetadataFrom(options.oauthClientMetadata, io);
  const { Redactor } = await import('../live/redaction.js');
  const session = new OAuthSession(
    {
      grant,
      ...(options.oauthClientId !== undefined ? { clientId: options.oauthClientId } : {}),
      ...(clientSecret !== undefined
        ? { clientSecret, clientSecretSource: `--oauth-client-secret-env ${options.oauthClientSecretEnv}` }
        : {}),
      ...(options.oauthScope !== undefined ? { scope: options.oauthScope } : {}),
      ...(options.oauthIssuer !== undefined ? { issuer: issuerFrom(options.oauthIssuer, isLoopbackHost) } : {}),
      ...(clientMetadata ? { clientMetadata } : {}),
      ...(options.oauthClientMetadataUrl !== undefined
        ? { clientMetadataUrl: clientMetadataUrlFrom(options.oauthClientMetadataUrl) }
        : {}),
      ...(callbackPort !== undefined ? { callbackPort } : {}),
      ...(options.oauthOpen ? { openBrowser: true } : {}),
      browserTimeout,
      ...(options.oauthTokenFile !== undefined ? { store: tokenFileStore(options.oauthTokenFile, io) } : {}),
      // The SDK's warnings about the flow quote the authorization server's text: redacted. The
      // printed URL passes the redaction too: it never holds a secret, and this says so.
      notify: (line) => io.stderr(lineRedactor.text(line)),
    },
    target.url.href,
  );
  const lineRedactor = new Redactor([], { registry: session.secrets });
  return session;
}

/** `--oauth-client-metadata-url`: https with a path (SEP-991: the URL is the client_id). */
function clientMetadataUrlFrom(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== 'https:' || url.pathname === '/')
    throw new UsageError(
      `--oauth-client-metadata-url expects an https URL with a path (it becomes the client_id), got ${JSON.stringify(value)}`,
    );
  return value;
}

/** `--oauth-issuer`: an https URL (http only on loopback). */
function issuerFrom(value: string, isLoopbackHost: (hostname: string) => boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--oauth-issuer expects a URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
    throw new UsageError('--oauth-issuer must be an https URL (plain http only on loopback)');
  return value;
}

function whole(name: string, value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`${name} expects a positive whole number, got "${value}"`);
  return Number(value);
}

function port(name: string, value: string): number {
  const n = whole(name, value);
  if (n > 65535) throw new UsageError(`${name} expects a port (1-65535), got "${value}"`);
  return n;
}

/** `--oauth-client-metadata`: a JSON object inline or `@FILE`. */
async function clientMetadataFrom(value: string, io: CliIO): Promise<Record<string, unknown>> {
  const option = '--oauth-client-metadata';
  return jsonObjectOf(option, await inlineOrFile(option, value, io), 'RFC 7591 client metadata');
}
