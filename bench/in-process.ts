/**
 * In-process measurement shared by the benchmarks that compare builds in one process (ratios.ts,
 * yaml.ts): CPU time (user + system, robust on a shared machine), wall time and the garbage
 * collector's pauses during one piece of work, and the loading of a built checkout's core.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PerformanceObserver } from 'node:perf_hooks';

export interface Sample {
  cpu: number;
  wall: number;
  gc: number;
}

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Garbage-collection pauses (start, duration), recorded by a performance observer. */
const gcPauses: [number, number][] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push([entry.startTime, entry.duration]);
}).observe({ entryTypes: ['gc'] });

/** Lets the observer deliver the entries of the work just done. */
const settle = (): Promise<void> => new Promise((done) => setTimeout(done, 0));

/** Runs `work` once after a collection (with `--expose-gc`); work that returns nothing or false has failed. */
export async function measure(work: () => unknown): Promise<Sample> {
  (globalThis as { gc?: () => void }).gc?.();
  await settle();
  gcPauses.length = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = work();
  if (result === undefined || result === false) throw new Error('benchmark work failed');
  const ended = performance.now();
  const cpu = process.cpuUsage(cpuBefore);
  await settle();
  let gc = 0;
  for (const [start, duration] of gcPauses) if (start >= started && start < ended) gc += duration;
  return { cpu: (cpu.user + cpu.system) / 1000, wall: ended - started, gc };
}

/** The public API of a built checkout (its `packages/core/dist/index.js`), typed as the caller uses it. */
export async function loadCore<Library>(checkout: string): Promise<Library> {
  const entry = resolve(checkout, 'packages/core/dist/index.js');
  if (!existsSync(entry)) throw new Error(`no built core at ${entry} (run npm ci && npm run build there)`);
  return (await import(pathToFileURL(entry).href)) as Library;
}

export interface BenchArguments {
  rounds: number;
  /** A second built checkout run in the same rounds (`--baseline CHECKOUT`). */
  baselineDir?: string;
  /** Tool counts (default 1,000, 10,000 and 50,000). */
  sizes: number[];
}

/** `[--rounds N] [--baseline CHECKOUT] [TOOLS ...]`; exits with the usage line (status 2) on anything else. */
export function benchArguments(args: readonly string[], defaultRounds: number, usage: string): BenchArguments {
  const parsed: BenchArguments = { rounds: defaultRounds, sizes: [] };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--rounds') parsed.rounds = Number(args[++i]);
    else if (args[i] === '--baseline') parsed.baselineDir = args[++i];
    else parsed.sizes.push(Number(args[i]));
  }
  if (parsed.sizes.length === 0) parsed.sizes.push(1000, 10000, 50000);
  if (!parsed.sizes.every(Number.isSafeInteger) || !Number.isSafeInteger(parsed.rounds) || parsed.rounds < 1) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return parsed;
}
