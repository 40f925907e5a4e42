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
