import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evaluate, type StepBudget } from 'mcpdesc-core/internal/schema/index.js';

/** A budget shared by several evaluations bounds them together (issue 15, finding 2). */
const doubling = (levels: number): Record<string, unknown> => {
  const $defs: Record<string, unknown> = { [`d${levels}`]: { type: 'string' } };
  for (let level = 0; level < levels; level++)
    $defs[`d${level}`] = { anyOf: [{ $ref: `#/$defs/d${level + 1}`, not: {} }, { $ref: `#/$defs/d${level + 1}` }] };
  return { $ref: '#/$defs/d0', $defs };
};

test('evaluations sharing a budget spend it together, then are skipped', () => {
  const budget: StepBudget = { name: 'the test budget', total: 1500, remaining: 1500 };
  const first = evaluate(doubling(30), 'x', '2020-12', { maxSteps: 1000, budget });
  assert.match(first.incomplete?.[0] ?? '', /maxSteps 1000/);
  assert.equal(first.skipped, undefined);
  const second = evaluate(doubling(30), 'x', '2020-12', { maxSteps: 1000, budget });
  assert.match(second.incomplete?.[0] ?? '', /^the test budget of 1500 steps ran out here/);
  assert.equal(budget.remaining, 0);
  const third = evaluate({ type: 'string' }, 'x', '2020-12', { budget });
  assert.equal(third.skipped, true);
  assert.equal(third.valid, false);
});

test('a cheap evaluation takes only its steps off the budget', () => {
  const budget: StepBudget = { name: 'the test budget', total: 1000, remaining: 1000 };
  const result = evaluate({ type: 'string', minLength: 1 }, 'x', '2020-12', { budget });
  assert.equal(result.valid, true);
  assert.equal(result.incomplete, undefined);
  assert.ok(budget.remaining > 990 && budget.remaining < 1000, String(budget.remaining));
});

test('an evaluation failing in every branch builds only the errors it reports, and the same first ones', () => {
  // 2^12 leaves fail, each oneOf above them fails too, then `items: false` pops and replaces an error.
  const $defs: Record<string, unknown> = { d0: { type: 'string' } };
  for (let level = 1; level <= 12; level++)
    $defs[`d${level}`] = { oneOf: [{ $ref: `#/$defs/d${level - 1}` }, { $ref: `#/$defs/d${level - 1}` }] };
  const schema = { $defs, allOf: [{ $ref: '#/$defs/d12' }, { items: false }] };
  const all = evaluate(schema, [1, 2], '2020-12', { maxErrors: 1_000_000 });
  assert.equal(all.valid, false);
  assert.equal(all.errors.length, 2 ** 13 - 1 + 1, 'every leaf and every oneOf, then items');
  assert.equal(all.errors.at(-1)?.keyword, 'items');
  for (const maxErrors of [1, 7, 100, 2 ** 13]) {
    const some = evaluate(schema, [1, 2], '2020-12', { maxErrors });
    assert.equal(some.valid, false);
    assert.deepEqual(some.errors, all.errors.slice(0, maxErrors), `maxErrors ${maxErrors}`);
  }
});

test('an invalid instance takes its steps off the budget once, as a valid one on the same path does', () => {
  // A failing instance is evaluated twice (a quick pass, then one that spells out its errors' places);
  // the budget pays for one: the same as a valid instance taking the same steps.
  const schema = { type: 'object', properties: { a: { type: 'string' }, b: { minimum: 1 } }, required: ['a'] };
  const spent = (instance: unknown): number => {
    const budget: StepBudget = { name: 'the test budget', total: 1000, remaining: 1000 };
    evaluate(schema, instance, '2020-12', { budget });
    return 1000 - budget.remaining;
  };
  const invalid = evaluate(schema, { a: 1, b: 0 }, '2020-12');
  assert.deepEqual(
    invalid.errors.map((error) => [error.instancePointer, error.schemaPointer]),
    [
      ['/a', '/properties/a/type'],
      ['/b', '/properties/b/minimum'],
    ],
  );
  assert.ok(spent({ a: 'x', b: 2 }) > 0);
  assert.equal(spent({ a: 1, b: 0 }), spent({ a: 'x', b: 2 }));
});
