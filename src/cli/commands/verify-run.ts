import { formatOutputKinds, formatReport } from '../../report/index.js';
import { version } from '../../report/version.js';
import { connectionFrom } from '../connection-options.js';
import { checkOutput, readObjectInput, withRanges, writeText } from '../document-io.js';
import { ExitCode, type CliIO } from '../io.js';
import type { VerifyCommandOptions } from './verify.js';

export async function runVerify(file: string, options: VerifyCommandOptions, io: CliIO): Promise<number> {
  await checkOutput(io, options.output);
  const { verify } = await import('../../live/verify.js');
  const { target, protocol, timeout, maxPages } = await connectionFrom(options, io);
  const input = await readObjectInput(file, io);
  // auto/all: every revision of the description; a revision: that one.
  const revisions = protocol === 'auto' || protocol === 'all' ? undefined : [protocol];
  const result = await verify(input.document, target, {
    timeout,
    maxPages,
    call: options.call,
    ...(revisions ? { revisions } : {}),
  });
  const report = {
    files: [{ file, valid: result.ok, complete: true, diagnostics: withRanges(input, result.findings) }],
  };
  const text = formatReport(options.format, report, {
    sources: new Map([[file, input.text]]),
    color: options.color !== false && !io.env.NO_COLOR && io.isTTY && !options.output,
    toolName: 'mcpdesc verify',
    toolVersion: version,
  });
  await writeText(io, text, options.output, formatOutputKinds[options.format]);
  if (result.revisions.length > 0 && !result.findings.some((f) => f.rule === 'verify.protocol')) {
    io.stderr(`mcpdesc: verified MCP ${result.revisions.join(', ')}${options.call === 'none' ? ' (no calls)' : ''}\n`);
  }
  return result.ok ? ExitCode.success : ExitCode.failed;
}
