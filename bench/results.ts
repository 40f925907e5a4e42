/**
 * `node dist/bench/results.js`: the cost of `verify --results`' comparison (result-compare.ts)
 * as results grow, to show it stays linear: wide results (N text blocks, every one changed
 * and ignored by `/content/* /text`, so every node is visited and none kept), deep results
 * (N nested arrays) and a structuredContent object of N members. Times are the median of 5.
 */
import { compareResults, parsePathPattern } from 'mcpdesc-toolkit/internal/live/result-compare.js';

const SIZES = [10_000, 100_000, 1_000_000];
const RUNS = 5;

function wide(n: number, text: string): unknown {
  return { content: Array.from({ length: n }, (_, i) => ({ type: 'text', text: `${text} ${i}` })) };
}
function deep(n: number, leaf: number): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < n; i++) value = [value];
  return { structuredContent: value };
}
function members(n: number, base: number): unknown {
  const out: Record<string, number> = {};
  for (let i = 0; i < n; i++) out[`k${i}`] = base + i;
  return { structuredContent: out };
}

function median(run: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

const cases = [
  { name: 'wide (text blocks, ignored)', make: wide, a: 'recorded', b: 'live', ignore: ['/content/*/text'] },
  { name: 'deep (nested arrays)', make: deep, a: 1, b: 2, ignore: [] },
  { name: 'members (object keys)', make: members, a: 0, b: 1, ignore: [] },
] as const;

console.log('case                          nodes       ms    ns/node  kept  more');
for (const c of cases) {
  for (const n of SIZES) {
    const recorded = (c.make as (n: number, v: unknown) => unknown)(n, c.a);
    const live = (c.make as (n: number, v: unknown) => unknown)(n, c.b);
    const patterns = c.ignore.map((p) => parsePathPattern(p)!);
    let kept = 0;
    let more = 0;
    const ms = median(() => {
      const out = compareResults(recorded, live, patterns, 10);
      kept = out.differences.length;
      more = out.more;
    });
    console.log(
      `${c.name.padEnd(28)} ${String(n).padStart(9)} ${ms.toFixed(1).padStart(8)} ${((ms * 1e6) / n).toFixed(0).padStart(9)} ${String(kept).padStart(5)} ${String(more).padStart(5)}`,
    );
  }
}
