/**
 * `npm run bench:declarative`: lint of the generated 10,000-tool document (JSON text, decoding
 * included) with 20 declarative rules in the configuration beside lint without them, the
 * yardstick of issue 36 (≤ 1.2x). The rules use every built-in function, over tool fields, tool
 * schemas and their properties, annotations and examples, as a team's ruleset would; they are
 * compiled into visitors of the one walk. Two documents: the lint-clean one, which the rules
 * pass (what the rules cost to evaluate), and the plain generated one, on which they report
 * 30,000 findings (three undescribed properties per tool; each finding
 * costs what a built-in rule's does: message, range, sorting). Interleaved rounds, CPU medians (user + system: robust
 * on a shared machine), `--expose-gc` collects between runs.
 *
 * `node --expose-gc dist/bench/declarative-rules.js [--rounds N] [TOOLS ...]` (default 10000).
 */
import { checkConfig, lint, type LintConfig } from 'mcpdesc-core';
import { generateDescription } from './generate.js';
import { benchArguments, measure, median, type Sample } from './in-process.js';

const rule = (given: string, fn: string, functionOptions?: Record<string, unknown>) => ({
  given,
  then: { function: fn, ...(functionOptions ? { functionOptions } : {}) },
  severity: 'warn',
});

/** Twenty rules, every function at least once. */
export const twentyRules = {
  'team/name-prefix': rule('tools[*].name', 'pattern', { match: '^tool_' }),
  'team/name-no-delete': rule('tools[*].name', 'pattern', { notMatch: 'delete' }),
  'team/name-snake': rule('tools[*].name', 'casing', { type: 'snake' }),
  'team/name-length': rule('tools[*].name', 'length', { max: 64 }),
  'team/title-defined': rule('tools[*].title', 'defined'),
  'team/title-length': rule('tools[*].title', 'length', { min: 3, max: 80 }),
  'team/description-truthy': rule('tools[*].description', 'truthy'),
  'team/description-length': rule('tools[*].description', 'length', { min: 20, max: 800 }),
  'team/description-period': rule('tools[*].description', 'pattern', { match: '\\.$' }),
  'team/no-deprecated': rule('tools[*].deprecated', 'falsy'),
  'team/no-icons': rule('tools[*].icons', 'undefined'),
  'team/input-object': rule('tools[*].inputSchema.type', 'enumeration', { values: ['object'] }),
  'team/input-closed': rule('tools[*].inputSchema.additionalProperties', 'falsy'),
  'team/property-description': rule('tools[*].inputSchema.properties[*].description', 'defined'),
  'team/property-typed': rule('tools[*].inputSchema.properties[*]', 'schema', { schema: { required: ['type'] } }),
  'team/property-name': rule('tools[*].inputSchema.properties[*]', 'length', { max: 20 }),
  'team/output-defined': rule('tools[*].outputSchema', 'defined'),
  'team/read-only-hint': rule('tools[*].annotations.readOnlyHint', 'defined'),
  'team/one-display-name': rule('tools[*]', 'xor', { properties: ['title', 'x-display-name'] }),
  'team/examples': rule('tools[*].examples', 'length', { min: 1 }),
};

function configOf(value: unknown): LintConfig {
  const checked = checkConfig(value);
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  return checked.config;
}

const usage = 'node --expose-gc dist/bench/declarative-rules.js [--rounds N] [TOOLS ...]';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const { rounds, sizes } = benchArguments(
    args.some((a) => /^\d+$/.test(a) && args[args.indexOf(a) - 1] !== '--rounds') ? args : [...args, '10000'],
    7,
    usage,
  );
  const plain = configOf({});
  const declarative = configOf({ rules: twentyRules });
  if ((declarative.declarativeRules ?? []).length !== 20) throw new Error('expected 20 declarative rules');
  console.log(
    '| tools | document | lint, CPU ms | lint + 20 declarative rules, CPU ms | ratio | declarative findings |',
  );
  console.log('|---:|---|---:|---:|---:|---:|');
  for (const tools of sizes)
    for (const lintClean of [true, false]) {
      const text = JSON.stringify(generateDescription(tools, { lintClean }));
      const limits = { maxBytes: 2 ** 30 };
      const findings = lint(text, { config: declarative, limits }).diagnostics.filter((d) =>
        d.rule.startsWith('team/'),
      );
      const byRule = new Map<string, number>();
      for (const d of findings) byRule.set(d.rule, (byRule.get(d.rule) ?? 0) + 1);
      if (process.env.BENCH_VERBOSE)
        console.error(`findings by rule: ${[...byRule].map(([id, n]) => `${id} ${n}`).join(', ') || 'none'}`);
      const samples: Record<'plain' | 'declarative', Sample[]> = { plain: [], declarative: [] };
      for (let round = 0; round < rounds; round++) {
        // Alternate which runs first, so both see the same machine load.
        const order = round % 2 === 0 ? (['plain', 'declarative'] as const) : (['declarative', 'plain'] as const);
        for (const which of order) {
          const config = which === 'plain' ? plain : declarative;
          samples[which].push(await measure(() => lint(text, { config, limits })));
        }
      }
      const plainMs = median(samples.plain.map((s) => s.cpu));
      const declarativeMs = median(samples.declarative.map((s) => s.cpu));
      console.log(
        `| ${tools} | ${lintClean ? 'lint-clean' : 'generated'} | ${plainMs.toFixed(0)} | ${declarativeMs.toFixed(0)} | ${(declarativeMs / plainMs).toFixed(2)}x | ${findings.length} |`,
      );
    }
}

await main();
