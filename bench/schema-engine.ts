/**
 * Micro-benchmark for src/schema: meta-validation and one-shot evaluation of
 * many distinct small schemas (the 10,000-tool document case), and many
 * examples evaluated against one schema (the hot path of example checking).
 * Run: npm run build && node dist/bench/schema-engine.js [count]
 */
import { checkSchemaValidity, createEvaluator, evaluate } from 'mcpdesc-core/internal/schema/index.js';

const N = Number(process.argv[2] ?? 20000);

function makeSchema(i: number): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      [`id${i}`]: { type: 'string', minLength: 1, maxLength: 64, description: `identifier ${i}` },
      count: { type: 'integer', minimum: 0, maximum: 1000 + i },
      ratio: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
      tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', `t${i}`] }, uniqueItems: true },
      mode: { type: 'string', pattern: '^[a-z]+$' },
    },
    required: [`id${i}`, 'count'],
    additionalProperties: false,
  };
}

function makeInstance(i: number): Record<string, unknown> {
  return { [`id${i}`]: `value-${i}`, count: i % 1000, ratio: 1.5, tags: ['a', `t${i}`], mode: 'fast' };
}

const schemas = Array.from({ length: N }, (_, i) => JSON.parse(JSON.stringify(makeSchema(i))) as object);
const instances = Array.from({ length: N }, (_, i) => makeInstance(i));

// warm-up (compiles the meta-schema validators once)
checkSchemaValidity(makeSchema(-1), '2020-12');
checkSchemaValidity(makeSchema(-1), 'draft-07');
evaluate(makeSchema(-1), makeInstance(-1), '2020-12');

function time(label: string, f: () => number): void {
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  const bad = f();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1000;
  console.log(
    `${label}: ${N} schemas in ${ms.toFixed(1)} ms wall / ${cpu.toFixed(1)} ms cpu = ${Math.round((N / ms) * 1000)} schemas/s wall (failures: ${bad})`,
  );
}

time('meta-validate 2020-12', () =>
  schemas.reduce<number>((n, s) => n + (checkSchemaValidity(s, '2020-12').length > 0 ? 1 : 0), 0),
);
time('meta-validate draft-07', () =>
  schemas.reduce<number>((n, s) => n + (checkSchemaValidity(s, 'draft-07').length > 0 ? 1 : 0), 0),
);
time('evaluate 2020-12 (one-shot)', () =>
  schemas.reduce<number>((n, s, i) => n + (evaluate(s, instances[i], '2020-12').valid ? 0 : 1), 0),
);
time('evaluate draft-07 (one-shot)', () =>
  schemas.reduce<number>((n, s, i) => n + (evaluate(s, instances[i], 'draft-07').valid ? 0 : 1), 0),
);

// The hot path: many examples against the same schema, through one evaluator.
const sharedEvaluator2020 = createEvaluator(schemas[0], '2020-12');
const sharedEvaluator07 = createEvaluator(schemas[0], 'draft-07');
const sameSchemaInstances = Array.from({ length: N }, (_, i) => ({ ...makeInstance(0), count: i % 1000 }));
time('evaluate 2020-12 (same schema)', () =>
  sameSchemaInstances.reduce<number>((n, instance) => n + (sharedEvaluator2020.validate(instance).valid ? 0 : 1), 0),
);
time('evaluate draft-07 (same schema)', () =>
  sameSchemaInstances.reduce<number>((n, instance) => n + (sharedEvaluator07.validate(instance).valid ? 0 : 1), 0),
);
