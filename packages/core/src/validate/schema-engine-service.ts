import { checkSchemaValidity, dialectOf, evaluate, findExternalRefs, type StepBudget } from '../schema/index.js';
import { schemaFacts, type SchemaFacts } from '../schema/schema-facts.js';
import type { Dialect, Evaluation, SchemaProblem, SchemaService } from './schema-service.js';

/** A complete evaluation of an instance against `schema` under `dialect`, and the budget steps it spent. */
interface CachedEvaluation {
  schema: object;
  dialect: Dialect;
  evaluation: Evaluation;
  steps: number;
}

const noRefs = Object.freeze([]) as unknown as { pointer: string; ref: string }[];

/**
 * Schema services over the bounded engine in src/schema/. Validity results are cached per
 * schema object and dialect: a schema shared by several revisions or examples is checked once.
 */
export function createSchemaService(): SchemaService {
  // One map per dialect rather than a map per schema: the entries live as long as the document.
  const validityCache: Record<Dialect, WeakMap<object, SchemaProblem[]>> = {
    '2020-12': new WeakMap(),
    'draft-07': new WeakMap(),
  };
  const refsCache = new WeakMap<object, { pointer: string; ref: string }[]>();
  const factsCache = new WeakMap<object, Readonly<SchemaFacts>>();
  const factsOf = (schema: unknown): Readonly<SchemaFacts> => {
    if (typeof schema !== 'object' || schema === null) return schemaFacts(schema);
    let facts = factsCache.get(schema);
    if (facts === undefined) factsCache.set(schema, (facts = schemaFacts(schema)));
    return facts;
  };
  return {
    dialectOf: (schema) => dialectOf(schema),
    validity(schema, dialect) {
      if (typeof schema !== 'object' || schema === null) return checkSchemaValidity(schema, dialect);
      const cache = validityCache[dialect];
      let problems = cache.get(schema);
      if (!problems) cache.set(schema, (problems = checkSchemaValidity(schema, dialect)));
      return problems;
    },
    evaluate: (schema, instance, dialect, budget): Evaluation =>
      evaluate(schema, instance, dialect, budget === undefined ? undefined : { budget }),
    externalRefs(schema) {
      if (typeof schema !== 'object' || schema === null) return [];
      const cached = refsCache.get(schema);
      if (cached) return cached;
      if (!factsOf(schema).references) return [];
      const found = findExternalRefs(schema);
      // Kept as long as the document: the common answer, none, is one shared list.
      const refs = found.length === 0 ? noRefs : found;
      refsCache.set(schema, refs);
      return refs;
    },
    facts: factsOf,
  };
}

/**
 * Steps all schema evaluations of one document may spend together (two single evaluations'
 * worth): a small document must not buy unbounded work by repeating an expensive schema over
 * many examples (17.7). Normal documents spend a few thousand.
 */
export const documentStepBudget = 2_000_000;

/** `service` with every evaluation drawing on `budget`, for the rules of one document. */
export function withStepBudget(service: SchemaService, budget: StepBudget): SchemaService {
  return {
    dialectOf: (schema) => service.dialectOf(schema),
    validity: (schema, dialect) => service.validity(schema, dialect),
    evaluate: (schema, instance, dialect) => service.evaluate(schema, instance, dialect, budget),
    externalRefs: (schema) => service.externalRefs(schema),
    facts: (schema) => service.facts(schema),
  };
}

/**
 * `service` with its budgeted evaluations of an object instance kept per schema, dialect and
 * instance object, for one operation run: a merge validates its output, built from its inputs'
 * own values, after the inputs. A kept evaluation is reused only when it was complete and the
 * budget still holds the steps it spent, which it spends again, so the result and the budget are
 * those of evaluating anew. Plain validation evaluates each pair once and does not pay for it.
 */
export function withEvaluationReuse(service: SchemaService): SchemaService {
  // Keyed by instance: an instance is evaluated against one schema or a few, so one map and a
  // short list per instance cost less than a map per schema (every Tool has schemas of its own).
  const evaluationCache = new WeakMap<object, CachedEvaluation[]>();
  return {
    dialectOf: (schema) => service.dialectOf(schema),
    validity: (schema, dialect) => service.validity(schema, dialect),
    evaluate(schema, instance, dialect, budget): Evaluation {
      if (budget === undefined) return service.evaluate(schema, instance, dialect);
      if (typeof schema !== 'object' || schema === null || typeof instance !== 'object' || instance === null)
        return service.evaluate(schema, instance, dialect, budget);
      let kept = evaluationCache.get(instance);
      const cached = kept?.find((entry) => entry.schema === schema && entry.dialect === dialect);
      // Evaluation is deterministic: with at least the steps it took left, it takes them again and ends the same.
      if (cached !== undefined && budget.remaining > 0 && budget.remaining >= cached.steps) {
        budget.remaining -= cached.steps;
        return cached.evaluation;
      }
      const before = budget.remaining;
      const evaluation = service.evaluate(schema, instance, dialect, budget);
      // Only a complete evaluation (no budget or depth exhaustion, nothing unevaluable) is kept.
      if (cached === undefined && evaluation.incomplete === undefined && evaluation.skipped === undefined) {
        if (!kept) evaluationCache.set(instance, (kept = []));
        kept.push({ schema, dialect, evaluation, steps: before - budget.remaining });
      }
      return evaluation;
    },
    externalRefs: (schema) => service.externalRefs(schema),
    facts: (schema) => service.facts(schema),
  };
}
