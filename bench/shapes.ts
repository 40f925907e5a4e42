/**
 * `npm run bench:shapes`: full JSON validation against `JSON.parse` on documents of three shapes
 * (issue 37 item 5): bench/generate.ts's uniform tools and bench/generate-varied.ts's mixed ones
 * (formats, nested objects, arrays of objects, `anyOf`/`oneOf`, `$ref`, one example per tool),
 * and bench/generate-captured.ts's real servers' tools repeated (content no generator chose), all
 * pretty-printed as people write them. Interleaved rounds, CPU medians (see in-process.ts). Beside
 * `JSON.parse`, a fairer floor: `JSON.parse` with its value kept alive through one scavenge.
 *
 * `node --expose-gc dist/bench/shapes.js [--rounds N] [--baseline CHECKOUT] [TOOLS ...]` (default 1000 10000).
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { generateDescription } from './generate.js';
import { generateCapturedDescription } from './generate-captured.js';
import { generateVariedDescription } from './generate-varied.js';
import { benchArguments, loadCore, measure, median, type Sample } from './in-process.js';

interface Library {
  validate(input: string, options: { format: 'json'; limits: { maxBytes: number } }): { valid: boolean };
  parseDescription(input: string, options: { format: 'json'; limits: { maxBytes: number } }): { document: unknown };
}

const limits = { maxBytes: 2 ** 30 };
const shapes = {
  uniform: (tools: number) => generateDescription(tools),
  varied: (tools: number) => generateVariedDescription(tools),
  captured: (tools: number) => generateCapturedDescription(tools),
};

const collect = (globalThis as { gc?: (options?: { type: 'minor'; execution: 'sync' }) => void }).gc;

/** `value`, held through one scavenge (a minor GC) that copies it out of the nursery. */
function keptThroughScavenge(value: unknown): unknown {
  collect?.({ type: 'minor', execution: 'sync' });
  return value;
}

async function main(): Promise<void> {
  if (collect === undefined) throw new Error('run with node --expose-gc (the kept floor needs a scavenge)');
  const args = benchArguments(process.argv.slice(2), 5, 'shapes.js [--rounds N] [--baseline CHECKOUT] [TOOLS ...]');
  const sizes = process.argv.slice(2).some((a) => /^\d+$/.test(a)) ? args.sizes : [1000, 10000];
  const sides: [string, Library][] = [['', await loadCore<Library>(resolve(import.meta.dirname, '../..'))]];
  if (args.baselineDir) sides.push(['baseline ', await loadCore<Library>(args.baselineDir)]);
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(
    `node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model.trim()}), ${new Date().toISOString().slice(0, 16)}Z, load average ${load()}, ${args.rounds} interleaved rounds\n`,
  );
  console.log(
    '| tools | shape | MB | JSON.parse CPU ms | JSON.parse, kept CPU ms | decode CPU ms | validate CPU ms | decode / JSON.parse | validate / JSON.parse | validate / JSON.parse, kept |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const tools of sizes) {
    for (const [shape, generate] of Object.entries(shapes)) {
      const text = JSON.stringify(generate(tools), null, 2);
      const cases: [string, () => unknown][] = [
        ['JSON.parse', () => JSON.parse(text) as unknown],
        // The fairer floor: validation keeps the document alive while it allocates, so it pays for
        // copying the value out of the young generation; JSON.parse alone returns a value that dies young.
        ['JSON.parse, kept', () => keptThroughScavenge(JSON.parse(text))],
        // Decoding alone (duplicate keys, limits, lone surrogates): what validation spends before its rules.
        ['decode', () => sides[0]![1].parseDescription(text, { format: 'json', limits }).document],
      ];
      for (const [side, library] of sides) {
        if (!library.validate(text, { format: 'json', limits }).valid) throw new Error(`${shape} ${tools}: not valid`);
        cases.push([`${side}validate`, () => library.validate(text, { format: 'json', limits }).valid]);
      }
      const samples = new Map<string, Sample[]>(cases.map(([name]) => [name, []]));
      for (let round = 0; round < args.rounds; round++)
        for (let i = 0; i < cases.length; i++) {
          const [name, work] = cases[(i + round) % cases.length]!;
          samples.get(name)!.push(await measure(work));
        }
      const cpu = (name: string) => median(samples.get(name)!.map((s) => s.cpu));
      for (const [side] of sides) {
        const label = side ? `${shape} (baseline)` : shape;
        const mb = (Buffer.byteLength(text) / 1e6).toFixed(1);
        const ratio = cpu(`${side}validate`) / cpu('JSON.parse');
        const keptRatio = cpu(`${side}validate`) / cpu('JSON.parse, kept');
        const decodeRatio = cpu('decode') / cpu('JSON.parse');
        console.log(
          `| ${tools} | ${label} | ${mb} | ${cpu('JSON.parse').toFixed(0)} | ${cpu('JSON.parse, kept').toFixed(0)} | ${cpu('decode').toFixed(0)} | ${cpu(`${side}validate`).toFixed(0)} | ${decodeRatio.toFixed(2)}x | ${ratio.toFixed(2)}x | ${keptRatio.toFixed(2)}x |`,
        );
      }
    }
  }
  console.log(`\n(load average ${load()})`);
}

await main();
