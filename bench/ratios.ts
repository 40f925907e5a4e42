/**
 * `npm run bench` (first part): every in-process ratio of issue 19's table, per size and format,
 * measured in one process with interleaved rounds (each round runs every case once, in a
 * rotating order, so all cases see the same machine load): full validation against the bare
 * decoder (`JSON.parse`, js-yaml `load`), decoding alone, lint against validate, merge against
 * validating both inputs. Figures are CPU medians (user + system: robust on a shared machine)
 * with the garbage collector's share of wall time.
 *
 * `node --expose-gc dist/bench/ratios.js [--rounds N] [--baseline CHECKOUT] [TOOLS ...]`
 * (default 1000 10000 50000). With `--baseline`, a second built checkout (its
 * `packages/core/dist/index.js`) runs the same cases in the same rounds: before and after side by side.
 */
import { load as jsYamlLoad } from 'js-yaml';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { generateDescription } from './generate.js';
import { benchArguments, loadCore, measure, median, type Sample } from './in-process.js';

type Format = 'json' | 'yaml';
interface Options {
  format?: Format;
  limits?: { maxBytes: number };
}

/** The generated documents are trusted: 50,000 tools are more than the default 64 MiB of JSON. */
const limits = { maxBytes: 2 ** 30 };

/** The public API a build offers (what older builds offer too). */
interface Library {
  parseDescription(text: string, options: Options): { diagnostics: unknown[] };
  validate(input: unknown, options?: Options): { valid: boolean };
  lint(text: string, options: Options): { diagnostics: unknown[] };
  /**
   * Builds before 2026-12-02 copied their result unless given `shareInputs`; later ones share
   * unless given `copy`. Each build ignores the other's option, so passing both names one way of
   * returning the result in either build.
   */
  merge(inputs: unknown[], options?: { shareInputs?: boolean; copy?: boolean }): { ok: boolean };
}

interface Case {
  name: string;
  run: () => unknown;
}

function expect<T>(value: T, ok: (value: T) => boolean, what: string): T {
  if (!ok(value)) throw new Error(`${what} failed on the generated document`);
  return value;
}

/** The cases of one size and format for one build (`side` prefixes their names when comparing builds). */
function casesFor(library: Library, side: string, tools: number, format: Format, text: string): Case[] {
  const label = (name: string): string => (side ? `${name} [${side}]` : name);
  const cases: Case[] = [
    {
      name: label('decode'),
      run: () => expect(library.parseDescription(text, { format, limits }), (r) => !r.diagnostics.length, 'decode'),
    },
    {
      name: label('validate'),
      run: () => expect(library.validate(text, { format, limits }), (r) => r.valid, 'validate'),
    },
    { name: label('lint'), run: () => library.lint(text, { format, limits }) },
  ];
  if (format === 'json') {
    // Lint's yardstick is a document it finds (almost) nothing in: reporting is measured apart.
    const clean = serializeDescription(generateDescription(tools, { lintClean: true }), { format });
    cases.push(
      {
        name: label('validate, few findings'),
        run: () => expect(library.validate(clean, { format, limits }), (r) => r.valid, 'validate'),
      },
      { name: label('lint, few findings'), run: () => library.lint(clean, { format, limits }) },
    );
    // Merge works on decoded values: measured once per size, beside validating the same two inputs.
    // Two views of different revisions, so the output is a new document that is validated (two
    // equal inputs would give an output identical to an input, which merge does not validate again).
    const a = generateDescription(tools);
    const b = { ...(generateDescription(tools) as object), protocolVersions: ['2025-06-18'] };
    cases.push(
      {
        name: label('validate both inputs'),
        run: () => expect(library.validate(a), (r) => r.valid, 'validate') && library.validate(b),
      },
      {
        name: label('merge'),
        run: () => expect(library.merge([a, b], { shareInputs: true }), (r) => r.ok, 'merge'),
      },
      {
        name: label('merge, copying its result'),
        run: () => expect(library.merge([a, b], { copy: true }), (r) => r.ok, 'merge'),
      },
    );
  }
  return cases;
}

