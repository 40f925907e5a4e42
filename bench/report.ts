/**
 * `npm run bench:report`: what reporting costs. In this process, `lint` of a generated document
 * (default 10,000 tools; first argument; tens of thousands of findings) and the formatting of its
 * findings in stylish, JSON and SARIF (CPU time, alternating rounds: second argument, default 5),
 * two ways: the report as pieces, each neutralised as the CLI writes it (what `mcpdesc lint` does),
 * and as one string (`formatReport`), so the report's share of the lint run is measured directly;
 * beside them the floors: `JSON.stringify` of the findings alone, and, for JSON and SARIF, of the
 * very value each report prints (what V8's serializer alone costs for those bytes).
 * Then whole processes: `validate` of the clean document and `lint` of it in each format (wall,
 * CPU, peak RSS). `--baseline CHECKOUT` (a built checkout) formats the same findings with that
 * checkout's formatters in the same rounds (alternating order; its CLI path is what its CLI does,
 * which may be one string neutralised whole), runs its CLI beside ours, and fails unless both print
 * the same bytes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import type { OutputKind } from 'mcpdesc-core/internal/report/control-characters.js';
import {
  formatReport,
  formatReportPieces,
  type FormatName,
  type SourceLines,
} from 'mcpdesc-core/internal/report/index.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { generateDescription } from './generate.js';
import { alternate, loadLine, median } from './processes.js';

const args = process.argv.slice(2);
const baselineAt = args.indexOf('--baseline');
const baselineDir = baselineAt < 0 ? undefined : args.splice(baselineAt, 2)[1];
const tools = Number(args[0] ?? 10_000);
const rounds = Number(args[1] ?? 5);
type Report = Parameters<typeof formatReport>[1];
type Options = Parameters<typeof formatReport>[2];
interface Side {
  name: string;
  /** The report as one string. */
  string: (format: FormatName, report: Report, options: Options) => string;
  /** The report as the CLI writes it: the neutralised pieces (not joined). */
  written: (format: FormatName, report: Report, options: Options) => string[];
  bin: string;
}
const binAt = (checkout: string) => join(checkout, 'packages/cli/dist/bin/mcpdesc.js');
const sides: Side[] = [
  {
    name: 'current',
    string: formatReport,
    // The formats neutralise their own output: the CLI writes the pieces as they come.
    written: (format, report, options) => Array.from(formatReportPieces(format, report, options)),
    bin: binAt(fileURLToPath(new URL('../..', import.meta.url))),
  },
];
if (baselineDir !== undefined) {
  const core = join(resolve(baselineDir), 'packages/core/dist/report');
  const index = (await import(pathToFileURL(join(core, 'index.js')).href)) as {
    formatReport: typeof formatReport;
    formatReportPieces?: typeof formatReportPieces;
    /** Before the formats neutralised their own output, the CLI neutralised each piece in its format's kind. */
    formatOutputKinds?: Record<FormatName, OutputKind>;
  };
  const control = (await import(pathToFileURL(join(core, 'control-characters.js')).href)) as {
    neutralizeOutput: (text: string, kind: OutputKind) => string;
  };
  const kinds = index.formatOutputKinds;
  const pieces =
    index.formatReportPieces ?? ((...args: Parameters<typeof formatReport>) => [index.formatReport(...args)]);
  sides.push({
    name: 'baseline',
    string: index.formatReport,
    written: (format, report, options) =>
      Array.from(pieces(format, report, options), (piece) =>
        kinds === undefined ? piece : control.neutralizeOutput(piece, kinds[format]),
      ),
    bin: binAt(resolve(baselineDir)),
  });
}
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
const stringifyMs: number[] = [];
/**
 * Per JSON format, the serializer's own cost of its bytes: `JSON.stringify(value, null, 2)` of the
 * very value the report prints (parsed back from it, untimed), no JSON report can cost less; and
 * of the same value compact, what the choice of pretty output costs.
 */
const serializerFloorMs = new Map<FormatName, { pretty: number[]; compact: number[] }>([
  ['json', { pretty: [], compact: [] }],
  ['sarif', { pretty: [], compact: [] }],
]);

