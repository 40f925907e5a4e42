/**
 * `validate`/`lint --jobs N`: N worker threads (check-worker.ts) read and check the files, one
 * file at a time each, so at most N documents are held at once. A file whose check outlives
 * `--file-timeout` or outgrows `--file-memory` is a `source.limit` error for that file, its
 * worker is replaced, and the other files go on; a worker that fails otherwise is an internal
 * error for that file (exit code 2), the others go on too.
 */
import { Worker } from 'node:worker_threads';
import type { Diagnostic } from 'mcpdesc-core/model';
import type { SourceLines } from 'mcpdesc-core/report';
import type {
  CheckTask,
  FileOutcome,
  ParallelOptions,
  ReportCollector,
  RuleDescription,
  SentOutcome,
  WorkerMessage,
  WorkerSetup,
} from './check-types.js';
import { CliExit, UsageError } from './io.js';

/** A worker slot: its thread, the file it is checking and that file's timer. */
interface Slot {
  worker: Worker;
  ready: boolean;
  task?: CheckTask;
  timer?: NodeJS.Timeout;
  /** Set once the slot's outcome for its task was delivered or the worker was given up. */
  done: boolean;
}

/** Checks every task in workers; each outcome goes to `collect` as it arrives, one at a time. */
export function checkInWorkers(
  tasks: readonly CheckTask[],
  parallel: ParallelOptions,
  setup: WorkerSetup,
  collect: ReportCollector,
  rules: Map<string, RuleDescription>,
): Promise<void> {
  const jobs = Math.max(1, Math.min(parallel.jobs, tasks.length));
  let next = 0;
  let delivered = 0;
  let ended = false;
  // Outcomes are handed over one after the other: writing one may wait for standard output.
  let delivery: Promise<void> = Promise.resolve();
  const slots = new Set<Slot>();
  const workerSetup: WorkerSetup = { ...setup, env: { ...setup.env } };

  return new Promise<void>((resolve, reject) => {
    if (tasks.length === 0) return resolve();
    const end = (error?: unknown) => {
      if (ended) return;
      ended = true;
      for (const slot of slots) stop(slot);
      if (error === undefined) delivery.then(() => resolve(), reject);
      else delivery.then(() => reject(error), reject);
    };
    const deliver = (task: CheckTask, outcome: FileOutcome, stderr?: string) => {
      delivery = delivery.then(() => collect.add(task, outcome, stderr));
      delivery.catch(end);
      delivered += 1;
      if (delivered === tasks.length) end();
    };
    const dispatch = (slot: Slot) => {
      if (ended) return;
      if (next >= tasks.length) {
        stop(slot);
        return;
      }
      const task = tasks[next++]!;
      slot.task = task;
      // The budget counts from the file's hand-over: a worker's start-up is not the file's.
      if (parallel.fileTimeout !== undefined)
        slot.timer = setTimeout(() => lose(slot, 'time', ''), parallel.fileTimeout);
      slot.worker.postMessage(task);
    };
    /** The slot's file is lost (over a budget, or its worker failed): reported for that file, a new worker goes on. */
    const lose = (slot: Slot, why: 'time' | 'memory' | 'crash', message: string) => {
      if (slot.done) return;
      slot.done = true;
      const task = slot.task;
      stop(slot);
      if (!slot.ready && task === undefined) {
        // A worker that cannot start would fail for every file: the run ends here.
        end(new UsageError(`a checking worker could not start: ${message}`));
        return;
      }
      if (task !== undefined) deliver(task, lostOutcome(task, why, message, parallel), lostStderr(task, why, message));
      if (!ended && next < tasks.length) start();
    };
    const start = () => {
      const worker = new Worker(new URL('./check-worker.js', import.meta.url), {
        workerData: workerSetup,
        ...(parallel.fileMemory !== undefined
          ? { resourceLimits: { maxOldGenerationSizeMb: parallel.fileMemory } }
          : {}),
      });
      const slot: Slot = { worker, ready: false, done: false };
      slots.add(slot);
      worker.on('message', (message: WorkerMessage) => {
        if ('ready' in message) {
          slot.ready = true;
          dispatch(slot);
          return;
        }
        if (slot.task === undefined || message.index !== slot.task.index) {
          if ('failure' in message) lose(slot, 'crash', message.failure);
          return;
        }
        const task = slot.task;
        clearTimeout(slot.timer);
        slot.task = undefined;
        if ('exit' in message) {
          // A configuration that cannot be used ends the command, as it does in one thread.
          end(new CliExit(message.exit.code, message.exit.message));
          return;
        }
        if ('failure' in message) {
          deliver(
            task,
            lostOutcome(task, 'crash', message.failure, parallel),
            lostStderr(task, 'crash', message.failure),
          );
        } else {
          for (const [id, description] of message.rules ?? []) if (!rules.has(id)) rules.set(id, description);
          deliver(task, received(message.outcome), message.stderr);
        }
        dispatch(slot);
      });
      worker.on('error', (error: Error & { code?: string }) => {
        lose(slot, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash', error.message);
      });
      worker.on('exit', (code) => {
        if (!slot.done) lose(slot, 'crash', `the worker exited with code ${code}`);
      });
    };
    for (let i = 0; i < jobs; i++) start();
  });

  function stop(slot: Slot): void {
    slot.done = true;
    clearTimeout(slot.timer);
    slots.delete(slot);
    void slot.worker.terminate();
  }
}

/** A worker's outcome as the report takes it: its excerpt lines as the lines of its source. */
function received(outcome: SentOutcome): FileOutcome {
  if (outcome.kind === 'unreadable') return outcome;
  const { lines, ...rest } = outcome;
  if (lines === undefined) return rest;
  const byLine = new Map(lines);
  const source: SourceLines = { lineText: (line) => byLine.get(line) };
  return { ...rest, source };
}

/** Over a budget: a `source.limit` error for the file (exit code 1); a failed worker: no report for it, and a line on standard error. */
function lostOutcome(
  task: CheckTask,
  why: 'time' | 'memory' | 'crash',
  _message: string,
  parallel: ParallelOptions,
): FileOutcome {
  if (why === 'crash') return { kind: 'unreadable' };
  const diagnostic: Diagnostic =
    why === 'time'
      ? {
          rule: 'source.limit',
          code: 'max-file-time',
          severity: 'error',
          message: `not checked: the check took longer than --file-timeout ${parallel.fileTimeout} ms and was stopped; raise it only for trusted input`,
          pointer: '',
          spec: '15.8',
        }
      : {
          rule: 'source.limit',
          code: 'max-file-memory',
          severity: 'error',
          message: `not checked: the check needed more than --file-memory ${parallel.fileMemory} MB of heap and was stopped; raise it only for trusted input`,
          pointer: '',
          spec: '15.8',
        };
  return { kind: 'checked', report: { file: task.file, valid: false, complete: false, diagnostics: [diagnostic] } };
}

function lostStderr(task: CheckTask, why: 'time' | 'memory' | 'crash', message: string): string | undefined {
  if (why !== 'crash') return undefined;
  const name = task.file === '-' ? 'standard input' : task.file;
  return `mcpdesc: ${name}: internal error in its checking worker, the other files go on: ${message}\n`;
}
