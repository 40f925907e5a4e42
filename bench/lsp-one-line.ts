/**
 * `npm run bench:lsp-one-line`: hover and completion on one-line (minified) JSON, through a real
 * client over stdio (not a timed test). bench/generate.ts's description, written by
 * `JSON.stringify` without spaces, at 0.5 to 8 MB (LSP_ONE_LINE_SIZES, in MB, to change them).
 * Each document is opened and its first diagnostics awaited (the server then holds its
 * decoding); then hover on the first root key (whose scan reads the whole root object, so the
 * whole text) and completion inside the last tool (a scan from the start to the cursor), each
 * timed from request to answer, median of RUNS.
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  CompletionRequest,
  createProtocolConnection,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';
import { generateDescription } from './generate.js';

const sizesMb = (process.env.LSP_ONE_LINE_SIZES ?? '0.5,1,2,4,8').split(',').map(Number);
const runs = Number(process.env.RUNS ?? 7);
const repoRoot = join(import.meta.dirname, '..', '..');

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const child = spawn(process.execPath, [join(repoRoot, 'packages/cli/dist/bin/mcpdesc.js'), 'lsp', '--stdio'], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const connection = createProtocolConnection(
  new StreamMessageReader(child.stdout),
  new StreamMessageWriter(child.stdin),
);
const firstPublication = new Map<string, () => void>();
connection.onNotification(PublishDiagnosticsNotification.type, (params) => firstPublication.get(params.uri)?.());
connection.listen();
await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} });
await connection.sendNotification(InitializedNotification.type, {});

/** One line of JSON of about `bytes` characters. */
function oneLine(bytes: number): string {
  const perTool = JSON.stringify(generateDescription(100)).length / 100;
  return JSON.stringify(generateDescription(Math.max(1, Math.round(bytes / perTool))));
}

async function timed(request: () => Promise<unknown>, accept: (answer: unknown) => boolean): Promise<number> {
  const started = performance.now();
  const answer = await request();
  const elapsed = performance.now() - started;
  if (!accept(answer)) throw new Error(`unexpected answer: ${JSON.stringify(answer)?.slice(0, 200)}`);
  return elapsed;
}

console.log(`machine: ${cpus().length} CPUs, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}`);
console.log('| size | hover on a root key, median (max) | completion in the last tool, median (max) |');
console.log('|---:|---:|---:|');
for (const [index, mb] of sizesMb.entries()) {
  const text = oneLine(mb * 1e6);
  const uri = `file:///bench/one-line-${index}.mcpdesc.json`;
  const published = new Promise<void>((resolve) => firstPublication.set(uri, resolve));
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'json', version: 1, text },
  });
  await published;
  const rootKey = { line: 0, character: text.indexOf('"mcpdesc"') + 2 };
  const lastTool = { line: 0, character: text.lastIndexOf('"inputSchema"') };
  const hovers: number[] = [];
  const completions: number[] = [];
  for (let run = 0; run < runs; run++) {
    hovers.push(
      await timed(
        () => connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: rootKey }),
        (answer) => answer !== null,
      ),
    );
    completions.push(
      await timed(
        () => connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: lastTool }),
        (answer) => Array.isArray(answer) && answer.length > 0,
      ),
    );
  }
  const figure = (values: number[]): string => `${median(values).toFixed(0)} ms (${Math.max(...values).toFixed(0)} ms)`;
  console.log(`| ${(text.length / 1e6).toFixed(1)} MB | ${figure(hovers)} | ${figure(completions)} |`);
  await connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
}

await connection.sendRequest('shutdown');
await connection.sendNotification('exit');
