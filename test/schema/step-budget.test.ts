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
