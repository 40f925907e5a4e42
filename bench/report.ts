/**
 * `npm run bench:report`: what reporting costs. Whole processes on a generated document
 * (default 10,000 tools; first argument), alternating rounds (second argument, default 5):
 * `validate` of the clean document in stylish and JSON, `lint` of it (tens of thousands of
 * findings) in stylish and JSON; and, in this process, `lint` alone and the stylish and JSON
 * formatting of its findings (stylish, JSON, SARIF; CPU time), so the report's share of the
 * lint run is measured directly. `--baseline CHECKOUT` (a built checkout) formats the same findings
 * with that checkout's formatters in the same rounds (alternating order), and fails unless both
 * print the same bytes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { formatReport, type FormatName } from 'mcpdesc-core/internal/report/index.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { generateDescription } from './generate.js';
import { alternate, loadLine, median } from './processes.js';

const args = process.argv.slice(2);
const baselineAt = args.indexOf('--baseline');
const baselineDir = baselineAt < 0 ? undefined : args.splice(baselineAt, 2)[1];
const tools = Number(args[0] ?? 10_000);
const rounds = Number(args[1] ?? 5);
type FormatReport = typeof formatReport;
const sides: [string, FormatReport][] = [['current', formatReport]];
if (baselineDir !== undefined) {
  const index = pathToFileURL(join(resolve(baselineDir), 'packages/core/dist/report/index.js')).href;
  sides.push(['baseline', ((await import(index)) as { formatReport: FormatReport }).formatReport]);
}
const bin = fileURLToPath(new URL('../../packages/cli/dist/bin/mcpdesc.js', import.meta.url));
const file = join(mkdtempSync(join(tmpdir(), 'mcpdesc-report-')), `${tools}.mcpdesc.json`);
const text = JSON.stringify(generateDescription(tools), null, 2);
writeFileSync(file, text);

console.log(`${availableParallelism()} CPUs, Node ${process.version}, ${new Date().toISOString()}, ${loadLine()}`);
console.log(`${tools} tools, ${(text.length / 1e6).toFixed(1)} MB, ${rounds} rounds\n`);

// In process first (the children would otherwise compete with nothing else but each other).
// CPU time (user + system), so the share holds on a loaded machine; formats in rotating order.
const formats = ['stylish', 'json', 'sarif'] as const satisfies readonly FormatName[];
const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
const lintMs: number[] = [];
const formatMs = new Map(sides.map(([side]) => [side, new Map(formats.map((f) => [f, [] as number[]]))]));
let findings = 0;
for (let round = 0; round < rounds; round++) {
  (globalThis as { gc?: () => void }).gc?.();
  let started = process.cpuUsage();
  const result = lint(text, { filename: file, schemas: createSchemaService() });
  lintMs.push(cpuMs(started));
  findings = result.diagnostics.length;
  const report = { files: [{ file, valid: result.valid, complete: result.complete, diagnostics: result.diagnostics }] };
  const options = { sources: new Map([[file, text]]), toolName: 'mcpdesc lint', toolVersion: '0' };
  for (let i = 0; i < formats.length; i++) {
    const format = formats[(round + i) % formats.length]!;
    const printed = new Set<string>();
    for (let j = 0; j < sides.length; j++) {
      const [side, formatWith] = sides[(round + j) % sides.length]!;
      // Lint's garbage is collected, and the collector's background sweeping let finish, before
      // the format is timed: CPU time counts those threads too, and charged lint's garbage to
      // the format that happened to come first.
      (globalThis as { gc?: () => void }).gc?.();
      await settle();
      started = process.cpuUsage();
      const output = formatWith(format, report, options);
      formatMs.get(side)!.get(format)!.push(cpuMs(started));
      printed.add(output);
    }
    if (printed.size > 1) throw new Error(`${format}: the baseline prints other bytes`);
  }
}
const lintMedian = median(lintMs);
console.log(`In process (CPU): lint ${lintMedian.toFixed(0)} ms (${findings} findings)`);
for (const format of formats) {
  for (const [side] of sides) {
    const ms = median(formatMs.get(side)!.get(format)!);
    const share = `${((100 * ms) / (lintMedian + ms)).toFixed(1)}% of lint + report (target ≤ 5%)`;
    console.log(`  format ${format}${sides.length > 1 ? ` (${side})` : ''}: ${ms.toFixed(0)} ms = ${share}`);
  }
}

const figures = alternate(
  [
    { name: 'validate --format stylish (clean)', args: [bin, 'validate', '--format', 'stylish', file] },
    { name: 'validate --format json (clean)', args: [bin, 'validate', '--format', 'json', file] },
    { name: 'lint --format stylish', args: [bin, 'lint', '--format', 'stylish', file] },
    { name: 'lint --format json', args: [bin, 'lint', '--format', 'json', file] },
  ],
  rounds,
  true,
);
console.log(`\n| whole process | median ms | peak RSS MB |\n|---|---:|---:|`);
for (const f of figures) console.log(`| ${f.name} | ${f.wall.toFixed(0)} | ${f.rss?.toFixed(0) ?? '?'} |`);
console.log(`(${loadLine()})`);