const ways = ['written', 'string'] as const;
const formatMs = new Map(
  sides.map(({ name }) => [name, new Map(ways.map((way) => [way, new Map(formats.map((f) => [f, [] as number[]]))]))]),
);
let findings = 0;
for (let round = 0; round < rounds; round++) {
  (globalThis as { gc?: () => void }).gc?.();
  let started = process.cpuUsage();
  const result = lint(text, { filename: file, schemas: createSchemaService() });
  lintMs.push(cpuMs(started));
  findings = result.diagnostics.length;
  const report = { files: [{ file, valid: result.valid, complete: result.complete, diagnostics: result.diagnostics }] };
  // As the CLI passes them: our excerpts read the lines lint's decoder found; the baseline's the text.
  const lines = result.sourceMap.lineText ? (result.sourceMap as SourceLines) : text;
  const optionsOf = (side: Side): Options => ({
    sources: new Map([[file, side.name === 'current' ? lines : text]]),
    toolName: 'mcpdesc lint',
    toolVersion: '0',
  });
  // The floor of a JSON report: one JSON.stringify of the findings as they are, nothing else.
  (globalThis as { gc?: () => void }).gc?.();
  await settle();
  started = process.cpuUsage();
  JSON.stringify(result.diagnostics, null, 2);
  stringifyMs.push(cpuMs(started));
  for (let i = 0; i < formats.length; i++) {
    const format = formats[(round + i) % formats.length]!;
    for (const way of ways) {
      const printed = new Set<string>();
      for (let j = 0; j < sides.length; j++) {
        const side = sides[(round + j) % sides.length]!;
        // Lint's garbage is collected, and the collector's background sweeping let finish, before
        // the format is timed: CPU time counts those threads too, and charged lint's garbage to
        // the format that happened to come first.
        (globalThis as { gc?: () => void }).gc?.();
        await settle();
        started = process.cpuUsage();
        const output = side[way](format, report, optionsOf(side));
        formatMs.get(side.name)!.get(way)!.get(format)!.push(cpuMs(started));
        printed.add(typeof output === 'string' ? output : output.join(''));
      }
      const floor = serializerFloorMs.get(format);
      if (floor !== undefined && way === 'string') {
        const value: unknown = JSON.parse([...printed][0]!);
        (globalThis as { gc?: () => void }).gc?.();
        await settle();
        started = process.cpuUsage();
        JSON.stringify(value, null, 2);
        floor.pretty.push(cpuMs(started));
        (globalThis as { gc?: () => void }).gc?.();
        await settle();
        started = process.cpuUsage();
        JSON.stringify(value);
        floor.compact.push(cpuMs(started));
      }
      if (printed.size > 1) throw new Error(`${format} (${way}): the baseline prints other bytes`);
    }
  }
}
const lintMedian = median(lintMs);
console.log(`In process (CPU): lint ${lintMedian.toFixed(0)} ms (${findings} findings)`);
const floorMs = median(stringifyMs);
console.log(
  `  floor, JSON.stringify(findings, null, 2) alone: ${floorMs.toFixed(0)} ms = ${((100 * floorMs) / (lintMedian + floorMs)).toFixed(1)}% of lint + it`,
);
for (const [format, floor] of serializerFloorMs) {
  const share = (floor: number) => `${floor.toFixed(0)} ms = ${((100 * floor) / (lintMedian + floor)).toFixed(1)}%`;
  console.log(
    `  floor of the ${format} report, JSON.stringify of the value it prints: ${share(median(floor.pretty))} of lint + it (compact: ${share(median(floor.compact))})`,
  );
}
const wayNames = { written: 'as the CLI writes it (pieces, neutralised)', string: 'as one string (formatReport)' };
for (const way of ways) {
  console.log(`  ${wayNames[way]}:`);
  for (const format of formats) {
    for (const { name } of sides) {
      const ms = median(formatMs.get(name)!.get(way)!.get(format)!);
      const share = `${((100 * ms) / (lintMedian + ms)).toFixed(1)}% of lint + report (target ≤ 5%)`;
      console.log(`    ${format}${sides.length > 1 ? ` (${name})` : ''}: ${ms.toFixed(0)} ms = ${share}`);
    }
  }
}

const figures = alternate(
  sides.flatMap(({ name, bin }) =>
    [
      ['validate', 'stylish', ' (clean)'],
      ['lint', 'stylish', ''],
      ['lint', 'json', ''],
      ['lint', 'sarif', ''],
    ].map(([command, format, note]) => ({
      name: `${command} --format ${format}${note}${sides.length > 1 ? ` (${name})` : ''}`,
      args: [bin, command!, '--format', format!, file],
    })),
  ),
  rounds,
  true,
);
console.log(`\n| whole process | median wall ms | median CPU ms | peak RSS MB |\n|---|---:|---:|---:|`);
for (const f of figures) {
  console.log(`| ${f.name} | ${f.wall.toFixed(0)} | ${f.cpu?.toFixed(0) ?? '?'} | ${f.rss?.toFixed(0) ?? '?'} |`);
}
console.log(`(${loadLine()})`);
