/**
 * Validation vocabulary: assertions on the instance itself (type, enum,
 * const, numbers, strings, array and object sizes, uniqueItems, required,
 * dependentRequired). No subschema is applied here.
 */
import { jsonEqual } from '../../model/json.js';
import { BudgetExceeded, hasOwn, isSchemaObject, showValue, type EvaluationState, type SchemaObject } from './state.js';

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'object':
      return isSchemaObject(value);
    case 'array':
      return Array.isArray(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return false;
  }
}

export function validateType(
  state: EvaluationState,
  type: unknown,
  instance: unknown,
  instancePointer: string,
  schemaPointer: string,
): boolean {
  if (typeof type === 'string') {
    return hasType(type, instance) || state.fail(instancePointer, schemaPointer, 'type', `must be ${type}`);
  }
  if (!Array.isArray(type)) return true;
  for (const member of type) if (typeof member === 'string' && hasType(member, instance)) return true;
  return state.fail(instancePointer, schemaPointer, 'type', `must be ${type.join(' or ')}`);
}

export function validateEnum(
  state: EvaluationState,
  allowed: unknown,
  instance: unknown,
  instancePointer: string,
  schemaPointer: string,
): boolean {
  if (!Array.isArray(allowed)) return true;
  state.steps += allowed.length;
  for (const member of allowed) if (jsonEqual(member, instance)) return true;
  return state.fail(instancePointer, schemaPointer, 'enum', 'must be equal to one of the allowed values');
}

export function validateConst(
  state: EvaluationState,
  constant: unknown,
  instance: unknown,
  instancePointer: string,
  schemaPointer: string,
): boolean {
  return (
    jsonEqual(constant, instance) ||
    state.fail(instancePointer, schemaPointer, 'const', `must be equal to constant ${showValue(constant)}`)
  );
}

/** Length in Unicode code points (a surrogate pair counts once), as JSON Schema counts characters. */
function codePointLength(text: string): number {
  let length = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        index++;
      }
    }
  }
  return length;
}

export function validateStringKeyword(
  state: EvaluationState,
  keyword: string,
  value: unknown,
  instance: string,
  instancePointer: string,
  schemaPointer: string,
): boolean {
  switch (keyword) {
    case 'maxLength':
      // code points never outnumber UTF-16 units: count them only when the units exceed the limit
      if (typeof value === 'number' && instance.length > value && codePointLength(instance) > value) {
        return state.fail(instancePointer, schemaPointer, keyword, `must NOT have more than ${value} characters`);
      }
      return true;
    case 'minLength':
      if (
        typeof value === 'number' &&
        (instance.length < value || (instance.length < 2 * value && codePointLength(instance) < value))
      ) {
        return state.fail(instancePointer, schemaPointer, keyword, `must NOT have fewer than ${value} characters`);
      }
      return true;
    case 'pattern': {
      if (typeof value !== 'string') return true;
      const test = state.patternTest(value, schemaPointer, 'pattern');
      if (test === null) return true;
      state.steps += instance.length >> 6;
      return (
        test(instance) || state.fail(instancePointer, schemaPointer, keyword, `must match pattern ${showValue(value)}`)
      );
    }
    default:
      return true;
  }
}

/** Exact decimal representation of a finite double: mantissa × 10^exponent. */
function decimal(x: number): { mantissa: bigint; exponent: number } {
  const text = Math.abs(x).toString();
  let digits = text;
  let exponent = 0;
  const exponentAt = text.indexOf('e');
  if (exponentAt >= 0) {
    digits = text.slice(0, exponentAt);
    exponent = Number(text.slice(exponentAt + 1));
  }
  const dot = digits.indexOf('.');
  if (dot >= 0) {
    exponent -= digits.length - dot - 1;
    digits = digits.slice(0, dot) + digits.slice(dot + 1);
  }
  return { mantissa: BigInt(digits), exponent };
}

/** Float-safe multipleOf using the shortest decimal representation of both numbers. */
export function isMultipleOf(x: number, divisor: number): boolean {
  if (!(divisor > 0) || !Number.isFinite(x) || !Number.isFinite(divisor)) return false;
  if (Number.isInteger(x) && Number.isInteger(divisor) && Number.isSafeInteger(x) && Number.isSafeInteger(divisor))
    return x % divisor === 0;
  if (x === 0) return true;
  const exact = decimal(x);
  const exactDivisor = decimal(divisor);
  const exponent = Math.min(exact.exponent, exactDivisor.exponent);
  const scaledX = exact.mantissa * 10n ** BigInt(exact.exponent - exponent);
  const scaledDivisor = exactDivisor.mantissa * 10n ** BigInt(exactDivisor.exponent - exponent);
  return scaledX % scaledDivisor === 0n;
}

