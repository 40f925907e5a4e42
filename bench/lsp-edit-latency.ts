/**
 * `npm run bench:lsp-edit-latency`: how long after an edit the language server publishes that
 * edit's findings, through a real client over stdio (not a timed test). bench/generate.ts's
 * 1,000-tool description (JSON as `mcpdesc convert` writes it) is opened; then edits of four
 * kinds, each timed from the didChange notification to the first publication of its version's
 * diagnostics (the 50 ms debounce included):
 *
 * - inside a tool: a character appended to a tool's `description`;
 * - outside any declaration: a character appended to `info.description`;
 * - a duplicate made: a tool renamed to its predecessor's name, and then removed (renamed back);
 * - in root members that declarations' checks read, re-checked quickly with what reads them: a
 *   transport's command, a shared schema in `components` (every 100th tool refers to it), a string
 *   in `capabilities`;
 * - in `protocolVersions` (a revision changed and changed back): the whole-text check, for
 *   comparison.
 *
 * Each publication is also checked: after a duplicate is made it holds the duplicate finding,
 * after it is removed it holds none (a stale publication fails the run). p50 and p95 per kind,
 * and the server main thread's CPU time per edit (`/proc/<pid>/schedstat`), which does not depend
 * on the machine's load as wall time does. LSP_LATENCY_EDITS edits per kind (default 21).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { generateDescription } from './generate.js';

const editsPerKind = Number(process.env.LSP_LATENCY_EDITS ?? 21);
const toolCount = 1000;
/** Quiet time between edits: the exact whole-text check that follows a quick one runs and ends. */
const settleMs = Number(process.env.LSP_LATENCY_SETTLE_MS ?? 1500);
const duplicateFinding = 'mcpdesc.protocol-scope.consistency/overlapping-variants';
const repoRoot = join(import.meta.dirname, '..', '..');

const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const child = spawn(process.execPath, [join(repoRoot, 'packages/cli/dist/bin/mcpdesc.js'), 'lsp', '--stdio'], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const connection = createProtocolConnection(
  new StreamMessageReader(child.stdout),
  new StreamMessageWriter(child.stdin),
);
const waiters: { version: number; resolve: (publication: { at: number; params: PublishDiagnosticsParams }) => void }[] =
  [];
connection.onNotification(PublishDiagnosticsNotification.type, (params: PublishDiagnosticsParams) => {
  const at = performance.now();
  for (const waiter of [...waiters])
    if ((params.version ?? 0) >= waiter.version) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve({ at, params });
    }
});
connection.listen();
const published = (version: number): Promise<{ at: number; params: PublishDiagnosticsParams }> =>
  new Promise((resolve) => waiters.push({ version, resolve }));
