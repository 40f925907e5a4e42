import { formatReport } from '../../report/index.js';
import { connectionFrom } from '../connection-options.js';
import { checkOutput, readObjectInput, writeDocument } from '../document-io.js';
import { ExitCode, type CliIO } from '../io.js';
import type { CaptureCommandOptions } from './capture.js';

export async function runCapture(options: CaptureCommandOptions, io: CliIO): Promise<number> {
  await checkOutput(io, options.output);
  const { capture } = await import('../../live/capture.js');
  const connection = await connectionFrom(options, io);
  const { target, protocol } = connection;
  const existing = options.mergeInto ? await readObjectInput(options.mergeInto, io) : undefined;
  const result = await capture(target, {
    protocol,
    timeout: connection.timeout,
    maxPages: connection.maxPages,
    maxItems: connection.maxItems,
    maxBytes: connection.maxBytes,
    ...(connection.clientCapabilities ? { clientCapabilities: connection.clientCapabilities } : {}),
    ...(existing ? { mergeInto: existing.document } : {}),
  });
  for (const change of result.changes) io.stderr(`${change.kind.padEnd(7)} ${change.pointer}  ${change.message}\n`);
  if (result.diagnostics.length > 0) {
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
  await writeDocument(io, result.value, {
    to: options.to,
    output: options.output,
    fallback: existing?.format ?? 'yaml',
  });
  io.stderr(`mcpdesc: captured MCP ${result.revisions.join(', ')}\n`);
  return result.ok ? ExitCode.success : ExitCode.failed;
}
