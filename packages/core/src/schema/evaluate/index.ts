/**
 * An interpreting JSON Schema validator (2020-12 and draft-07) for schemas
 * embedded in untrusted MCP Description documents, one file per vocabulary
 * as ajv splits them: core (references), applicator, validation,
 * unevaluated, format; state.ts holds the budget and annotations.
 *
 * No code generation: one-shot evaluation of a schema costs about as much as
 * walking it once. Work is bounded: a step budget, a nesting-depth guard,
 * linear-time patterns (re2js), no network access. Anything that cannot be
 * evaluated (external `$ref`, a custom meta-schema named by `$schema`, a
 * pattern RE2 cannot run, exhausted budget) is reported in `incomplete`
 * rather than silently passed.
 */
import { dialectFromUri, type Dialect } from '../dialect.js';
import type { EvaluateOptions, EvaluationResult, Evaluator, StepBudget } from './result.js';
import { BudgetExceeded, EvaluationState, isSchemaObject } from './state.js';
import { evaluateSchema } from './schema.js';

export type { EvaluateOptions, EvaluationError, EvaluationResult, Evaluator, StepBudget } from './result.js';
export { isMultipleOf } from './validation.js';

function isJsonScalar(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    default:
      return false;
  }
}

function finish(state: EvaluationState, ok: boolean, maxErrors: number): EvaluationResult {
  const errors = state.errors.length > maxErrors ? state.errors.slice(0, maxErrors) : state.errors;
  const result: EvaluationResult = { valid: ok && state.errors.length === 0, errors };
  if (state.incomplete !== null && state.incomplete.size > 0) result.incomplete = [...state.incomplete];
  return result;
}

function run(
  schema: unknown,
  instance: unknown,
  dialect: Dialect,
  options: EvaluateOptions | undefined,
): EvaluationResult {
  const budget = options?.budget;
  if (budget !== undefined && budget.remaining <= 0) {
    return {
      valid: false,
      errors: [],
      incomplete: [`not evaluated: ${budget.name} of ${budget.total} steps is spent`],
      skipped: true,
    };
  }
  const maxSteps = options?.maxSteps ?? 1_000_000;
  const maxErrors = options?.maxErrors ?? 100;
  const before = budget?.remaining;
  const stateFor = (spellsPlaces: boolean): EvaluationState =>
    new EvaluationState(
      schema,
      dialect,
      budget === undefined ? maxSteps : Math.min(maxSteps, budget.remaining),
      options?.maxDepth ?? 256,
      options?.formats === true,
      spellsPlaces ? maxErrors : 0,
      spellsPlaces,
    );
  // Most instances are valid: a first pass spells out no place (no pointer strings, no error
  // objects) and is the answer when it finds the instance valid and the evaluation complete.
  // Otherwise a second pass, from the same budget, spells everything out; evaluation is
  // deterministic, so it takes the same steps and ends the same, now with its places.
  const quiet = stateFor(false);
  const answer = evaluateCharged(quiet, schema, instance, maxErrors, budget);
  if (answer.valid && answer.incomplete === undefined) return answer;
  if (budget !== undefined && before !== undefined) budget.remaining = before;
  const spelt = stateFor(true);
  spelt.index = quiet.index;
  return evaluateCharged(spelt, schema, instance, maxErrors, budget);
}

/** One pass of evaluation, its steps taken off the shared budget. */
function evaluateCharged(
  state: EvaluationState,
  schema: unknown,
  instance: unknown,
  maxErrors: number,
  budget: StepBudget | undefined,
): EvaluationResult {
  try {
    return evaluateWithin(state, schema, instance, maxErrors, budget);
  } finally {
    if (budget !== undefined) budget.remaining = Math.max(0, budget.remaining - state.steps);
  }
}

function evaluateWithin(
  state: EvaluationState,
  schema: unknown,
  instance: unknown,
  maxErrors: number,
  budget: StepBudget | undefined,
): EvaluationResult {
  try {
    if (typeof instance !== 'object' && !isJsonScalar(instance)) state.noteIncomplete('instance is not a JSON value');
    // A custom meta-schema decides which vocabularies apply ($vocabulary); unknown and never
    // fetched, the verdict under the selected dialect's vocabularies may be wrong, so it is not complete.
    const declared = isSchemaObject(schema) ? schema['$schema'] : undefined;
    if (typeof declared === 'string' && dialectFromUri(declared) === undefined)
      state.noteIncomplete(
        `meta-schema $schema ${JSON.stringify(declared.length > 200 ? declared.slice(0, 199) + '…' : declared)} is not a known dialect and is never fetched; its vocabularies were not applied`,
      );
    const ok = evaluateSchema(state, schema, instance, '', '', null);
    return finish(state, ok, maxErrors);
  } catch (error) {
    if (error instanceof BudgetExceeded) {
      if (budget !== undefined && state.steps > state.maxSteps && state.maxSteps >= budget.remaining)
        return {
          valid: false,
          errors: [],
          incomplete: [
            `${budget.name} of ${budget.total} steps ran out here; later evaluations are skipped and validation is incomplete`,
            ...(state.incomplete ?? []),
          ],
        };
      return {
        valid: false,
        errors: [],
        incomplete: [
          `evaluation budget exceeded (maxSteps ${state.maxSteps}, maxDepth ${state.maxDepth}); validation is incomplete`,
          ...(state.incomplete ?? []),
        ],
      };
    }
    if (error instanceof RangeError) {
      return {
        valid: false,
        errors: [],
        incomplete: ['evaluation budget exceeded (stack exhausted); validation is incomplete'],
      };
    }
    return {
      valid: false,
      errors: [],
      incomplete: [`evaluation failed: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
}

/**
 * Create an evaluator for one schema. Per-schema precomputation (reference
 * index, compiled patterns) is done lazily on first use and cached, so
 * re-validating against the same schema is cheap; creation itself is free.
 */
export function createEvaluator(schema: unknown, dialect: Dialect, options?: EvaluateOptions): Evaluator {
  return {
    dialect,
    validate(instance: unknown): EvaluationResult {
      return run(schema, instance, dialect, options);
    },
  };
}

/** One-shot evaluation of `instance` against `schema`. Never throws. */
export function evaluate(
  schema: unknown,
  instance: unknown,
  dialect: Dialect,
  options?: EvaluateOptions,
): EvaluationResult {
  return run(schema, instance, dialect, options);
}
