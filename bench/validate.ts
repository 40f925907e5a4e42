/**
 * `npm run bench` (second part): full validation of generated descriptions beside decoding
 * alone. Every tool's schemas and examples differ from every other's (bench/generate.ts), so
 * each run checks every embedded schema and evaluates every example afresh; a new schema
 * service per run keeps caches from carrying over between runs.
 */
import { availableParallelism } from 'node:os';
import { parseDescription, serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { generateDescription } from './generate.js';

const runs = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time(work: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

/** CPU time of the process in ms: robust against other load on a shared machine. */
function cpuMs(work: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    work();
    const used = process.cpuUsage(before);
    samples.push((used.user + used.system) / 1000);
  }
  return median(samples);
}

interface Row {
  tools: number;
  mb: number;
  decodeMs: number;
  validateMs: number;
  validateCpuMs: number;
}

export function validationSection(toolCounts: number[]): Row[] {
  // Warm up once so that one-time compilation (structural schema, meta-schemas) is not counted.
  validate(serializeDescription(generateDescription(10), { format: 'json' }), { format: 'json' });
  const rows: Row[] = [];
  for (const tools of toolCounts) {
    const text = serializeDescription(generateDescription(tools), { format: 'json' });
    const mb = Buffer.byteLength(text) / 1e6;
    const decode = (): void => {
      if (parseDescription(text, { format: 'json' }).diagnostics.length) throw new Error('decode failed');
    };
    const full = (): void => {
      const result = validate(text, { format: 'json', schemas: createSchemaService() });
      if (!result.valid || result.diagnostics.length) {
        throw new Error(
          `generated document is not clean: ${result.diagnostics
            .slice(0, 3)
            .map((d) => `${d.rule} ${d.pointer} ${d.message}`)
            .join('; ')}`,
        );
      }
    };
    rows.push({ tools, mb, decodeMs: time(decode), validateMs: time(full), validateCpuMs: cpuMs(full) });
  }
  return rows;
}

const rows = validationSection([1000, 10000]);
console.log(`node ${process.version}, ${availableParallelism()} CPUs, ${new Date().toISOString().slice(0, 10)}`);
console.log('\n## Full validation (JSON)\n');
console.log(
  '| tools | size MB | decode ms | validate ms (incl. decode) | validate CPU ms | MB/s | validate / decode |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.tools} | ${r.mb.toFixed(1)} | ${r.decodeMs.toFixed(0)} | ${r.validateMs.toFixed(0)} | ${r.validateCpuMs.toFixed(0)} | ${(r.mb / (r.validateMs / 1000)).toFixed(1)} | ${(r.validateMs / r.decodeMs).toFixed(1)}x |`,
  );
}
if (rows.length === 2) {
  const [small, large] = rows as [Row, Row];
  console.log(
    `\ngrowth: ${(large.tools / small.tools).toFixed(0)}x the tools, ${(large.validateMs / small.validateMs).toFixed(1)}x the time (wall), ${(large.validateCpuMs / small.validateCpuMs).toFixed(1)}x (CPU)`,
  );
}
console.log(`peak RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
