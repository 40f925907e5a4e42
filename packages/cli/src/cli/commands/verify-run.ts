import { type FormatName, type ReportCheck, version } from 'mcpdesc-core/report';
import { connectionFrom, type LiveCommandOptions } from '../connection-options.js';
import { checkOutput, readObjectInput, withRanges } from '../document-io.js';
import { ExitCode, UsageError, type CliIO } from '../io.js';
import { LiveOutput } from '../live-output.js';
import { liveRuleSummaries } from '../../live/rules/index.js';
import { liveFindingsConfig } from '../live-config.js';
import type { ReportingOptions } from '../reporting-options.js';

export interface VerifyCommandOptions extends LiveCommandOptions, ReportingOptions {
  format: FormatName;
  call: 'read-only' | 'all' | 'none';
  output?: string;
  color?: boolean;
  results?: boolean;
  ignorePath: string[];
  maxCalls?: string;
}

export async function runVerify(file: string, options: VerifyCommandOptions, io: CliIO): Promise<number> {
  await checkOutput(io, options.output);
  const ignorePaths = options.ignorePath ?? [];
  if (!options.results && ignorePaths.length > 0) throw new UsageError('--ignore-path needs --results');
  if (options.results) {
    const { parseIgnorePaths } = await import('../../live/results.js');
    const parsed = parseIgnorePaths(ignorePaths);
    if ('invalid' in parsed)
      throw new UsageError(`--ignore-path expects a JSON Pointer such as /content/*/text, got "${parsed.invalid}"`);
  }
  const maxCalls = options.maxCalls;
  if (maxCalls !== undefined && (!/^\d+$/.test(maxCalls) || Number(maxCalls) < 1))
    throw new UsageError(`--max-calls expects a positive whole number, got "${maxCalls}"`);
  // The configuration of the description's folder (as lint's), read before connecting.
  const configured = await liveFindingsConfig(file, options.config, io);
  const connection = await connectionFrom(options, io);
  const { Redactor } = await import('../../live/redaction.js');
  const out = new LiveOutput(io, Redactor.of(connection.target));
  return out.guard(() => verifyWith(file, connection, options, io, out, configured));
}

async function verifyWith(
  file: string,
  connection: Awaited<ReturnType<typeof connectionFrom>>,
  options: VerifyCommandOptions,
  io: CliIO,
  out: LiveOutput,
  configured: Awaited<ReturnType<typeof liveFindingsConfig>>,
): Promise<number> {
  const { verify } = await import('../../live/verify.js');
  const { target, protocol } = connection;
  const ignorePaths = options.ignorePath ?? [];
  const maxCalls = options.maxCalls;
  const input = await readObjectInput(file, io);
  // auto/all: every revision of the description; a revision: that one.
  const revisions = protocol === 'auto' || protocol === 'all' ? undefined : [protocol];
  const result = await verify(input.document, target, {
    timeout: connection.timeout,
    ...(connection.requestTimeout !== undefined ? { requestTimeout: connection.requestTimeout } : {}),
    maxPages: connection.maxPages,
    maxItems: connection.maxItems,
    maxBytes: connection.maxBytes,
    ...(connection.clientCapabilities ? { clientCapabilities: connection.clientCapabilities } : {}),
    call: options.call,
    ...(maxCalls !== undefined ? { maxCalls: Number(maxCalls) } : {}),
    ...(options.results ? { results: { ignorePaths } } : {}),
    ...(revisions ? { revisions } : {}),
  });
  // The configuration's severities: a finding turned off is gone, its check and verdict follow.
  const diagnostics = await configured(withRanges(input, result.findings));
  const ok = !diagnostics.some((d) => d.severity === 'error');
  // withRanges drops repeated findings and sorts: a check's findings are found again by what they say.
  const say = (d: { rule: string; code: string; pointer: string; message: string }) =>
    `${d.rule}\u0000${d.code}\u0000${d.pointer}\u0000${d.message}`;
  const ranged = new Map(diagnostics.map((d) => [say(d), d]));
  const checks: ReportCheck[] = result.checks.map((c) => {
    const found = [...new Set(c.findings.flatMap((f) => ranged.get(say(f)) ?? []))];
    const failed = found.some((d) => d.severity === 'error');
    const status = c.status === 'skipped' ? c.status : failed ? 'failed' : 'passed';
    return { name: `MCP ${c.revision} ${c.check}`, status, detail: c.detail, diagnostics: found };
  });
  // --quiet: errors only, in the list and in each check's (the verdict is result.ok, decided before).
  const shown = <D extends { severity: string }>(list: D[]): D[] =>
    options.quiet ? list.filter((d) => d.severity === 'error') : list;
  for (const check of checks) check.diagnostics = shown(check.diagnostics);
  const report = { files: [{ file, valid: ok, complete: true, diagnostics: shown(diagnostics), checks }] };
  await out.report(
    options.format,
    report,
    {
      sources: new Map([[file, input.text]]),
      color: options.color !== false && !io.env.NO_COLOR && io.isTTY && !options.output,
      toolName: 'mcpdesc verify',
      toolVersion: version,
      rules: liveRuleSummaries(),
    },
    options.output,
  );
  if (
    !options.quiet &&
    result.revisions.length > 0 &&
    !result.findings.some((f) => f.rule === 'verify.protocol' || f.rule === 'verify.connect')
  ) {
    out.stderr(`mcpdesc: verified MCP ${result.revisions.join(', ')}${options.call === 'none' ? ' (no calls)' : ''}\n`);
  }
  // A server that could not be reached (not found, refused, timed out) is an I/O error, not drift.
  if (result.findings.some((f) => f.rule === 'verify.connect')) return ExitCode.usage;
  return ok ? ExitCode.success : ExitCode.failed;
}
