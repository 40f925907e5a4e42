/**
 * `npm run bench:compare -- BASELINE_DIR`: this build against another built checkout (for
 * example `git worktree add ../base <commit> && (cd ../base && npm ci && npm run build)`), in
 * one process with interleaved rounds, so both sides see the same machine load. Reports the
 * median wall and CPU time of decode, validate and lint per size and the ratio to the baseline.
 */
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { generateDescription } from './generate.js';

interface Library {
  parseDescription(text: string, options: { format: 'json' }): { diagnostics: unknown[] };
  validate(text: string, options: { format: 'json' }): { valid: boolean };
  lint(text: string, options: { format: 'json' }): { diagnostics: unknown[] };
}

const rounds = 5;

/** A checkout's built library: the core package's entry, or (before the workspace split) dist/src/index.js. */
async function load(checkout: string): Promise<Library> {
  const entry = existsSync(resolve(checkout, 'packages/core/dist/index.js'))
    ? resolve(checkout, 'packages/core/dist/index.js')
    : resolve(checkout, 'dist/src/index.js');
  return (await import(pathToFileURL(entry).href)) as Library;
}

function measure(work: () => void): { wall: number; cpu: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  work();
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const baselineDir = process.argv[2];
  if (!baselineDir) {
    console.error('usage: node --expose-gc dist/bench/compare.js BASELINE_CHECKOUT [TOOLS,...]');
    process.exit(2);
  }
  const sizes = (process.argv[3] ?? '1000,10000').split(',').map(Number);
  const sides = {
    baseline: await load(resolve(baselineDir)),
    current: await load(resolve(import.meta.dirname, '../..')),
  };
  const operations: [string, (library: Library, text: string) => void][] = [
    ['decode', (library, text) => library.parseDescription(text, { format: 'json' })],
    ['validate', (library, text) => library.validate(text, { format: 'json' })],
    ['lint', (library, text) => library.lint(text, { format: 'json' })],
  ];
  console.log(
    `node ${process.version}, ${availableParallelism()} CPUs, ${new Date().toISOString().slice(0, 16)}Z, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('\n| tools | what | baseline ms (CPU) | current ms (CPU) | ratio (CPU) |');
  console.log('|---:|---|---:|---:|---:|');
  for (const tools of sizes) {
    const text = serializeDescription(generateDescription(tools), { format: 'json' });
    for (const [name, run] of operations) {
      // One warm-up each, then alternating rounds.
      run(sides.baseline, text);
      run(sides.current, text);
      const samples = { baseline: [] as number[], current: [] as number[] };
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? (['baseline', 'current'] as const) : (['current', 'baseline'] as const);
        for (const side of order) samples[side].push(measure(() => run(sides[side], text)).cpu);
      }
      const baseline = median(samples.baseline);
      const current = median(samples.current);
      console.log(
        `| ${tools} | ${name} | ${baseline.toFixed(0)} | ${current.toFixed(0)} | ${(current / baseline).toFixed(2)}x |`,
      );
    }
  }
  console.log(`\npeak RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB (both builds in one process)`);
}

await main();
