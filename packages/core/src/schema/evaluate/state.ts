/**
 * The state of one evaluation: the step and depth budget, collected errors,
 * reasons the result is incomplete, the dynamic scope, and the annotations
 * (evaluated properties and items) that the unevaluated* keywords read.
 */
import type { Dialect } from '../dialect.js';
import { compilePattern } from '../regex.js';
import { escapePointerToken } from '../../model/json-pointer.js';
import { indexSchema, type SchemaIndex } from '../resolve.js';
import type { EvaluationError } from './result.js';

export type SchemaObject = Record<string, unknown>;

/** Thrown when the step or depth budget runs out; the evaluation then reports itself incomplete. */
export class BudgetExceeded extends Error {}

export const hasOwn = Object.prototype.hasOwnProperty;

export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A subschema is an object or a boolean; anything else is left to meta-validation. */
export function isSubschema(value: unknown): value is SchemaObject | boolean {
  return typeof value === 'boolean' || isSchemaObject(value);
}

export function childPointer(base: string, segment: string | number): string {
  return typeof segment === 'number' ? `${base}/${segment}` : `${base}/${escapePointerToken(segment)}`;
}

/** A value shortened for an error message. */
export function showValue(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 80 ? text.slice(0, 77) + '...' : text;
  } catch {
    return String(value);
  }
}

/** What a schema's successful evaluation marked as evaluated, for unevaluatedProperties / unevaluatedItems. */
export interface Annotations {
  properties: Set<string> | null;
  allProperties: boolean;
  /** items before this index are evaluated (prefixItems, draft-07 array items) */
  itemCount: number;
  allItems: boolean;
  /** items evaluated one by one (contains) */
  itemIndexes: Set<number> | null;
}

export function newAnnotations(): Annotations {
  return { properties: null, allProperties: false, itemCount: 0, allItems: false, itemIndexes: null };
}

export function addEvaluatedProperty(annotations: Annotations, name: string): void {
  if (annotations.properties === null) annotations.properties = new Set();
  annotations.properties.add(name);
}

export function mergeAnnotations(target: Annotations, source: Annotations): void {
  if (source.allProperties) target.allProperties = true;
  else if (source.properties !== null) for (const name of source.properties) addEvaluatedProperty(target, name);
  if (source.allItems) target.allItems = true;
  if (source.itemCount > target.itemCount) target.itemCount = source.itemCount;
  if (source.itemIndexes !== null) {
    if (target.itemIndexes === null) target.itemIndexes = new Set();
    for (const index of source.itemIndexes) target.itemIndexes.add(index);
  }
}

/**
 * What `fail` records once `keptErrors` errors are held: a placeholder that keeps the list's
 * length (applicators truncate to a mark and pop) without building the error. A schema whose
 * every branch fails (nested oneOf/anyOf) can fail millions of times within the step budget;
 * only the first errors are ever reported.
 */
const unkeptError: EvaluationError = { instancePointer: '', schemaPointer: '', keyword: '', message: '' };

export class EvaluationState {
  steps = 0;
  depth = 0;
  errors: EvaluationError[] = [];
  incomplete: Set<string> | null = null;
  /** schema resources (objects with `$id`) entered and not yet left, outermost first (2020-12) */
  dynamicScope: SchemaObject[] = [];
  readonly isDraft07: boolean;
  /** The reference index of `root`, built on first use (or handed over by an earlier pass). */
  index: SchemaIndex | null = null;

  constructor(
    readonly root: unknown,
    readonly dialect: Dialect,
    readonly maxSteps: number,
    readonly maxDepth: number,
    readonly assertFormats: boolean,
    /** Errors built in full; positions past this hold `unkeptError` (the report lists at most this many). */
    readonly keptErrors: number,
    /**
     * Whether places are spelt out (instance and schema pointers, errors). A pass that only asks
     * whether the instance is valid leaves every pointer '' and builds no error: see index.ts.
     */
    readonly spellsPlaces: boolean,
  ) {
    this.isDraft07 = dialect === 'draft-07';
  }

  /** The place of member or item `segment` below `base` (escaped), or '' when places are not spelt. */
  memberAt(base: string, segment: string | number): string {
    return this.spellsPlaces ? childPointer(base, segment) : '';
  }

  /** The place of `keyword` below `base`, then of its `segment` if any, or '' when places are not spelt. */
  keywordAt(base: string, keyword: string, segment?: string | number): string {
    if (!this.spellsPlaces) return '';
    return segment === undefined ? `${base}/${keyword}` : childPointer(`${base}/${keyword}`, segment);
  }

  noteIncomplete(reason: string): void {
    if (this.incomplete === null) this.incomplete = new Set();
    if (this.incomplete.size < 100) this.incomplete.add(reason);
  }

  /** Record a failed keyword; returns false so callers can `return state.fail(...)`. */
  fail(instancePointer: string, schemaPointer: string, keyword: string, message: string): false {
    // Positions below keptErrors are always real errors: a truncation only shortens the list.
    this.errors.push(
      this.errors.length < this.keptErrors
        ? { instancePointer, schemaPointer: `${schemaPointer}/${keyword}`, keyword, message }
        : unkeptError,
    );
    return false;
  }

  /** One more unit of work; throws when the step budget is spent. */
  step(): void {
    if (++this.steps > this.maxSteps) throw new BudgetExceeded();
  }

  /** The reference index of the root schema, built on first use. */
  schemaIndex(): SchemaIndex {
    if (this.index === null) this.index = indexSchema(this.root, this.dialect);
    return this.index;
  }

  /** A compiled pattern, or null (noted as incomplete) when RE2 cannot run it. */
  patternTest(pattern: string, schemaPointer: string, keyword: string): ((text: string) => boolean) | null {
    const compiled = compilePattern(pattern);
    if (compiled.ok) return compiled.test;
    // The place is spelt out only when a note is written: this runs for every string a pattern checks.
    this.noteIncomplete(`${schemaPointer}/${keyword}: pattern ${showValue(pattern)} not evaluated: ${compiled.reason}`);
    return null;
  }
}
