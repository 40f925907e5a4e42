/**
 * The YAML path alone (issue 19 item 5): js-yaml `load` and its bare event parser beside our
 * decode and full validation of the same generated document, per size, with the cost per tool
 * (growth should be linear). Interleaved rounds in one process, CPU medians (user + system),
 * the garbage collector's share of wall time.
 *
 * `node --expose-gc dist/bench/yaml.js [--rounds N] [--baseline CHECKOUT] [TOOLS ...]`
 * (default 1000 10000 50000). With `--baseline`, a second built checkout runs the same cases
 * in the same rounds.
 */
import { load as jsYamlLoad, parseEvents } from 'js-yaml';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { generateDescription } from './generate.js';
import { benchArguments, loadCore, measure, median } from './in-process.js';

interface Library {
  parseDescription(text: string, options: object): { diagnostics: unknown[] };
  validate(input: unknown, options?: object): { valid: boolean };
}

const options = { format: 'yaml', limits: { maxBytes: 2 ** 30 } };

async function main(): Promise<void> {
  const { rounds, baselineDir, sizes } = benchArguments(
    process.argv.slice(2),
    5,
    'node --expose-gc dist/bench/yaml.js [--rounds N] [--baseline CHECKOUT] [TOOLS ...]',
  );
  const sides: [string, Library][] = [['current', await loadCore<Library>(resolve(import.meta.dirname, '../..'))]];
  if (baselineDir !== undefined) sides.push(['baseline', await loadCore<Library>(resolve(baselineDir))]);
  console.log(
    `node ${process.version}, ${availableParallelism()} CPUs, ${new Date().toISOString().slice(0, 16)}Z, ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, ${rounds} interleaved rounds`,
  );
  const perTool = new Map<string, [number, number][]>();
  for (const tools of sizes) {
    const text = serializeDescription(generateDescription(tools), { format: 'yaml' });
    const cases: [string, () => unknown][] = [
      ['js-yaml load', () => jsYamlLoad(text) as object],
      ['js-yaml parseEvents', () => parseEvents(text, {}).length],
    ];
    for (const [side, library] of sides) {
      cases.push([`decode [${side}]`, () => library.parseDescription(text, options).diagnostics.length === 0]);
      cases.push([`validate [${side}]`, () => library.validate(text, options).valid]);
    }
    const samples = new Map<string, { cpu: number; wall: number; gc: number }[]>(cases.map(([n]) => [n, []]));
    for (let round = 0; round < rounds; round++)
      for (let k = 0; k < cases.length; k++) {
        const [name, run] = cases[(k + round) % cases.length]!;
        samples.get(name)!.push(await measure(run));
      }
    const cpu = (name: string): number => median(samples.get(name)!.map((s) => s.cpu));
    console.log(`\n### ${tools} tools, YAML (${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB)\n`);
    console.log('| case | CPU ms | / js-yaml load | µs per tool | GC share of wall |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [name] of cases) {
      const list = samples.get(name)!;
      const gcShare = median(list.map((s) => s.gc / s.wall));
      console.log(
        `| ${name} | ${cpu(name).toFixed(0)} | ${(cpu(name) / cpu('js-yaml load')).toFixed(2)}x | ` +
          `${((1000 * cpu(name)) / tools).toFixed(1)} | ${(gcShare * 100).toFixed(0)}% |`,
      );
      perTool.set(name, [...(perTool.get(name) ?? []), [tools, cpu(name)]]);
    }
  }
  if (sizes.length > 1) {
    console.log('\n| case | µs per added tool, between consecutive sizes |\n|---|---|');
    for (const [name, points] of perTool) {
      const steps = points
        .slice(1)
        .map(([n, ms], i) => ((1000 * (ms - points[i]![1])) / (n - points[i]![0])).toFixed(1));
      console.log(`| ${name} | ${steps.join(' → ')} |`);
    }
  }
}

await main();
