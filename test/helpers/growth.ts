import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';

/** The fastest of a few runs, in milliseconds (the minimum is the least noisy figure on a shared machine). */
function fastest(run: () => void, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * Asserts that work grows about linearly with the input: `input(10 * size)` may take at most 20
 * times as long as `input(size)` (a quadratic scan takes 100 times as long). A floor of 2 ms on
 * the small run keeps timer noise from deciding. On a loaded machine one measurement can be
 * spoiled by a descheduled process or a GC pause, so a failing ratio is measured again (up to
 * three times); super-linear work fails every attempt by a wide margin.
 */
export function assertLinearGrowth(
  label: string,
  size: number,
  input: (size: number) => string,
  work: (text: string) => unknown,
): void {
  const small = input(size);
  const large = input(size * 10);
  work(small); // warm up the code path
  const figures: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const smallTime = Math.max(
      2,
      fastest(() => work(small)),
    );
    const largeTime = fastest(() => work(large), 2);
    if (largeTime < 20 * smallTime) return;
    figures.push(`${smallTime.toFixed(1)} ms -> ${largeTime.toFixed(1)} ms`);
  }
  assert.fail(`${label}: ${size} -> ${size * 10} grew more than 20 times in every attempt (${figures.join('; ')})`);
}
