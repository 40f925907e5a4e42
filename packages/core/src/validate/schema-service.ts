/**
 * The embedded-schema services rules use: dialect selection, schema validity and instance
 * evaluation, with results cached per schema object so a schema used by several examples and
 * revisions is checked once. Backed by the bounded engine in src/schema/.
 */

import type { StepBudget } from '../schema/index.js';
import type { SchemaFacts } from '../schema/schema-facts.js';

export type Dialect = '2020-12' | 'draft-07';

export interface SchemaProblem {
  /** RFC 6901 pointer relative to the schema root. */
  pointer: string;
  keyword: string;
  message: string;
}

export interface InstanceError {
  instancePointer: string;
  schemaPointer: string;
  keyword: string;
  message: string;
}

export interface Evaluation {
  valid: boolean;
  errors: InstanceError[];
  /** Reasons the evaluation could not be complete (unresolved external $ref, unevaluable pattern, budget). */
  incomplete?: string[];
  /** Nothing was evaluated: the document's evaluation budget was spent by earlier evaluations. */
  skipped?: true;
}

export interface SchemaService {
  /** Dialect a schema declares (`$schema`), the 2020-12 default, or the unsupported URI it names. */
  dialectOf(schema: object): { dialect: Dialect } | { unsupported: string };
  /** Problems that make `schema` invalid under `dialect`. */
  validity(schema: unknown, dialect: Dialect): SchemaProblem[];
  /** Evaluates `instance` against `schema`, spending at most what is left of `budget` when given. */
  evaluate(schema: unknown, instance: unknown, dialect: Dialect, budget?: StepBudget): Evaluation;
  /** `$ref` values that cannot be resolved within the schema itself. */
  externalRefs(schema: unknown): { pointer: string; ref: string }[];
  /** Which rare keywords occur anywhere in `schema` (false means nowhere): lets rules skip their traversals. */
  facts(schema: unknown): Readonly<SchemaFacts>;
}