export function validateNumberKeyword(
  state: EvaluationState,
  keyword: string,
  limit: unknown,
  instance: number,
  instancePointer: string,
  schemaPointer: string,
): boolean {
  if (typeof limit !== 'number') return true;
  switch (keyword) {
    case 'maximum':
      return instance <= limit || state.fail(instancePointer, schemaPointer, keyword, `must be <= ${limit}`);
    case 'minimum':
      return instance >= limit || state.fail(instancePointer, schemaPointer, keyword, `must be >= ${limit}`);
    case 'exclusiveMaximum':
      return instance < limit || state.fail(instancePointer, schemaPointer, keyword, `must be < ${limit}`);
    case 'exclusiveMinimum':
      return instance > limit || state.fail(instancePointer, schemaPointer, keyword, `must be > ${limit}`);
    case 'multipleOf':
      return (
        !(limit > 0) ||
        isMultipleOf(instance, limit) ||
        state.fail(instancePointer, schemaPointer, keyword, `must be multiple of ${limit}`)
      );
    default:
      return true;
  }
}

export function validateArrayKeyword(
  state: EvaluationState,
  keyword: string,
  value: unknown,
  instance: unknown[],
  instancePointer: string,
  schemaPointer: string,
): boolean {
  switch (keyword) {
    case 'maxItems':
      return (
        typeof value !== 'number' ||
        instance.length <= value ||
        state.fail(instancePointer, schemaPointer, keyword, `must NOT have more than ${value} items`)
      );
    case 'minItems':
      return (
        typeof value !== 'number' ||
        instance.length >= value ||
        state.fail(instancePointer, schemaPointer, keyword, `must NOT have fewer than ${value} items`)
      );
    case 'uniqueItems':
      return value !== true || validateUniqueItems(state, instance, instancePointer, schemaPointer);
    default:
      return true;
  }
}

/** A string key that equal primitives share (and no other value does), or null for objects and arrays. */
function primitiveKey(value: unknown): string | null {
  switch (typeof value) {
    case 'string':
      return 's' + value;
    case 'number':
      return 'n' + String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default:
      return value === null ? 'z' : null;
  }
}

function validateUniqueItems(
  state: EvaluationState,
  instance: unknown[],
  instancePointer: string,
  schemaPointer: string,
): boolean {
  const count = instance.length;
  state.steps += count;
  const firstIndexOf = new Map<string, number>();
  const structured: number[] = [];
  for (let index = 0; index < count; index++) {
    const key = primitiveKey(instance[index]);
    if (key === null) {
      structured.push(index);
      continue;
    }
    const previous = firstIndexOf.get(key);
    if (previous !== undefined)
      return state.fail(
        instancePointer,
        schemaPointer,
        'uniqueItems',
        `must NOT have duplicate items (items ## ${previous} and ${index} are identical)`,
      );
    firstIndexOf.set(key, index);
  }
  // objects and arrays: pairwise deep comparison, paid for in steps
  for (let first = 0; first < structured.length; first++) {
    state.steps += structured.length - first;
    if (state.steps > state.maxSteps) throw new BudgetExceeded();
    for (let second = first + 1; second < structured.length; second++) {
      if (jsonEqual(instance[structured[first]!], instance[structured[second]!])) {
        return state.fail(
          instancePointer,
          schemaPointer,
          'uniqueItems',
          `must NOT have duplicate items (items ## ${structured[first]} and ${structured[second]} are identical)`,
        );
      }
    }
  }
  return true;
}

/** Properties that `dependentRequired` (or draft-07 array `dependencies`) requires and the instance lacks. */
function validateDependentRequired(
  state: EvaluationState,
  keyword: string,
  dependencies: SchemaObject,
  instance: SchemaObject,
  instancePointer: string,
  schemaPointer: string,
): boolean {
  let ok = true;
  for (const name in dependencies) {
    const required = dependencies[name];
    if (!hasOwn.call(instance, name) || !Array.isArray(required)) continue;
    for (const property of required) {
      if (typeof property === 'string' && !hasOwn.call(instance, property)) {
        ok = state.fail(
          instancePointer,
          schemaPointer,
          keyword,
          `must have property '${property}' when property '${name}' is present`,
        );
      }
    }
  }
  return ok;
}

export function validateObjectKeyword(
  state: EvaluationState,
  keyword: string,
  value: unknown,
  instance: SchemaObject,
  instancePointer: string,
  schemaPointer: string,
): boolean {
  switch (keyword) {
    case 'required': {
      if (!Array.isArray(value)) return true;
      let ok = true;
      for (const property of value) {
        if (typeof property === 'string' && !hasOwn.call(instance, property))
          ok = state.fail(instancePointer, schemaPointer, keyword, `must have required property '${property}'`);
      }
      return ok;
    }
    case 'maxProperties':
      return (
        typeof value !== 'number' ||
        Object.keys(instance).length <= value ||
        state.fail(instancePointer, schemaPointer, keyword, `must NOT have more than ${value} properties`)
      );
    case 'minProperties':
      return (
        typeof value !== 'number' ||
        Object.keys(instance).length >= value ||
        state.fail(instancePointer, schemaPointer, keyword, `must NOT have fewer than ${value} properties`)
      );
    case 'dependentRequired':
      return (
        state.isDraft07 ||
        !isSchemaObject(value) ||
        validateDependentRequired(state, keyword, value, instance, instancePointer, schemaPointer)
      );
    default:
      return true;
  }
}