/** CPU time of the server's main thread so far, in ms (Linux: its schedstat, nanoseconds on CPU). */
const serverCpuMs = (): number => Number(readFileSync(`/proc/${child.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} });
await connection.sendNotification(InitializedNotification.type, {});

/** bench/generate.ts's description, with capabilities and a shared schema that every 100th tool refers to. */
function benchDescription(): unknown {
  const description = generateDescription(toolCount) as { tools: Record<string, unknown>[] } & Record<string, unknown>;
  description.capabilities = [{ tools: { listChanged: true }, experimental: { bench: { label: 'capability note' } } }];
  description.components = {
    schemas: {
      SharedQuery: {
        type: 'object',
        properties: { query: { type: 'string', description: 'Shared query text' } },
        required: ['query'],
        additionalProperties: false,
      },
    },
  };
  description.tools.forEach((tool, index) => {
    if (index % 100 !== 0) return;
    tool.inputSchema = { $componentRef: '#/components/schemas/SharedQuery' };
    const [[name, example]] = Object.entries(tool.examples as Record<string, Record<string, unknown>>);
    tool.examples = { [name!]: { ...example, input: { query: 'q' } } };
  });
  return description;
}

const text = serializeDescription(benchDescription(), { format: 'json' });
const lines = text.split('\n');
const uri = 'file:///bench/lsp-edit-latency.mcpdesc.json';
const linesMatching = (pattern: RegExp): number[] =>
  lines.flatMap((line, index) => (pattern.test(line) ? [index] : []));
const toolDescriptions = linesMatching(/^ {6}"description": "/);
const toolNames = linesMatching(/^ {6}"name": "/);
const infoDescription = linesMatching(/^ {4}"description": "/)[0]!;
const transportCommand = linesMatching(/^ {6}"command": "/)[0]!;
const sharedSchema = linesMatching(/"description": "Shared query text/)[0]!;
const capabilityLabel = linesMatching(/"label": "capability note/)[0]!;
const revision = linesMatching(/^ {4}"2025-11-25"/)[0]!;

const opened = published(1);
await connection.sendNotification(DidOpenTextDocumentNotification.type, {
  textDocument: { uri, languageId: 'json', version: 1, text },
});
const codesOf = (params: PublishDiagnosticsParams): string[] => params.diagnostics.map((d) => String(d.code));
let lastCodes = codesOf((await opened).params);
const baseline = lastCodes.length;
let version = 1;

/** Replaces `[from, to)` of a line, times the publication of the new version and returns its findings. */
async function edit(
  line: number,
  from: number,
  to: number,
  insert: string,
): Promise<{ ms: number; cpu: number; codes: string[] }> {
  version++;
  const done = published(version);
  const cpuBefore = serverCpuMs();
  const started = performance.now();
  await connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version },
    contentChanges: [{ range: { start: { line, character: from }, end: { line, character: to } }, text: insert }],
  });
  lines[line] = lines[line]!.slice(0, from) + insert + lines[line]!.slice(to);
  const { at, params } = await done;
  const cpu = serverCpuMs() - cpuBefore;
  if (params.version !== version) throw new Error(`the publication for version ${version} came as ${params.version}`);
  await pause(settleMs);
  lastCodes = codesOf(params);
  return { ms: at - started, cpu, codes: lastCodes };
}

/** A character before the closing `",` of a string member's line. */
const appendToString = (line: number) => edit(line, lines[line]!.length - 2, lines[line]!.length - 2, 'x');

const kinds: Record<string, { ms: number[]; cpu: number[] }> = {};
const record = (kind: string, sample: { ms: number; cpu: number }): void => {
  const entry = (kinds[kind] ??= { ms: [], cpu: [] });
  entry.ms.push(sample.ms);
  entry.cpu.push(sample.cpu);
};

for (let i = 0; i < editsPerKind; i++) {
  record(
    'inside a tool (its description)',
    await appendToString(toolDescriptions[(i * 37) % toolDescriptions.length]!),
  );
  record('outside any declaration (info.description)', await appendToString(infoDescription));

  const renamed = toolNames[1 + ((i * 53) % (toolNames.length - 1))]!;
  const own = /"name": "([^"]+)"/.exec(lines[renamed]!)![1]!;
  const previous = /"name": "([^"]+)"/.exec(lines[toolNames[toolNames.indexOf(renamed) - 1]!]!)![1]!;
  const nameStart = lines[renamed]!.indexOf('"', lines[renamed]!.indexOf(':')) + 1;
  const beforeDuplicate = lastCodes.join();
  const made = await edit(renamed, nameStart, nameStart + own.length, previous);
  if (made.codes.filter((code) => code === duplicateFinding).length !== 1)
    throw new Error(`the publication after the duplicate ${previous} lacks its finding (stale)`);
  record('a duplicate name made (tool renamed)', made);
  const removed = await edit(renamed, nameStart, nameStart + previous.length, own);
  if (removed.codes.join() !== beforeDuplicate)
    throw new Error(`the publication after removing the duplicate ${previous} still holds it (stale)`);
  record('a duplicate name removed (renamed back)', removed);

  record('in transports (a command)', await appendToString(transportCommand));
  record('in components (a schema 10 tools refer to)', await appendToString(sharedSchema));
  record('in capabilities (a string)', await appendToString(capabilityLabel));

  if (i < Math.min(editsPerKind, 7)) {
    const at = lines[revision]!.indexOf('2025-11-25');
    record('in protocolVersions (the whole-text check)', await edit(revision, at, at + 10, '2025-06-18'));
    record('in protocolVersions (the whole-text check)', await edit(revision, at, at + 10, '2025-11-25'));
  }
}

console.log(`machine: ${cpus().length} CPUs, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}`);
console.log(
  `document: ${toolCount} tools, ${(text.length / 1e6).toFixed(1)} MB JSON, ${baseline} findings published per version`,
);
console.log('| edit | n | didChange → publishDiagnostics p50 / p95 | server main-thread CPU p50 / p95 |');
console.log('|---|---:|---:|---:|');
for (const [kind, { ms, cpu }] of Object.entries(kinds))
  console.log(
    `| ${kind} | ${ms.length} | ${percentile(ms, 0.5).toFixed(0)} / ${percentile(ms, 0.95).toFixed(0)} ms | ${percentile(cpu, 0.5).toFixed(0)} / ${percentile(cpu, 0.95).toFixed(0)} ms |`,
  );

await connection.sendRequest('shutdown');
await connection.sendNotification('exit');
