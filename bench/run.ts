/**
 * `npm run bench`: parse throughput of the source layer beside bare baselines, on generated
 * descriptions. Each section is its own function so later sections (validation) can be added.
 */
import { load as jsYamlLoad } from 'js-yaml';
import { parse as yamlParse } from 'yaml';
import { availableParallelism } from 'node:os';
import { parseDescription, serializeDescription } from 'mcpdesc-core/internal/source/index.js';
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

interface Row {
  tools: number;
  format: string;
  what: string;
  mb: number;
  ms: number;
  heapMB: number;
}

function checked(result: ReturnType<typeof parseDescription>): unknown {
  if (result.diagnostics.length > 0) throw new Error(`unexpected diagnostics: ${result.diagnostics[0]!.message}`);
  return result.document;
}

export function parseSection(toolCounts: number[]): Row[] {
  const rows: Row[] = [];
  for (const tools of toolCounts) {
    const document = generateDescription(tools);
    const texts = {
      json: serializeDescription(document, { format: 'json' }),
      yaml: serializeDescription(document, { format: 'yaml' }),
    };
    for (const format of ['json', 'yaml'] as const) {
      const text = texts[format];
      const mb = Buffer.byteLength(text) / 1e6;
      const cases: [string, () => unknown, number?][] =
        format === 'json'
          ? [
              ['JSON.parse (baseline)', () => JSON.parse(text)],
              ['parseDescription', () => checked(parseDescription(text, { format }))],
              [
                'parseDescription + first range query',
                () => parseDescription(text, { format }).sourceMap.rangeOf('/tools/0/name'),
                3,
              ],
            ]
          : [
              ['js-yaml load (baseline)', () => jsYamlLoad(text)],
              ['yaml.parse (baseline)', () => yamlParse(text), 1],
              ['parseDescription', () => checked(parseDescription(text, { format }))],
              [
                'parseDescription + first range query',
                () => parseDescription(text, { format }).sourceMap.rangeOf('/tools/0/name'),
                3,
              ],
            ];
      for (const [what, work, times] of cases) {
        const { ms, heapMB } = measure(work, times);
        rows.push({ tools, format, what, mb, ms, heapMB });
      }
    }
  }
  return rows;
}

/** Up to `count` pointers of values in `document`, chosen at random (seeded; reservoir sampling, no full list). */
function samplePointers(document: unknown, count: number, seed = 7): string[] {
  const next = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const sample: string[] = [];
  let seen = 0;
  const stack: [unknown, string][] = [[document, '']];
  while (stack.length > 0) {
    const [value, pointer] = stack.pop()!;
    if (seen < count) sample.push(pointer);
    else {
      const slot = Math.floor(next() * (seen + 1));
      if (slot < count) sample[slot] = pointer;
    }
    seen++;
    if (Array.isArray(value)) value.forEach((item, i) => stack.push([item, `${pointer}/${i}`]));
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value))
        stack.push([item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
    }
  }
  return sample;
}

/**
 * Source map: the first range query (at the end of the document, the worst case for a scan)
 * and then `queries` range queries at random pointers (alternately value and key ranges), as
 * a validation of a large invalid document would ask. Each run parses afresh (untimed for the
 * queries row, so it times the queries alone).
 */
export function sourceMapSection(toolCounts: number[], queries = 10_000): Row[] {
  const rows: Row[] = [];
  for (const tools of toolCounts) {
    const document = generateDescription(tools);
    const pointers = samplePointers(document, queries);
    const last = `/tools/${tools - 1}/examples/example-${tools - 1}/result/structuredContent/status`;
    for (const format of ['json', 'yaml'] as const) {
      const text = serializeDescription(document, { format });
      const mb = Buffer.byteLength(text) / 1e6;
      const times = format === 'json' ? 5 : 3;
      const parse = measure(() => checked(parseDescription(text, { format })), times);
      rows.push({ tools, format, what: 'parseDescription', mb, ...parse });
      const first = measure(() => parseDescription(text, { format }).sourceMap.rangeOf(last), times);
      rows.push({ tools, format, what: 'parseDescription + first range query (last tool)', mb, ...first });
      const samples: number[] = [];
      let heapMB = 0;
      for (let run = 0; run < times; run++) {
        const { sourceMap } = parseDescription(text, { format });
        sourceMap.rangeOf(last);
        (globalThis as { gc?: () => void }).gc?.();
        const before = process.memoryUsage().heapUsed;
        const started = performance.now();
        let found = 0;
        for (let i = 0; i < pointers.length; i++)
          if (sourceMap.rangeOf(pointers[i]!, i % 2 === 0 ? 'value' : 'key')) found++;
        samples.push(performance.now() - started);
        heapMB = Math.max(heapMB, (process.memoryUsage().heapUsed - before) / 2 ** 20);
        if (found < pointers.length / 3) throw new Error(`only ${found} of ${pointers.length} pointers found`);
      }
      rows.push({
        tools,
        format,
        what: `${pointers.length} range queries after the first`,
        mb,
        ms: median(samples),
        heapMB,
      });
    }
  }
  return rows;
}

/** Rows with a ratio to their baseline: the first "(baseline)" row of the same size and format (JSON.parse, js-yaml load). */
function printRows(title: string, rows: Row[]): void {
  console.log(`\n## ${title}\n`);
  console.log('| tools | format | size MB | what | median ms | MB/s | x baseline | heap growth MB |');
  console.log('|---:|---|---:|---|---:|---:|---:|---:|');
  for (const r of rows) {
    const baseline = rows.find((b) => b.tools === r.tools && b.format === r.format && b.what.endsWith('(baseline)'));
    const ratio = baseline && baseline !== r ? `${(r.ms / baseline.ms).toFixed(2)}x` : '';
    console.log(
      `| ${r.tools} | ${r.format} | ${r.mb.toFixed(1)} | ${r.what} | ${r.ms.toFixed(0)} | ${(r.mb / (r.ms / 1000)).toFixed(1)} | ${ratio} | ${r.heapMB.toFixed(0)} |`,
    );
  }
}

console.log(`node ${process.version}, ${availableParallelism()} CPUs, ${new Date().toISOString().slice(0, 10)}`);
// `node dist/bench/run.js [parse] [source-map]` runs the named sections (default: all).
const sections = process.argv.slice(2);
if (sections.length === 0 || sections.includes('parse')) printRows('Parse', parseSection([1000, 10000]));
if (sections.length === 0 || sections.includes('source-map')) printRows('Source map', sourceMapSection([1000, 10000]));
console.log(`\npeak RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
