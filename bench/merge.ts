/**
 * `npm run bench:merge`: merge of two generated descriptions (the same 1,000 or 10,000 tools,
 * decoded values) beside validating both inputs, the yardstick of issue 19 (merge ≤ 1.5x).
 * Interleaved rounds, CPU time (robust on a shared machine), a new schema service per run so no
 * cache carries over; `--expose-gc` collects between runs.
 */
import { merge } from 'mcpdesc-core/internal/operations/merge.js';
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
console.log('| tools | validate both inputs, CPU ms | merge, CPU ms | ratio |');
console.log('|---:|---:|---:|---:|');
for (const tools of toolCounts.length > 0 ? toolCounts : [1000, 10000]) {
  const a = generateDescription(tools);
  const b = generateDescription(tools);
  const validating: number[] = [];
  const merging: number[] = [];
  for (let round = 0; round < rounds; round++) {
    validating.push(
      cpuMs(() => {
        const schemas = createSchemaService();
        if (!validate(a, { schemas }).valid || !validate(b, { schemas }).valid) throw new Error('invalid input');
      }),
    );
    merging.push(
      cpuMs(() => {
        if (!merge([a, b], { validation: { schemas: createSchemaService() } }).ok) throw new Error('merge failed');
      }),
    );
  }
  const v = median(validating);
  const m = median(merging);
  console.log(`| ${tools} | ${v.toFixed(0)} | ${m.toFixed(0)} | ${(m / v).toFixed(2)}x |`);
}
