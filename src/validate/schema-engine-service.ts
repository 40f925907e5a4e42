import { checkSchemaValidity, dialectOf, evaluate, findExternalRefs } from '../schema/index.js';
import type { Dialect, Evaluation, SchemaProblem, SchemaService } from './schema-service.js';

/**
 * Schema services over the bounded engine in src/schema/. Validity results are cached per
 * schema object and dialect: a schema shared by several revisions or examples is checked once.
 */
export function createSchemaService(): SchemaService {
  const validityCache = new WeakMap<object, Map<Dialect, SchemaProblem[]>>();
  const refsCache = new WeakMap<object, { pointer: string; ref: string }[]>();
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
    evaluate: (schema, instance, dialect): Evaluation => evaluate(schema, instance, dialect),
    externalRefs(schema) {
      if (typeof schema !== 'object' || schema === null) return [];
      const cached = refsCache.get(schema);
      if (cached) return cached;
      const refs = findExternalRefs(schema);
      refsCache.set(schema, refs);
      return refs;
    },
  };
}
