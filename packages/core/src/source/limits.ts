import type { Diagnostic, Range } from '../model/diagnostic.js';
import type { SourceLimits } from './types.js';

/** Bounds applied to untrusted input unless the caller overrides them (see docs/yaml-profile.md). */
export const defaultLimits: Readonly<SourceLimits> = Object.freeze({
  maxBytes: 64 * 1024 * 1024,
  maxDepth: 256,
  maxStringLength: 16 * 1024 * 1024,
  maxCollectionSize: 1_000_000,
});

/** Defaults overridden by the given limits; rejects values that are not positive integers. */
export function resolveLimits(overrides: Partial<SourceLimits> | undefined): SourceLimits {
  const limits: SourceLimits = { ...defaultLimits };
  for (const name of Object.keys(defaultLimits) as (keyof SourceLimits)[]) {
    const value = overrides?.[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`limit ${name} must be a positive integer, got ${String(value)}`);
    }
    limits[name] = value;
  }
  return limits;
}

export type LimitName = keyof SourceLimits;

const codes: Record<LimitName, string> = {
  maxBytes: 'max-bytes',
  maxDepth: 'max-depth',
  maxStringLength: 'max-string-length',
  maxCollectionSize: 'max-collection-size',
};

const measures: Record<LimitName, string> = {
  maxBytes: 'input size {actual} bytes',
  maxDepth: 'nesting depth {actual}',
  maxStringLength: 'string of {actual} characters',
  maxCollectionSize: 'collection of {actual} entries',
};

/** The `source.limit` diagnostic for a limit that the input exceeds. */
export function limitDiagnostic(
  name: LimitName,
  actual: number | string,
  limit: number,
  pointer: string,
  range?: Range,
): Diagnostic {
  const found = measures[name].replace('{actual}', String(actual));
  return {
    rule: 'source.limit',
    code: codes[name],
    severity: 'error',
    message: `${found} exceeds the limit ${name} = ${limit}; raise the limit only for trusted input`,
    pointer,
    ...(range ? { range } : {}),
    spec: '15.8',
  };
}

/**
 * The work bound of one run over all its inputs together (issue 15, finding 5): the JSON values
 * (objects, arrays and scalars; keys not counted) that the inputs of merge, diff, docs and the
 * other operations may hold in total. Every pass of an operation (validating the inputs and the
 * output, copying, comparing, rendering) is linear in them, so this bounds the whole run's
 * time and memory. The default keeps every run under 2 s and 1 GB on the reference machine and
 * admits a merge or diff of two 1,000-tool descriptions (68,000 values each); two 10,000-tool
 * descriptions (680,000 each) need `--max-run-values 1500000` (6 s CPU, 665 MB for the merge;
 * docs/red-team.md). Typical descriptions hold a few thousand values.
 */
export const defaultMaxRunValues = 250_000;

/** What one run (one CLI invocation) may still decode; every decoded input spends its values. */
export class RunBudget {
  used = 0;
  constructor(public total: number = defaultMaxRunValues) {}

  /** Once the inputs before exceeded the budget, the `source.limit` error for the next input, which is then not decoded at all. */
  spent(): Diagnostic | undefined {
    if (this.used <= this.total) return undefined;
    return {
      rule: 'source.limit',
      code: 'max-run-values',
      severity: 'error',
      message: `not decoded: the inputs before it already exceed the run's limit maxRunValues = ${this.total} (more than ${this.used - 1} values); raise it (--max-run-values) only for trusted input`,
      pointer: '',
      spec: '15.8',
    };
  }

  /** Spends `document`'s values; the `source.limit` error (at the root of this input) when the run's total exceeds the budget. */
  spend(document: unknown): Diagnostic | undefined {
    const before = this.used;
    const left = Math.max(0, this.total - before);
    const values = countValues(document, left + 1);
    this.used += values;
    if (values <= left) return undefined;
    return {
      rule: 'source.limit',
      code: 'max-run-values',
      severity: 'error',
      message:
        `this input holds more than the ${left} JSON values left of the run's limit maxRunValues = ${this.total} ` +
        `(${before} decoded before it); the limit bounds the work of one run: raise it (--max-run-values) only for trusted input`,
      pointer: '',
      spec: '15.8',
    };
  }
}

/** Value counts the decoders noted for the documents they returned (by the root object or array). */
const decodedValueCounts = new WeakMap<object, number>();

/** Records how many values a freshly decoded document holds, counted while decoding it. */
export function noteValueCount(document: unknown, values: number): void {
  if (typeof document === 'object' && document !== null) decodedValueCounts.set(document, values);
}

/**
 * The JSON values in `root`, counted without recursion; stops counting past `stopAfter`. A
 * document straight from the decoder has its count already (decoded values are not changed
 * before the run spends them).
 */
export function countValues(root: unknown, stopAfter: number): number {
  const known = typeof root === 'object' && root !== null ? decodedValueCounts.get(root) : undefined;
  if (known !== undefined) return Math.min(known, stopAfter);
  let count = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0 && count < stopAfter) {
    const value = stack.pop();
    count++;
    if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (value !== null && typeof value === 'object')
      for (const key in value) stack.push((value as Record<string, unknown>)[key]);
  }
  return count;
}
