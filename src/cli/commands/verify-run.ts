import { ExitCode, type CliIO } from '../io.js';
import type { JsonObject } from '../../model/values.js';
import { formatReport, type FormatName } from '../report/index.js';
import { version } from '../version.js';
import { connectionFrom } from './capture-run.js';
import { readInput } from './project.js';
import type { VerifyCommandOptions } from './verify.js';

export async function runVerify(file: string, options: VerifyCommandOptions, io: CliIO): Promise<number> {
  const { verify } = await import('../../live/verify.js');
  const connection = await connectionFrom(options, io);
  if (typeof connection === 'number') return connection;
  const { target, protocol, timeout, maxPages } = connection;
  const input = await readInput(file, io);
  if (typeof input === 'number') return input;
  if (input.document === null || typeof input.document !== 'object' || Array.isArray(input.document)) {
    io.stderr(`mcpdesc: ${file} is not an MCP Description object\n`);
    return ExitCode.failed;
  }
  const document = input.document as JsonObject;
  // auto/all: every revision of the description; a revision: that one.
  const revisions = protocol === 'auto' || protocol === 'all' ? undefined : [protocol];
  const result = await verify(document, target, {
    timeout,
    maxPages,
    call: options.call,
    ...(revisions ? { revisions } : {}),
  });
  const diagnostics = result.findings.map((f) => {
    const d = { ...f };
    if (!d.range) {
      const range = input.sourceMap.rangeOf(d.pointer);
      if (range) d.range = range;
    }
    return d;
  });
  const report = { files: [{ file, valid: result.ok, complete: true, diagnostics }] };
  const text = formatReport(options.format as FormatName, report, {
    sources: new Map([[file, input.text]]),
    color: options.color !== false && !io.env.NO_COLOR && io.isTTY && !options.output,
    toolName: 'mcpdesc verify',
    toolVersion: version,
  });
  if (options.output) await io.writeFile(options.output, text);
  else io.stdout(text);
  if (result.revisions.length > 0 && !result.findings.some((f) => f.rule === 'verify.protocol')) {
    io.stderr(`mcpdesc: verified MCP ${result.revisions.join(', ')}${options.call === 'none' ? ' (no calls)' : ''}\n`);
  }
  return result.ok ? ExitCode.success : ExitCode.failed;
}
