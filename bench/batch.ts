/**
 * `node dist/bench/batch.js [entries] [rounds]`: what checking a registry costs (issue 37 item 3,
 * docs/scale.md). The entries are the captured descriptions of real servers under
 * test/fixtures/real-servers and test/fixtures/lint-unseen-servers (2-78 KB, JSON and YAML),
 * repeated to `entries` files (default 1,000) in a temporary directory.
 *
 * 1. In process: CPU per entry of `validate()` and `lint()` (median of `rounds` passes over every
 *    fixture, after one warm-up pass), the floor a worker pays per file.
 * 2. Whole process: `mcpdesc validate|lint DIR --format jsonl --jobs 1|2` over the entries (wall
 *    and CPU time, interleaved rounds), the throughput a machine gets, start-up included.
 * 3. On paper: 50,000 registry entries at the measured throughput, on one machine and on N shards.
 */
import { cpus, loadavg, tmpdir } from 'node:os';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { alternate, median } from './processes.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(repoRoot, 'packages', 'cli', 'dist', 'bin', 'mcpdesc.js');
const entries = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 3);
const registry = 50_000;

const fixtures = ['real-servers', 'lint-unseen-servers'].flatMap((folder) => {
  const directory = join(repoRoot, 'test', 'fixtures', folder);
  return readdirSync(directory)
    .filter((name) => /\.mcpdesc\.(json|yaml)$/.test(name))
    .map((name) => ({ name, bytes: readFileSync(join(directory, name)) }));
});

/** CPU milliseconds of one pass of `check` over every fixture, per entry. */
function cpuPerEntry(check: (bytes: Uint8Array, name: string) => void): number {
  const passes: number[] = [];
  // Many passes: one is 21 small documents, a few hundred ms.
  for (let pass = 0; pass <= Math.max(rounds, 15); pass++) {
    const before = process.cpuUsage();
    for (const f of fixtures) check(f.bytes, f.name);
    const used = process.cpuUsage(before);
    // Pass 0 warms up (the schema service compiles, the JIT settles).
    if (pass > 0) passes.push((used.user + used.system) / 1000 / fixtures.length);
  }
  return median(passes);
}

const schemas = createSchemaService();
const inProcess = {
  validate: cpuPerEntry((bytes, filename) => void validate(bytes, { filename, schemas })),
  lint: cpuPerEntry((bytes, filename) => void lint(bytes, { filename, schemas })),
};
const meanBytes = fixtures.reduce((sum, f) => sum + f.bytes.byteLength, 0) / fixtures.length;

const directory = mkdtempSync(join(tmpdir(), 'mcpdesc-bench-batch-'));
try {
  for (let i = 0; i < entries; i++) {
    const f = fixtures[i % fixtures.length]!;
    const extension = f.name.endsWith('.json') ? 'json' : 'yaml';
    writeFileSync(join(directory, `entry-${String(i).padStart(6, '0')}.mcpdesc.${extension}`), f.bytes);
  }
  const cases = (['validate', 'lint'] as const).flatMap((command) =>
    [1, 2].map((jobs) => ({
      name: `${command} --jobs ${jobs}`,
      args: [bin, command, directory, '--format', 'jsonl', '--jobs', String(jobs), '-o', join(directory, 'out.jsonl')],
    })),
  );
  const load = loadavg()[0]!.toFixed(1);
  const figures = alternate(cases, rounds, true);
  const loadAfter = loadavg()[0]!.toFixed(1);

  console.log(
    `machine: ${cpus().length} CPUs (${cpus()[0]?.model}), Node ${process.version}, load ${load} -> ${loadAfter}`,
  );
  console.log(
    `entries: ${fixtures.length} captured descriptions (mean ${(meanBytes / 1024).toFixed(1)} KB) repeated to ${entries} files`,
  );
  console.log('\nin process, CPU per entry (median of passes over the fixtures):');
  console.log(`  validate ${inProcess.validate.toFixed(2)} ms, lint ${inProcess.lint.toFixed(2)} ms`);
  console.log(`\nwhole process over ${entries} files (median of ${rounds} rounds):`);
  console.log('| run | wall s | CPU s | peak RSS MB | entries/s (wall) | wall ms/entry | CPU ms/entry |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const f of figures) {
    const perSecond = entries / (f.wall / 1000);
    console.log(
      `| ${f.name} | ${(f.wall / 1000).toFixed(1)} | ${((f.cpu ?? NaN) / 1000).toFixed(1)} | ${(f.rss ?? NaN).toFixed(0)} | ${perSecond.toFixed(0)} | ${(f.wall / entries).toFixed(2)} | ${((f.cpu ?? NaN) / entries).toFixed(2)} |`,
    );
  }
  const show = (s: number) => (s >= 120 ? `${(s / 60).toFixed(1)} min` : `${s.toFixed(0)} s`);
  // The load of a shared machine stretches wall time more than CPU time: the CPU figure is the one to plan with.
  console.log(`\n${registry.toLocaleString('en-US')} entries on paper from CPU per entry (every core busy):`);
  console.log(`| run | CPU total | 1 machine (${cpus().length} cores) | 4 machines | 16 machines |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const f of figures) {
    const cpuSeconds = (registry * (f.cpu ?? NaN)) / entries / 1000;
    const perMachine = cpuSeconds / cpus().length;
    console.log(
      `| ${f.name} | ${show(cpuSeconds)} | ${show(perMachine)} | ${show(perMachine / 4)} | ${show(perMachine / 16)} |`,
    );
  }
  console.log(
    `\n${registry.toLocaleString('en-US')} entries on paper (wall, at the measured rate; shards in parallel):`,
  );
  console.log('| run | one machine | 4 shards | 16 shards |');
  console.log('|---|---:|---:|---:|');
  for (const f of figures) {
    const seconds = (registry * f.wall) / entries / 1000;
    console.log(`| ${f.name} | ${show(seconds)} | ${show(seconds / 4)} | ${show(seconds / 16)} |`);
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
