/**
 * `npm run bench`: parse throughput of the source layer beside bare baselines, on generated
 * descriptions. Each section is its own function so later sections (validation) can be added.
 */
import { load as jsYamlLoad } from 'js-yaml';
import { parse as yamlParse } from 'yaml';
import { availableParallelism } from 'node:os';
import { parseDescription, serializeDescription } from '../src/source/index.js';
import { generateDescription } from './generate.js';

export { generateDescription };

const runs = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Median wall time (ms) of `runs` calls, and the heap growth of one call (MB). */
function measure(work: () => unknown, times = runs): { ms: number; heapMB: number } {
  const samples: number[] = [];
  let heapMB = 0;
  for (let i = 0; i < times; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    const result = work();
    samples.push(performance.now() - started);
    heapMB = Math.max(heapMB, (process.memoryUsage().heapUsed - before) / 2 ** 20);
    if (result === undefined) throw new Error('benchmark work returned nothing');
  }
  return { ms: median(samples), heapMB };
}

interface Row { tools: number; format: string; what: string; mb: number; ms: number; heapMB: number }

function checked(result: ReturnType<typeof parseDescription>): unknown {
  if (result.diagnostics.length > 0) throw new Error(`unexpected diagnostics: ${result.diagnostics[0]!.message}`);
  return result.document;
}

export function parseSection(toolCounts: number[]): Row[] {
  const rows: Row[] = [];
  for (const tools of toolCounts) {
    const document = generateDescription(tools);
    const texts = { json: serializeDescription(document, { format: 'json' }), yaml: serializeDescription(document, { format: 'yaml' }) };
    for (const format of ['json', 'yaml'] as const) {
      const text = texts[format];
      const mb = Buffer.byteLength(text) / 1e6;
      const cases: [string, () => unknown, number?][] = format === 'json'
        ? [
            ['JSON.parse (baseline)', () => JSON.parse(text)],
            ['parseDescription', () => checked(parseDescription(text, { format }))],
            ['parseDescription + first range query', () => parseDescription(text, { format }).sourceMap.rangeOf('/tools/0/name'), 3],
          ]
        : [
            ['js-yaml load (baseline)', () => jsYamlLoad(text)],
            ['yaml.parse (baseline)', () => yamlParse(text), 1],
            ['parseDescription', () => checked(parseDescription(text, { format }))],
            ['parseDescription + first range query', () => parseDescription(text, { format }).sourceMap.rangeOf('/tools/0/name'), 3],
          ];
      for (const [what, work, times] of cases) {
        const { ms, heapMB } = measure(work, times);
        rows.push({ tools, format, what, mb, ms, heapMB });
      }
    }
  }
  return rows;
}

function printRows(title: string, rows: Row[]): void {
  console.log(`\n## ${title}\n`);
  console.log('| tools | format | size MB | what | median ms | MB/s | heap growth MB |');
  console.log('|---:|---|---:|---|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.tools} | ${r.format} | ${r.mb.toFixed(1)} | ${r.what} | ${r.ms.toFixed(0)} | ${(r.mb / (r.ms / 1000)).toFixed(1)} | ${r.heapMB.toFixed(0)} |`);
  }
}

console.log(`node ${process.version}, ${availableParallelism()} CPUs, ${new Date().toISOString().slice(0, 10)}`);
printRows('Parse', parseSection([1000, 10000]));
console.log(`\npeak RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
