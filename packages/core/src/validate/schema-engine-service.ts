import { checkSchemaValidity, dialectOf, evaluate, findExternalRefs, type StepBudget } from '../schema/index.js';
import { schemaFacts, type SchemaFacts } from '../schema/schema-facts.js';
import type { Dialect, Evaluation, SchemaProblem, SchemaService } from './schema-service.js';

/**
 * Schema services over the bounded engine in src/schema/. Validity results are cached per
 * schema object and dialect: a schema shared by several revisions or examples is checked once.
 */
export function createSchemaService(): SchemaService {
  const validityCache = new WeakMap<object, Map<Dialect, SchemaProblem[]>>();
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
      let byDialect = validityCache.get(schema);
      if (!byDialect) validityCache.set(schema, (byDialect = new Map()));
      let problems = byDialect.get(dialect);
      if (!problems) byDialect.set(dialect, (problems = checkSchemaValidity(schema, dialect)));
      return problems;
    },
    evaluate: (schema, instance, dialect, budget): Evaluation =>
      evaluate(schema, instance, dialect, budget === undefined ? undefined : { budget }),
    externalRefs(schema) {
      if (typeof schema !== 'object' || schema === null) return [];
      const cached = refsCache.get(schema);
      if (cached) return cached;
      if (!factsOf(schema).references) return [];
      const refs = findExternalRefs(schema);
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
