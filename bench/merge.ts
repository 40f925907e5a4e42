/**
 * `npm run bench:merge`: merge of two generated descriptions (1,000 or 10,000 tools, decoded
 * values) beside validating both inputs, the yardstick of issue 19 (merge ≤ 1.5x). Two pairs:
 * the same tools for one revision (the output is the first input: it is not validated again) and
 * the same tools for two revisions (the output, covering both, is validated); each merged as the
 * library does by default and `mcpdesc merge` does (the result shares the inputs' values) and with
 * `copy: true` (an independent copy returned).
 * Interleaved rounds, CPU time (robust on a shared machine), a new schema service per run so no
 * cache carries over; `--expose-gc` collects between runs.
 */
import { merge, type MergeOptions } from 'mcpdesc-core/internal/operations/merge.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { generateDescription } from './generate.js';

const rounds = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function cpuMs(work: () => void): number {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const toolCounts = process.argv.slice(2).map(Number).filter(Number.isSafeInteger);
// Warm up once so that one-time compilation (structural schema, meta-schemas) is not counted.
merge([generateDescription(10), generateDescription(10)]);
console.log(
  '| tools | inputs | validate both inputs, CPU ms | merge, CPU ms | ratio | merge with copy: true, CPU ms | ratio |',
);
console.log('|---:|---|---:|---:|---:|---:|---:|');
for (const tools of toolCounts.length > 0 ? toolCounts : [1000, 10000]) {
  const a = generateDescription(tools);
  const pairs = [
    { name: 'one revision', b: generateDescription(tools) },
    { name: 'two revisions', b: { ...(generateDescription(tools) as object), protocolVersions: ['2025-06-18'] } },
  ];
  for (const { name, b } of pairs) {
    const runs: [string, () => void][] = [
      [
        'validate',
        () => {
          const schemas = createSchemaService();
          if (!validate(a, { schemas }).valid || !validate(b, { schemas }).valid) throw new Error('invalid input');
        },
      ],
      ...(
        [
          ['merge', {}],
          ['copy', { copy: true }],
        ] as [string, MergeOptions][]
      ).map(([run, options]): [string, () => void] => [
        run,
        () => {
          if (!merge([a, b], { ...options, validation: { schemas: createSchemaService() } }).ok)
            throw new Error('merge failed');
        },
      ]),
    ];
    const samples = new Map<string, number[]>(runs.map(([run]) => [run, []]));
    for (let round = 0; round < rounds; round++)
      for (let k = 0; k < runs.length; k++) {
        const [run, work] = runs[(k + round) % runs.length]!;
        samples.get(run)!.push(cpuMs(work));
      }
    const [v, m, s] = ['validate', 'merge', 'copy'].map((run) => median(samples.get(run)!)) as [number, number, number];
    console.log(
      `| ${tools} | ${name} | ${v.toFixed(0)} | ${m.toFixed(0)} | ${(m / v).toFixed(2)}x | ${s.toFixed(0)} | ${(s / v).toFixed(2)}x |`,
    );
  }
}
