import { connectionFrom, type LiveCommandOptions } from '../connection-options.js';
import { checkOutput, readInput, readObjectInput } from '../document-io.js';
import { ExitCode, UsageError, type CliIO } from '../io.js';
import { LiveOutput } from '../live-output.js';
import type { RecordOptions } from '../../live/record.js';
import type { SourceFormat } from 'mcpdesc-core/source';
import { liveFindingsConfig } from '../live-config.js';
import type { ReportingOptions } from '../reporting-options.js';

export interface CaptureCommandOptions extends LiveCommandOptions, ReportingOptions {
  to?: SourceFormat;
  output?: string;
  mergeInto?: string;
  record?: boolean;
  inputs?: string;
  call?: 'read-only' | 'all';
  maxCalls?: string;
  synthesizeInputs?: boolean;
  seed?: string;
  maxAnswerBytes?: string;
  infoVersion?: string;
  strict?: boolean;
}

export async function runCapture(options: CaptureCommandOptions, io: CliIO): Promise<number> {
  await checkOutput(io, options.output);
  // The configuration of the folder the description goes to: -o's, else --merge-into's, else the
  // working directory's (standard output); read before connecting.
  const configured = await liveFindingsConfig(options.output ?? options.mergeInto ?? '-', options.config, io);
  const connection = await connectionFrom(options, io);
  const { Redactor } = await import('../../live/redaction.js');
  const out = new LiveOutput(io, Redactor.of(connection.target));
  return out.guard(() => captureWith(connection, options, io, out, configured));
}

async function captureWith(
  connection: Awaited<ReturnType<typeof connectionFrom>>,
  options: CaptureCommandOptions,
  io: CliIO,
  out: LiveOutput,
  configured: Awaited<ReturnType<typeof liveFindingsConfig>>,
): Promise<number> {
  const { capture } = await import('../../live/capture.js');
  const { target, protocol } = connection;
  const existing = options.mergeInto ? await readObjectInput(options.mergeInto, io) : undefined;
  const record = await recordOptions(options, io);
  if (record && existing) {
    const { combineInputs, inputsFromExamples } = await import('../../live/record-inputs.js');
    Object.assign(record, combineInputs(record.inputs, inputsFromExamples(existing.document)));
  }
  const progress = record && out.progress ? progressLine(out.progress) : undefined;
  if (record && progress) record.progress = progress.draw;
  const result = await capture(target, {
    protocol,
    timeout: connection.timeout,
    ...(connection.requestTimeout !== undefined ? { requestTimeout: connection.requestTimeout } : {}),
    maxPages: connection.maxPages,
    maxItems: connection.maxItems,
    maxBytes: connection.maxBytes,
    ...(connection.clientCapabilities ? { clientCapabilities: connection.clientCapabilities } : {}),
    ...(existing ? { mergeInto: existing.document } : {}),
    ...(record ? { record } : {}),
    ...(options.infoVersion !== undefined ? { infoVersion: infoVersionOf(options.infoVersion) } : {}),
    ...(options.strict ? { strict: true } : {}),
  });
  progress?.clear();
  if (!options.quiet)
    for (const change of result.changes) out.stderr(`${change.kind.padEnd(7)} ${change.pointer}  ${change.message}\n`);
  // The configuration's severities decide what is shown and whether the capture passes.
  const all = await configured(result.diagnostics.map(({ live: _l, expected: _e, revision: _r, ...d }) => d));
  const ok = !all.some((d) => d.severity === 'error');
  // --quiet: the errors alone, no change list or closing line (the exit code is decided on every finding).
  const diagnostics = options.quiet ? all.filter((d) => d.severity === 'error') : all;
  if (diagnostics.length > 0) {
    const file = options.output ?? '<captured description>';
    out.reportOnStderr(
      { files: [{ file, valid: ok, complete: true, diagnostics }] },
      { color: false, toolName: 'mcpdesc capture' },
    );
  }
  if (!result.value) {
    const connectFailed = result.diagnostics.some((d) => d.rule === 'capture.connect');
    return connectFailed ? ExitCode.usage : ExitCode.failed;
  }
  await out.document(result.value, {
    to: options.to,
    output: options.output,
    fallback: existing?.format ?? 'yaml',
  });
  if (!options.quiet) out.stderr(`mcpdesc: captured MCP ${result.revisions.join(', ')}\n`);
  return ok ? ExitCode.success : ExitCode.failed;
}

/** The --record options, read and checked before connecting (a bad inputs file is a usage error). */
async function recordOptions(options: CaptureCommandOptions, io: CliIO): Promise<RecordOptions | undefined> {
  if (!options.record) {
    for (const [flag, value] of [
      ['--inputs', options.inputs],
      ['--call', options.call],
      ['--max-calls', options.maxCalls],
      ['--synthesize-inputs', options.synthesizeInputs],
      ['--seed', options.seed],
      ['--max-answer-bytes', options.maxAnswerBytes],
    ] as const)
      if (value !== undefined) throw new UsageError(`${flag} needs --record`);
    return undefined;
  }
  if (options.protocol === 'all' && options.mergeInto !== undefined)
    throw new UsageError('--record with --merge-into re-records one revision: use --protocol auto or a revision');
  const { defaultMaxAnswerBytes, defaultMaxCalls, parseRecordInputs } = await import('../../live/record.js');
  const record: RecordOptions = {
    call: options.call ?? 'read-only',
    maxCalls: positive('--max-calls', options.maxCalls, defaultMaxCalls),
    maxAnswerBytes: positive('--max-answer-bytes', options.maxAnswerBytes, defaultMaxAnswerBytes),
  };
  if (options.seed !== undefined && !options.synthesizeInputs) throw new UsageError('--seed needs --synthesize-inputs');
  if (options.synthesizeInputs) record.synthesize = options.seed !== undefined ? { seed: options.seed } : {};
  if (options.inputs !== undefined) {
    const parsed = parseRecordInputs((await readInput(options.inputs, io)).document);
    if (!parsed.inputs) throw new UsageError(`${options.inputs}: ${parsed.problems.join('; ')}`);
    record.inputs = parsed.inputs;
  }
  return record;
}

/** --info-version: a version the format can hold (5.1: non-empty). */
function infoVersionOf(value: string): string {
  if (value.trim() === '') throw new UsageError(`--info-version expects a non-empty version, got "${value}"`);
  return value;
}

function positive(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`${flag} expects a positive whole number, got "${value}"`);
  return Number(value);
}

/** One line on a terminal's standard error, redrawn per request and erased at the end. */
function progressLine(draw: (line: string) => void): {
  draw: (done: number, max: number, what: string) => void;
  clear: () => void;
} {
  let drawn = false;
  return {
    draw: (done, max, what) => {
      const line = `recording ${done + 1}/${max}: ${what}`;
      draw(line.length > 100 ? `${line.slice(0, 99)}…` : line);
      drawn = true;
    },
    clear: () => {
      if (drawn) draw('');
    },
  };
}