/** The ratios of the table, as [name, numerator, denominator]. */
function ratiosFor(format: Format, side: string): [string, string, string][] {
  const s = (name: string): string => (side ? `${name} [${side}]` : name);
  const baseline = format === 'json' ? 'JSON.parse' : 'js-yaml load';
  const rows: [string, string, string][] = [
    [`validate / ${baseline}`, s('validate'), baseline],
    [`decode / ${baseline}`, s('decode'), baseline],
    ['lint / validate', s('lint'), s('validate')],
  ];
  if (format === 'json')
    rows.push(
      ['lint / validate, few findings', s('lint, few findings'), s('validate, few findings')],
      ['merge / validate both inputs', s('merge'), s('validate both inputs')],
      ['merge with copy: true / validate both inputs', s('merge, copying its result'), s('validate both inputs')],
    );
  return rows;
}

async function main(): Promise<void> {
  const { rounds, baselineDir, sizes } = benchArguments(
    process.argv.slice(2),
    3,
    'node --expose-gc dist/bench/ratios.js [--rounds N] [--baseline CHECKOUT] [TOOLS ...]',
  );
  const sides: [string, Library][] = [['', await loadCore<Library>(resolve(import.meta.dirname, '../..'))]];
  if (baselineDir !== undefined) {
    sides[0]![0] = 'current';
    sides.push(['baseline', await loadCore<Library>(resolve(baselineDir))]);
  }
  console.log(
    `node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${new Date().toISOString().slice(0, 16)}Z, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${rounds} interleaved rounds`,
  );
  for (const [, library] of sides)
    library.validate(serializeDescription(generateDescription(10), { format: 'json' }), { format: 'json' });

  for (const tools of sizes) {
    const document = generateDescription(tools);
    for (const format of ['json', 'yaml'] as const) {
      const text = serializeDescription(document, { format });
      const cases: Case[] = [
        format === 'json'
          ? { name: 'JSON.parse', run: () => JSON.parse(text) as unknown }
          : { name: 'js-yaml load', run: () => jsYamlLoad(text) },
      ];
      for (const [side, library] of sides) cases.push(...casesFor(library, side, tools, format, text));
      const samples = new Map<string, Sample[]>(cases.map((c) => [c.name, []]));
      for (let round = 0; round < rounds; round++) {
        for (let k = 0; k < cases.length; k++) {
          const c = cases[(k + round) % cases.length]!;
          samples.get(c.name)!.push(await measure(c.run));
        }
      }
      const cpu = (name: string): number => median(samples.get(name)!.map((s) => s.cpu));
      console.log(`\n### ${tools} tools, ${format.toUpperCase()} (${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB)\n`);
      console.log('| case | CPU ms | wall ms | GC share of wall |');
      console.log('|---|---:|---:|---:|');
      for (const c of cases) {
        const list = samples.get(c.name)!;
        const wall = median(list.map((s) => s.wall));
        const gcShare = median(list.map((s) => s.gc / s.wall));
        console.log(`| ${c.name} | ${cpu(c.name).toFixed(0)} | ${wall.toFixed(0)} | ${(gcShare * 100).toFixed(0)}% |`);
      }
      console.log('\n| ratio (CPU) | ' + sides.map(([side]) => side || 'value').join(' | ') + ' |');
      console.log('|---|' + sides.map(() => '---:|').join(''));
      for (const [name] of ratiosFor(format, '')) {
        const cells = sides.map(([side]) => {
          const [, numerator, denominator] = ratiosFor(format, side).find(([n]) => n === name)!;
          return `${(cpu(numerator) / cpu(denominator)).toFixed(2)}x`;
        });
        console.log(`| ${name} | ${cells.join(' | ')} |`);
      }
    }
  }
  console.log(`\npeak RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB (everything above in one process)`);
}

await main();
