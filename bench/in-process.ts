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
