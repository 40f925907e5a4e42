/**
 * `npm run bench:lsp-stalled-client`: the language server's memory behind a socket client that
 * stops reading (issue 39, item 3). `mcpdesc lsp --socket` connects to this process, which
 * initializes, opens a description with one finding per tool (TOOLS tools, 20,000 by default:
 * a publication of several MB), stops reading, and sends EDITS whole-text edits (15 by default),
 * each renaming every tool, so each check publishes a new, equally large set of diagnostics. The
 * server's resident set (VmRSS from /proc, Linux) is sampled after the open and after each edit,
 * once the server has been idle for QUIET_MS (its check has run and its publication is queued). Before the bounded publication queue
 * (packages/cli/src/lsp/latest-publications.ts) every publication was queued: the round-3 attack
 * measured 749 → 2,565 MB over 13 edits. Reading resumes at the end; the latest version must
 * arrive, and the server must exit with 0 after shutdown and exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  SocketMessageReader,
  SocketMessageWriter,
} from 'vscode-languageserver-protocol/node';

const tools = Number(process.env.TOOLS ?? 20_000);
const edits = Number(process.env.EDITS ?? 15);
const quietMs = Number(process.env.QUIET_MS ?? 1000);
const repoRoot = join(import.meta.dirname, '..', '..');
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The resident set of a process, in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

/** The CPU time a process has used, in clock ticks (utime + stime from /proc/PID/stat). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Waits until the server has used no CPU for `quietMs`: its check of the last version has run
 * and its publication is queued (a fixed pause is not enough on a loaded machine, where a
 * check still running when the next edit arrives is dropped as stale and publishes nothing).
 */
async function settled(pid: number): Promise<void> {
  let before = cpuTicks(pid);
  for (;;) {
    await pause(quietMs);
    const now = cpuTicks(pid);
    if (now === before) return;
    before = now;
  }
}

/** A description with one finding per tool (no description): a large publication. */
function manyFindings(suffix: string): string {
  const list = Array.from({ length: tools }, (_, i) => ({
    name: `tool-${i}${suffix}`,
    inputSchema: { type: 'object' },
  }));
  return JSON.stringify(
    { mcpdesc: '0.8.0', info: { name: 'many', version: '1.0.0' }, protocolVersions: ['2025-06-18'], tools: list },
    null,
    2,
  );
}

let child!: ChildProcess;
const socket = await new Promise<Socket>((resolve) => {
  const server = createServer((accepted) => {
    server.close();
    resolve(accepted);
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    child = spawn(
      process.execPath,
      [join(repoRoot, 'packages/cli/dist/bin/mcpdesc.js'), 'lsp', '--socket', String(port)],
      {
        stdio: 'inherit',
      },
    );
  });
});
const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
const pid = child.pid!;
const connection = createProtocolConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
const uri = 'file:///bench/stalled.mcpdesc.json';
const versions: number[] = [];
let publicationBytes = 0;
connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
  if (params.uri !== uri) return;
  versions.push(params.version ?? 0);
  publicationBytes = Math.max(publicationBytes, JSON.stringify(params).length);
});
connection.listen();
await connection.sendRequest(InitializeRequest.type, { processId: null, rootUri: null, capabilities: {} });

console.log(`machine: ${cpus().length} CPUs, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}`);
console.log(`${tools} tools (a document of ${(manyFindings('').length / 1e6).toFixed(1)} MB), ${edits} edits`);
const initial = rssMb(pid);
socket.pause();
await connection.sendNotification(DidOpenTextDocumentNotification.type, {
  textDocument: { uri, languageId: 'json', version: 1, text: manyFindings('') },
});
await settled(pid);
const afterOpen = rssMb(pid);
console.log(
  `RSS: ${initial.toFixed(0)} MB after initialize, ${afterOpen.toFixed(0)} MB after the open (reading stopped)`,
);
const samples: number[] = [];
for (let version = 2; version <= edits + 1; version++) {
  await connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version },
    contentChanges: [{ text: manyFindings(`-${version}`) }],
  });
  await settled(pid);
  samples.push(rssMb(pid));
  console.log(`edit ${version - 1}: RSS ${samples.at(-1)!.toFixed(0)} MB`);
}
const peak = Math.max(afterOpen, ...samples);
console.log(
  `growth over ${edits} edits: ${(samples.at(-1)! - afterOpen).toFixed(0)} MB (peak ${peak.toFixed(0)} MB; ` +
    `first edit ${samples[0]!.toFixed(0)} MB, last ${samples.at(-1)!.toFixed(0)} MB; ` +
    `per edit after the first ${((samples.at(-1)! - samples[0]!) / Math.max(1, edits - 1)).toFixed(1)} MB)`,
);
socket.resume();
const deadline = Date.now() + 120_000;
while (versions.at(-1) !== edits + 1 && Date.now() < deadline) await pause(100);
console.log(
  `reading resumed: ${versions.length} publications received for ${edits + 1} versions ` +
    `(${versions.join(', ')}), the largest ${(publicationBytes / 1e6).toFixed(1)} MB`,
);
await connection.sendRequest('shutdown');
await connection.sendNotification('exit');
console.log(`server exit code: ${await exited}`);
connection.dispose();
socket.destroy();
