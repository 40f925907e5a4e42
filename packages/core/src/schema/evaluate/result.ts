/** The evaluator's public shapes: options, errors, results. */
import type { Dialect } from '../dialect.js';

export interface EvaluationError {
  /** RFC 6901 pointer into the instance */
  instancePointer: string;
  /** RFC 6901 pointer of the failing keyword along the evaluation path ($ref hops included) */
  schemaPointer: string;
  keyword: string;
  message: string;
}

export interface EvaluationResult {
  /**
   * Whether the instance is valid. Only authoritative when `incomplete` is
   * absent: unevaluable checks (external `$ref`, unsupported patterns) are
   * treated as passing; when the budget is exhausted `valid` is false.
   */
  valid: boolean;
  errors: EvaluationError[];
  /** Reasons the evaluation could not be complete. Absent when complete. */
  incomplete?: string[];
  /** True when nothing was evaluated because the shared `budget` was already spent. */
  skipped?: true;
}

/**
 * Steps shared by many evaluations (a whole document's): each evaluation may spend at most
 * `remaining`, and what it spends is taken off.
 */
export interface StepBudget {
  /** What the budget is for messages, e.g. "the document's evaluation budget". */
  readonly name: string;
  /** The size of the budget, for messages. */
  readonly total: number;
  remaining: number;
}

export interface EvaluateOptions {
  /** Maximum keyword/schema evaluations per validate call (default 1,000,000). */
  maxSteps?: number;
  /** A budget shared with other evaluations; this one stops when either limit is reached. */
  budget?: StepBudget;
  /** Maximum nesting of schema applications (default 256). */
  maxDepth?: number;
  /** Assert the safe format set (date-time, date, time, email, uri, uuid, ipv4, ipv6). Default false. */
  formats?: boolean;
  /** Maximum number of errors returned (evaluation still completes). Default 100. */
  maxErrors?: number;
}

export interface Evaluator {
  readonly dialect: Dialect;
  validate(instance: unknown): EvaluationResult;
}
