/**
 * A checking worker of `validate`/`lint --jobs`: builds the command's run exactly as its own
 * thread does (the same configuration discovery, from the same working directory), then reads
 * and checks the files the pool sends, one at a time, through the one bounded reader.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LineIndex } from 'mcpdesc-core/source';
import type { SourceLines } from 'mcpdesc-core/report';
import { checkFile } from './check-file.js';
import type { CheckRun, CheckTask, FileOutcome, SentOutcome, WorkerMessage, WorkerSetup } from './check-types.js';
import { validateCheck } from './commands/validate-run.js';
import { lintCheck } from './commands/lint-run.js';
import { CliExit, type CliIO } from './io.js';
import { pathKind, readFileBounded } from './read-file.js';

const setup = workerData as WorkerSetup;
const port = parentPort!;
let stderr = '';
const io: CliIO = {
  stdout: () => {},
  stderr: (text) => {
    stderr += text;
  },
  readFile: readFileBounded,
  writeFile: () => Promise.reject(new Error('a checking worker writes nothing')),
  pathKind,
  cwd: setup.cwd,
  env: setup.env,
  isTTY: false,
};
const send = (message: WorkerMessage) => port.postMessage(message);

let run: CheckRun;
try {
  run = setup.command === 'validate' ? await validateCheck(setup.options, io) : await lintCheck(setup.options, io);
} catch (error) {
  // The command's own thread has built the same run already: this is not expected, but never a stack trace.
  send({ index: -1, failure: error instanceof Error ? error.message : String(error) });
  throw error;
}

port.on('message', async ({ file, index }: CheckTask) => {
  stderr = '';
  try {
    const outcome = await checkFile(file, io, run, setup.context);
    // The rules this file's configuration brought (plugin, declarative): the report describes them as one thread would.
    const rules = [...run.rules].filter(([id]) => id.includes('/'));
    send({
      index,
      outcome: sendable(outcome, setup.options.format === 'stylish'),
      stderr,
      ...(rules.length > 0 ? { rules } : {}),
    });
  } catch (error) {
    if (error instanceof CliExit) send({ index, exit: { code: error.exitCode, message: error.message } });
    else send({ index, failure: error instanceof Error ? error.message : String(error) });
  }
});
send({ ready: true });

/** The outcome without its source: only the lines the stylish excerpts read, and only for stylish. */
function sendable(outcome: FileOutcome, excerpts: boolean): SentOutcome {
  if (outcome.kind === 'unreadable') return outcome;
  const { source, ...rest } = outcome;
  if (!excerpts || source === undefined) return rest;
  const lines: SourceLines = typeof source === 'string' ? new LineIndex(source) : source;
  const wanted = new Map<number, string>();
  for (const d of outcome.report.diagnostics) {
    if (!d.range) continue;
    for (const line of [d.range.start.line - 1, d.range.start.line]) {
      const text = line >= 1 && !wanted.has(line) ? lines.lineText(line) : undefined;
      if (text !== undefined) wanted.set(line, text);
    }
  }
  return { ...rest, lines: [...wanted] };
}
