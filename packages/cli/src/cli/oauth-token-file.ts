/**
 * `--oauth-token-file PATH`: the one place OAuth tokens outlive the process, and only when the
 * user names it. The file holds one entry per MCP server URL (a token is never sent to another
 * server), is written atomically (a temporary file in the same directory, renamed) with mode
 * 0600, and is refused when it exists with wider permissions or is not a regular file.
 */
import { randomUUID } from 'node:crypto';
import { chmod, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { SavedAuthorization, TokenStore } from '../live/oauth.js';
import { isObject } from 'mcpdesc-core/model';
import { UsageError, type CliIO } from './io.js';
import { readFailure } from './read-file.js';

/** A token file is small: a few entries of tokens and client registrations. */
export const tokenFileByteLimit = 1024 * 1024;
const formatMember = 'mcpdesc-oauth-tokens';

interface TokenFile {
  [formatMember]: 1;
  servers: Record<string, SavedAuthorization>;
}

/**
 * Refuses a token file another user could read or write (group or other permission bits, or
 * another owner), or a path that is not a regular file. A missing file is fine: it is created.
 */
export async function checkTokenFile(path: string): Promise<void> {
  let info;
  try {
    info = await stat(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new UsageError(`--oauth-token-file ${path}: ${(e as Error).message}`);
  }
  if (!info.isFile()) throw new UsageError(`--oauth-token-file ${path} is not a regular file`);
  const wider = info.mode & 0o077;
  if (wider !== 0)
    throw new UsageError(
      `--oauth-token-file ${path} has mode ${(info.mode & 0o777).toString(8).padStart(4, '0')}: other users may read it; run chmod 600 on it (tokens are kept only in 0600 files)`,
    );
  if (typeof process.getuid === 'function' && info.uid !== process.getuid())
    throw new UsageError(`--oauth-token-file ${path} belongs to another user`);
}

/** The token file as a TokenStore: read once through the CLI's bounded reader, written whole on every change. */
export function tokenFileStore(path: string, io: CliIO): TokenStore {
  const absolute = resolve(io.cwd, path);
  let content: TokenFile | undefined;
  const read = async (): Promise<TokenFile> => {
    if (content) return content;
    await checkTokenFile(absolute);
    let text: string | undefined;
    try {
      text = new TextDecoder().decode(await io.readFile(absolute, tokenFileByteLimit));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        throw new UsageError(`--oauth-token-file ${path}: ${readFailure(e, tokenFileByteLimit)}`);
    }
    content = text === undefined ? { [formatMember]: 1, servers: {} } : parseTokenFile(text, path);
    return content;
  };
  return {
    async load(serverUrl) {
      const file = await read();
      return Object.hasOwn(file.servers, serverUrl) ? file.servers[serverUrl] : undefined;
    },
    async save(serverUrl, entry) {
      const file = await read();
      file.servers[serverUrl] = entry;
      await writeSecretFile(absolute, `${JSON.stringify(file, null, 2)}\n`);
    },
  };
}

function parseTokenFile(text: string, path: string): TokenFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The parser's message would quote the file's text: it holds tokens.
    throw new UsageError(`--oauth-token-file ${path} is not JSON (not shown: it holds tokens)`);
  }
  if (!isObject(parsed) || parsed[formatMember] !== 1 || !isObject(parsed.servers))
    throw new UsageError(
      `--oauth-token-file ${path} is not an mcpdesc token file (expected {"${formatMember}": 1, "servers": {...}})`,
    );
  const servers: Record<string, SavedAuthorization> = Object.create(null) as Record<string, SavedAuthorization>;
  for (const [url, entry] of Object.entries(parsed.servers))
    if (isObject(entry)) servers[url] = entry as SavedAuthorization;
  return { [formatMember]: 1, servers };
}

/** Writes through a 0600 temporary file in the same directory and a rename: never readable by others, never half-written. */
async function writeSecretFile(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomUUID()}.tmp`);
  try {
    await writeFile(temporary, text, { encoding: 'utf8', flag: 'wx', mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
