import { ExitCode, UsageError, type CliIO } from '../io.js';
import type { JsonObject } from '../../model/values.js';
import type { SourceFormat } from '../../source/types.js';
import type { CaptureCommandOptions } from './capture.js';
import { positiveInteger, type LiveCommandOptions } from './live-options.js';
import { readInput, writeDocument } from './project.js';
import type { ConnectTarget } from '../../live/connect.js';

/** Builds the connection target from the shared options (throws UsageError). */
export async function targetFrom(options: LiveCommandOptions, io: CliIO): Promise<ConnectTarget> {
  const live = await import('../../live/connect.js');
  try {
    if (options.stdio !== undefined && options.url !== undefined)
      throw new UsageError('use either --stdio or --url, not both');
    if (options.stdio !== undefined) {
      if (options.header.length > 0) throw new UsageError('--header applies to --url');
      const argv = live.splitCommandLine(options.stdio);
      if (argv.length === 0) throw new UsageError('--stdio needs a command');
      return {
        kind: 'stdio',
        command: argv[0]!,
        args: argv.slice(1),
        env: live.parseEnvAssignments(options.env),
        ...(options.cwd ? { cwd: options.cwd } : {}),
      };
    }
    if (options.url !== undefined) {
      if (options.env.length > 0 || options.cwd) throw new UsageError('--env and --cwd apply to --stdio');
      return {
        kind: 'http',
        url: options.url,
        sse: options.sse === true,
        headers: live.parseHeaders(options.header, io.env),
      };
    }
  } catch (e) {
    if (e instanceof live.ConnectError) throw new UsageError(e.message);
    throw e;
  }
  throw new UsageError('say how to reach the server: --stdio "CMD ARGS..." or --url URL');
}

export function protocolFrom(options: LiveCommandOptions, known: readonly string[], allowAll: boolean): string {
  const p = options.protocol ?? 'auto';
  if (p === 'auto' || (allowAll && p === 'all') || known.includes(p)) return p;
  throw new UsageError(`--protocol expects auto${allowAll ? ', all' : ''} or one of ${known.join(', ')}; got "${p}"`);
}

/** The connection settings capture and verify share; a usage problem is printed and yields exit code 2. */
export async function connectionFrom(
  options: LiveCommandOptions,
  io: CliIO,
): Promise<{ target: ConnectTarget; protocol: string; timeout: number; maxPages: number } | number> {
  const { knownRevisions } = await import('../../live/connect.js');
  try {
    return {
      target: await targetFrom(options, io),
      protocol: protocolFrom(options, knownRevisions, true),
      timeout: positiveInteger('--timeout', options.timeout, 30000),
      maxPages: positiveInteger('--max-pages', options.maxPages, 1000),
    };
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`mcpdesc: ${e.message}\n`);
      return ExitCode.usage;
    }
    throw e;
  }
}

export async function runCapture(options: CaptureCommandOptions, io: CliIO): Promise<number> {
  let existing: { document: JsonObject; format: SourceFormat; file: string; text: string } | undefined;
  const { capture } = await import('../../live/capture.js');
  const connection = await connectionFrom(options, io);
  if (typeof connection === 'number') return connection;
  const { target, protocol, timeout, maxPages } = connection;
  if (options.mergeInto) {
    const input = await readInput(options.mergeInto, io);
    if (typeof input === 'number') return input;
    if (input.document === null || typeof input.document !== 'object' || Array.isArray(input.document)) {
      io.stderr(`mcpdesc: ${options.mergeInto} is not an MCP Description object\n`);
      return ExitCode.failed;
    }
    existing = { document: input.document as JsonObject, format: input.format, file: input.file, text: input.text };
  }
  const result = await capture(target, {
    protocol,
    timeout,
    maxPages,
    ...(existing ? { mergeInto: existing.document } : {}),
  });
  for (const change of result.changes) io.stderr(`${change.kind.padEnd(7)} ${change.pointer}  ${change.message}\n`);
  if (result.diagnostics.length > 0) {
    const { formatReport } = await import('../report/index.js');
    const diagnostics = result.diagnostics.map(({ live: _l, expected: _e, revision: _r, ...d }) => d);
    const file = options.output ?? '<captured description>';
    io.stderr(
      formatReport(
        'stylish',
        { files: [{ file, valid: result.ok, complete: true, diagnostics }] },
        { color: false, toolName: 'mcpdesc capture' },
      ),
    );
  }
  if (!result.value) {
    const connectFailed = result.diagnostics.some((d) => d.rule === 'capture.connect');
    return connectFailed ? ExitCode.usage : ExitCode.failed;
  }
  await writeDocument(io, result.value, options.to ?? existing?.format ?? 'yaml', options.output);
  io.stderr(`mcpdesc: captured MCP ${result.revisions.join(', ')}\n`);
  return result.ok ? ExitCode.success : ExitCode.failed;
}
