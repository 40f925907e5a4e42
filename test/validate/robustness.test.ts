import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { createSchemaService } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { seededRandom } from 'mcpdesc-core/internal/model/seeded-random.js';

/**
 * Untrusted documents never crash the validator: every valid corpus document is mutated many
 * times (values replaced by values of other types, members deleted, arrays emptied, objects
 * swapped between places), deterministically, and each mutant must validate without throwing and
 * with well-formed diagnostics.
 */
const corpus = resolve(process.cwd(), '..', 'shared', 'conformance', 'mcpdesc-0.8.0');

function* corpusDocuments(): Generator<[string, unknown]> {
  for (const dir of ['fixtures/expected-valid', 'fixtures/expected-warning', 'fixtures/expected-invalid', 'examples']) {
    for (const file of readdirSync(join(corpus, dir)).sort()) {
      const parsed = parseDescription(readFileSync(join(corpus, dir, file)), { filename: file });
      if (parsed.document !== undefined) yield [`${dir}/${file}`, parsed.document];
    }
  }
}

type Container = Record<string, unknown> | unknown[];

function containers(root: unknown): Container[] {
  const out: Container[] = [];
  const stack = [root];
  while (stack.length) {
    const v = stack.pop();
    if (v && typeof v === 'object') {
      out.push(v as Container);
      for (const child of Object.values(v)) stack.push(child);
    }
  }
  return out;
}

const replacements: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  '',
  'x',
  '#/components/schemas/none',
  [],
  [null],
  {},
  { $componentRef: '#/components/schemas/a' },
  { type: 'object' },
  'not a uri {',
  '2026-07-28',
  ['2026-07-28'],
  { $ref: '#' },
  { pattern: '(a+)+$' },
];

function mutate(document: unknown, rnd: () => number): unknown {
  const copy = structuredClone(document);
  const all = containers(copy);
  const steps = 1 + Math.floor(rnd() * 3);
  for (let i = 0; i < steps; i++) {
    const target = all[Math.floor(rnd() * all.length)]!;
    const keys = Object.keys(target);
    const pick = rnd();
    if (keys.length && pick < 0.45) {
      const key = keys[Math.floor(rnd() * keys.length)]!;
      (target as Record<string, unknown>)[key] = structuredClone(replacements[Math.floor(rnd() * replacements.length)]);
    } else if (keys.length && pick < 0.7) {
      const key = keys[Math.floor(rnd() * keys.length)]!;
      if (Array.isArray(target)) target.splice(Number(key), 1);
      else delete (target as Record<string, unknown>)[key];
    } else if (pick < 0.85) {
      const other = all[Math.floor(rnd() * all.length)]!;
      if (!Array.isArray(target))
        (target as Record<string, unknown>)['protocolVersions'] = structuredClone(
          Array.isArray(other) ? other : ['2024-11-05', '2026-07-28'],
        );
    } else if (!Array.isArray(target)) {
      (target as Record<string, unknown>)['x-' + Math.floor(rnd() * 10)] = structuredClone(
        all[Math.floor(rnd() * all.length)],
      );
    }
  }
  return copy;
}

test('mutated corpus documents never crash the validator', () => {
  const rnd = seededRandom(20261129);
  const schemas = createSchemaService();
  let mutants = 0;
  for (const [name, document] of corpusDocuments()) {
    for (let i = 0; i < 25; i++) {
      const mutant = mutate(document, rnd);
      let result;
      try {
        result = validate(mutant, { schemas });
      } catch (error) {
        assert.fail(
          `${name} mutant ${i} crashed the validator: ${(error as Error).stack}\n${JSON.stringify(mutant).slice(0, 2000)}`,
        );
      }
      for (const d of result.diagnostics) {
        assert.ok(
          d.rule && d.code && d.message && typeof d.pointer === 'string' && d.severity,
          `malformed diagnostic from ${name}: ${JSON.stringify(d)}`,
        );
      }
      mutants++;
    }
  }
  assert.ok(mutants > 2000, `only ${mutants} mutants`);
});

test('a catastrophic pattern in a tool schema is evaluated in linear time (end to end)', () => {
  const document = {
    mcpdesc: '0.8.0',
    info: { name: 'redos', version: '1.0.0' },
    protocolVersions: ['2025-11-25'],
    tools: [
      {
        name: 'match',
        inputSchema: {
          type: 'object',
          properties: { text: { type: 'string', pattern: '(a+)+$' } },
          required: ['text'],
        },
        examples: {
          evil: { input: { text: 'a'.repeat(40) + '!' }, result: { content: [{ type: 'text', text: 'ok' }] } },
        },
      },
    ],
  };
  const started = performance.now();
  const result = validate(document);
  const elapsed = performance.now() - started;
  assert.ok(elapsed < 1000, `took ${elapsed.toFixed(0)} ms`);
  // "(a+)+$" searches anywhere: "aaa…a!" contains no match ending at the end, so the example is invalid.
  assert.ok(
    result.diagnostics.some(
      (d) => d.rule === 'mcpdesc.tool.example.schema-conformance' && d.pointer === '/tools/0/examples/evil/input/text',
    ),
    JSON.stringify(result.diagnostics),
  );
});

test('deeply nested and oversized input gives a diagnostic, not a stack overflow', () => {
  const deep = '{"a":'.repeat(200_000) + '1' + '}'.repeat(200_000);
  const result = validate(deep, { filename: 'deep.json' });
  assert.equal(result.valid, false);
  assert.ok(result.diagnostics.some((d) => d.rule === 'source.limit' && d.code === 'max-depth'));
  const yamlDeep = '- '.repeat(5000) + 'x\n';
  assert.ok(validate(yamlDeep, { filename: 'deep.yaml' }).diagnostics.some((d) => d.rule === 'source.limit'));
});
