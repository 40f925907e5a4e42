import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSchemaService, documentStepBudget } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import type { SchemaService } from 'mcpdesc-core/internal/validate/schema-service.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';

/**
 * One evaluation budget bounds the whole document (issue 15, finding 2): a `$defs` chain whose
 * `oneOf` doubles the work per level costs each evaluation its whole per-evaluation budget, and
 * many examples must not multiply it.
 */
function doublingDocument(levels: number, examples: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = { [`d${levels}`]: { type: 'string' } };
  for (let level = 0; level < levels; level++)
    $defs[`d${level}`] = { oneOf: [{ $ref: `#/$defs/d${level + 1}` }, { $ref: `#/$defs/d${level + 1}` }] };
  const toolExamples: Record<string, unknown> = {};
  for (let index = 0; index < examples; index++)
    toolExamples[`e${index}`] = { input: { x: `value ${index}` }, result: { resultType: 'complete', content: [] } };
  return {
    mcpdesc: '0.8.0',
    info: { name: 'budget', version: '1.0.0' },
    protocolVersions: ['2026-07-28'],
    transports: [{ type: 'stdio', command: 'budget' }],
    tools: [
      {
        name: 'deep',
        inputSchema: { type: 'object', properties: { x: { $ref: '#/$defs/d0' } }, $defs },
        examples: toolExamples,
      },
    ],
  };
}

/** The engine's schema service, counting the steps every evaluation is allowed. */
function countingService(): { service: SchemaService; evaluations: () => number; spent: () => number } {
  const inner = createSchemaService();
  let evaluations = 0;
  let spent = 0;
  const service: SchemaService = {
    ...inner,
    evaluate(schema, instance, dialect, budget) {
      evaluations++;
      const before = budget?.remaining ?? 0;
      const result = inner.evaluate(schema, instance, dialect, budget);
      spent += before - (budget?.remaining ?? 0);
      return result;
    },
  };
  return { service, evaluations: () => evaluations, spent: () => spent };
}

test('200 examples of an exponential schema spend one document budget, reported once where it ran out', () => {
  const counting = countingService();
  const started = performance.now();
  const result = validate(doublingDocument(40, 200), { schemas: counting.service });
  const elapsed = performance.now() - started;
  assert.equal(counting.evaluations(), 200, 'every example is offered for evaluation');
  assert.ok(counting.spent() <= documentStepBudget + 200, `spent ${counting.spent()} steps`);
  // The step count is the bound; the time only guards against a return of the 40 s (under load it varies).
  assert.ok(elapsed < 10_000, `validated in ${Math.round(elapsed)} ms`);
  assert.equal(result.complete, false);
  const ranOut = result.diagnostics.filter((d) => d.message.includes('ran out here'));
  assert.equal(ranOut.length, 1, ranOut.map((d) => d.message).join('\n'));
  assert.equal(ranOut[0]!.code, 'incomplete-evaluation');
  assert.match(ranOut[0]!.pointer, /^\/tools\/0\/examples\/e\d+\/input$/);
  // Before it ran out, each evaluation hit its own bound; after it, none is reported.
  const incomplete = result.diagnostics.filter((d) => d.code === 'incomplete-evaluation');
  assert.ok(incomplete.length <= 2, `${incomplete.length} incomplete-evaluation warnings`);
});

test('a normal document spends a small part of the budget and stays complete', () => {
  const counting = countingService();
  const result = validate(doublingDocument(3, 20), { schemas: counting.service });
  assert.equal(result.complete, true);
  assert.ok(counting.spent() < documentStepBudget / 1000, `spent ${counting.spent()} steps`);
});
