/**
 * `npm run build && node dist/bench/lsp.js`: the language server under an editor's load, through
 * a real client over stdio (not a timed test). A generated 1,000-tool description (bench/generate.ts,
 * JSON as `mcpdesc convert` writes it) is opened; then one-character edits, each timed from the
 * didChange notification to the publication of its version's diagnostics (the debounce included),
 * and completion requests, timed from request to answer, both when the server is idle and right
 * after an edit (while the edit's check is pending or running). Last, the resident memory of the
 * server process holding ten such documents.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  CompletionRequest,
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
import { TextDocument } from 'vscode-languageserver-textdocument';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { parseDescription, serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { quickRecheck } from 'mcpdesc-toolkit/internal/lsp/incremental.js';
import { generateDescription } from './generate.js';

const edits = Number(process.env.LSP_BENCH_EDITS ?? 21);
const toolCount = 1000;
const repoRoot = join(import.meta.dirname, '..', '..');

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
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
const waiters: { uri: string; version: number; resolve: (at: number) => void }[] = [];
connection.onNotification(PublishDiagnosticsNotification.type, (params: PublishDiagnosticsParams) => {
  const at = performance.now();
  for (const waiter of [...waiters])
    if (waiter.uri === params.uri && (params.version ?? 0) >= waiter.version) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(at);
    }
});
connection.listen();
const published = (uri: string, version: number): Promise<number> =>
  new Promise((resolve) => waiters.push({ uri, version, resolve }));

await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} });
await connection.sendNotification(InitializedNotification.type, {});

const text = serializeDescription(generateDescription(toolCount), { format: 'json' });
const lines = text.split('\n');
/** The lines of the tools' descriptions: each edit appends a character to one of them. */
const descriptionLines = lines.flatMap((line, index) => (/^ {6}"description": "/.test(line) ? [index] : []));
/** A blank member slot inside a tool object, for completion: the line after a tool's `"name"`. */
const nameLines = lines.flatMap((line, index) => (/^ {6}"name": "/.test(line) ? [index] : []));

async function openDocument(uri: string): Promise<number> {
  const started = performance.now();
  const done = published(uri, 1);
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  return (await done) - started;
}

/** Resident memory of the server process (main and worker threads), after a pause for the collector. */
async function residentMb(): Promise<number> {
  await pause(1000);
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

const uri = 'file:///bench/lsp-0.mcpdesc.json';
const openMs = await openDocument(uri);
const oneDocumentMb = await residentMb();

async function completionMs(line: number): Promise<number> {
  const started = performance.now();
  const items = await connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line, character: lines[line]!.length },
  });
  const elapsed = performance.now() - started;
  if (!Array.isArray(items) || items.length === 0) throw new Error('completion answered nothing');
  return elapsed;
}

/** CPU time of the server's main thread so far, in ms (Linux: its schedstat, nanoseconds on CPU). */
const serverCpuMs = (): number => Number(readFileSync(`/proc/${child.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

const editMs: number[] = [];
const editCpu: number[] = [];
const idleCompletion: number[] = [];
const idleCompletionCpu: number[] = [];
const busyCompletion: number[] = [];
let version = 1;
for (let i = 0; i < edits; i++) {
  const line = descriptionLines[(i * 37) % descriptionLines.length]!;
  const character = lines[line]!.length - 2; // before the closing `",`
  version++;
  const started = performance.now();
  const cpuBefore = serverCpuMs();
  const done = published(uri, version);
  await connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version },
    contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: 'x' }],
  });
  lines[line] = lines[line]!.slice(0, character) + 'x' + lines[line]!.slice(character);
  // Right after the edit, as an editor asks while the user types on.
  busyCompletion.push(await completionMs(nameLines[(i * 53) % nameLines.length]!));
  editMs.push((await done) - started);
  editCpu.push(serverCpuMs() - cpuBefore);
  await pause(300);
  const cpuIdle = serverCpuMs();
  idleCompletion.push(await completionMs(nameLines[(i * 29) % nameLines.length]!));
  idleCompletionCpu.push(serverCpuMs() - cpuIdle);
}

const afterEditsMb = await residentMb();
for (let i = 1; i < 10; i++) await openDocument(`file:///bench/lsp-${i}.mcpdesc.json`);
const tenDocumentsMb = await residentMb();

/**
 * The server's own work for one quick re-check, in this process (no transport, no debounce): CPU
 * time of `quickRecheck` for the same kind of edit, after the whole-text check it starts from.
 */
function quickRecheckCpuMs(): number[] {
  const schemas = createSchemaService();
  const filename = 'bench.mcpdesc.json';
  const basis = {
    text,
    parsed: parseDescription(text, { filename }),
    diagnostics: lint(text, { filename, schemas }).diagnostics,
    splices: 0,
  };
  const samples: number[] = [];
  for (let i = 0; i < edits; i++) {
    const line = descriptionLines[(i * 41) % descriptionLines.length]!;
    const document = TextDocument.create(`file:///${filename}`, 'json', 1, text);
    const character =
      document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).length - 3;
    TextDocument.update(document, [{ range: { start: { line, character }, end: { line, character } }, text: 'x' }], 2);
    const edited = {
      text: document.getText(),
      offsetAt: document.offsetAt.bind(document),
      positionAt: document.positionAt.bind(document),
    };
    const before = process.cpuUsage();
    const result = quickRecheck(basis, edited, { filename, schemas });
    const used = process.cpuUsage(before);
    if (!result) throw new Error('the edit was not re-checked quickly');
    samples.push((used.user + used.system) / 1000);
  }
  return samples;
}
const quickCpu = quickRecheckCpuMs();

const format = (values: number[]): string =>
  `median ${median(values).toFixed(0)} ms, p90 ${percentile(values, 0.9).toFixed(0)} ms`;
console.log(`machine: ${cpus().length} CPUs, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}`);
console.log(`document: ${toolCount} tools, ${(text.length / 1e6).toFixed(1)} MB JSON`);
console.log(`open -> diagnostics: ${openMs.toFixed(0)} ms`);
console.log(`one-character edit -> diagnostics published (${edits} edits): ${format(editMs)}`);
console.log(
  `server main-thread CPU from the edit to the publication (the completion request included): ${format(editCpu)}`,
);
console.log(`quick re-check alone, CPU in this process: ${format(quickCpu)}`);
console.log(`completion, idle: ${format(idleCompletion)}`);
console.log(`server main-thread CPU of an idle completion: ${format(idleCompletionCpu)}`);
console.log(`completion, right after an edit: ${format(busyCompletion)}`);
console.log(
  `resident memory: ${oneDocumentMb.toFixed(0)} MB with one document open, ${afterEditsMb.toFixed(0)} MB after the edits, ${tenDocumentsMb.toFixed(0)} MB with ten`,
);

await connection.sendRequest('shutdown');
await connection.sendNotification('exit');
