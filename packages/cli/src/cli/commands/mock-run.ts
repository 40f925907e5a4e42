import { setOwn } from 'mcpdesc-core/model';
import { readInput } from '../document-io.js';
import { CliExit, ExitCode, UsageError, type CliIO } from '../io.js';
import { LiveOutput } from '../live-output.js';

export interface MockCommandOptions {
  stdio?: boolean;
  http?: string;
  pageSize?: string;
  ttlMs: string;
  cacheScope: 'public' | 'private';
  example: string[];
  maxBody: string;
  allowOrigin: string[];
  quiet?: boolean;
  watch?: boolean;
}

function wholeNumber(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new UsageError(`${name} expects a whole number >= ${min}, got "${value}"`);
  return Number(value);
}

/** Parses "[host:]port" (IPv6 hosts in brackets). */
export function parseListen(value: string): { host: string; port: number } {
  const m = /^(?:(\[[^\]]+\]|[^:]+):)?(\d+)$/.exec(value);
  if (!m || Number(m[2]) > 65535) throw new UsageError(`--http expects [HOST:]PORT, got "${value}"`);
  return { host: m[1] ? m[1].replace(/^\[|\]$/g, '') : '127.0.0.1', port: Number(m[2]) };
}

/** `--allow-origin`: an origin (scheme://host[:port]) or a bare hostname, as the hostname the Origin check compares. */
function originHostname(value: string): string {
  if (!value.includes('://')) {
    if (/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/.test(value)) return value.toLowerCase();
    throw new UsageError(
      `--allow-origin expects an origin such as https://app.example.com or a hostname, got "${value}"`,
    );
  }
  try {
    const hostname = new URL(value).hostname;
    if (hostname !== '') return hostname;
  } catch {
    /* reported below */
  }
  throw new UsageError(
    `--allow-origin expects an origin such as https://app.example.com or a hostname, got "${value}"`,
  );
}

/** The server settings the options describe; a usage problem is a UsageError. */
function mockSettings(file: string, options: MockCommandOptions) {
  if (options.stdio && options.http !== undefined) throw new UsageError('--stdio and --http are exclusive');
  const examples: Record<string, string> = {};
  for (const item of options.example) {
    const eq = item.indexOf('=');
    if (eq <= 0 || eq === item.length - 1) throw new UsageError(`--example expects TOOL=NAME, got "${item}"`);
    setOwn(examples, item.slice(0, eq), item.slice(eq + 1));
  }
  const settings = {
    ...(options.http !== undefined
      ? { transport: 'http' as const, ...parseListen(options.http) }
      : { transport: 'stdio' as const }),
    ...(options.pageSize !== undefined ? { pageSize: wholeNumber('--page-size', options.pageSize, 1)! } : {}),
    ttlMs: wholeNumber('--ttl-ms', options.ttlMs, 0)!,
    cacheScope: options.cacheScope,
    examples,
    maxBody: wholeNumber('--max-body', options.maxBody, 1)!,
    allowOrigins: options.allowOrigin.map(originHostname),
  };
  if (file === '-' && settings.transport === 'stdio')
    throw new UsageError('the description cannot come from standard input when serving over stdio');
  if (file === '-' && options.watch) throw new UsageError('--watch needs a file');
  return settings;
}

export async function runMock(file: string, options: MockCommandOptions, io: CliIO): Promise<number> {
  const settings = mockSettings(file, options);
  const input = await readInput(file, io);
  // The mock is given no secret; what a client sends in a URI's user information stays out of the logs.
  const { Redactor } = await import('../../live/redaction.js');
  const out = new LiveOutput(io, new Redactor([], { userinfo: true }));
  return out.guard(() => serve(file, input, settings, options, out));
}

async function serve(
  file: string,
  input: Awaited<ReturnType<typeof readInput>>,
  settings: ReturnType<typeof mockSettings>,
  options: MockCommandOptions,
  out: LiveOutput,
): Promise<number> {
  const { startMock, MockError, MockOptionError } = await import('../../live/mock/server.js');
  const log = options.quiet ? undefined : (line: string) => out.stderr(`${line}\n`);
  // Loaded before serving, so the watch is armed as soon as the mock answers: a client may edit
  // the file right after its first request.
  const watcher = options.watch ? await import('../../live/mock/watch.js') : undefined;
  let handle;
  try {
    handle = await startMock(input.document, { ...settings, ...(log ? { log } : {}) });
  } catch (e) {
    if (e instanceof MockOptionError) throw new UsageError(e.message);
    if (e instanceof MockError) {
      await out.diagnostics([input], e.diagnostics as never, 'mock');
      throw new CliExit(ExitCode.failed, e.message);
    }
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE' || (e as NodeJS.ErrnoException).code === 'EACCES')
      throw new UsageError(`cannot listen on ${options.http}: ${(e as Error).message}`);
    throw e;
  }
  let stopWatching: (() => void) | undefined;
  if (watcher) {
    stopWatching = watcher.watchDescription(file, handle, (result) => {
      if (result.ok) out.stderr(`mcpdesc mock: reloaded ${file}\n`);
      else
        out.stderr(
          `mcpdesc mock: ${file} changed but cannot be served; keeping the last good version:\n${result.diagnostics
            .filter((d) => d.severity === 'error')
            .slice(0, 20)
            .map((d) => `  ${d.pointer ?? ''} ${d.message}`)
            .join('\n')}\n`,
        );
    });
  }
  if (handle.url) out.stderr(`mcpdesc mock: serving ${file} (MCP ${handle.revisions.join(', ')}) on ${handle.url}\n`);
  const stop = () => void handle.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await handle.closed;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  stopWatching?.();
  return ExitCode.success;
}
