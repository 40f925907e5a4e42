/** Decoded JSON values: equality, copying and the canonical text form. One copy of each, used everywhere. */
import { hasOwn, isObject } from './values.js';

/** Deep equality of JSON values: key order ignored, 1 and 1.0 equal; iterative, so deep values cannot overflow the stack. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const stack: unknown[] = [a, b];
  while (stack.length > 0) {
    const right = stack.pop();
    const left = stack.pop();
    if (left === right) continue;
    if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
    const leftIsArray = Array.isArray(left);
    if (leftIsArray !== Array.isArray(right)) return false;
    if (leftIsArray) {
      const rightArray = right as unknown[];
      if (left.length !== rightArray.length) return false;
      for (let i = 0; i < left.length; i++) stack.push(left[i], rightArray[i]);
      continue;
    }
    const leftObject = left as Record<string, unknown>;
    const rightObject = right as Record<string, unknown>;
    // for...in over own keys makes no key arrays (most of this function's garbage, in merge).
    let leftKeys = 0;
    for (const key in leftObject) {
      if (!hasOwn(leftObject, key)) continue;
      if (!hasOwn(rightObject, key)) return false;
      leftKeys++;
      stack.push(leftObject[key], rightObject[key]);
    }
    let rightKeys = 0;
    for (const key in rightObject) if (hasOwn(rightObject, key)) rightKeys++;
    if (leftKeys !== rightKeys) return false;
  }
  return true;
}

/**
 * Whether two JSON values are the same value with their members in the same order (-0 is not 0).
 * Members are compared in document order, so two documents that differ early (in their root
 * revisions, say) are told apart without reading their collections.
 */
export function identicalJson(a: unknown, b: unknown): boolean {
  const stack: unknown[] = [a, b];
  while (stack.length > 0) {
    const right = stack.pop();
    const left = stack.pop();
    if (Object.is(left, right)) continue;
    if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
    const leftIsArray = Array.isArray(left);
    if (leftIsArray !== Array.isArray(right)) return false;
    if (leftIsArray) {
      const rightArray = right as unknown[];
      if (left.length !== rightArray.length) return false;
      for (let i = left.length - 1; i >= 0; i--) stack.push(left[i], rightArray[i]);
      continue;
    }
    const leftKeys = Object.keys(left);
    const rightKeys = Object.keys(right);
    if (leftKeys.length !== rightKeys.length) return false;
    for (let i = leftKeys.length - 1; i >= 0; i--) {
      const key = leftKeys[i]!;
      if (key !== rightKeys[i]) return false;
      stack.push((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]);
    }
  }
  return true;
}

/** A deep copy of a decoded JSON value (keeps `__proto__` an ordinary own key). */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as unknown as T;
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(out, key, cloneJson(value[key]));
  return out as T;
}

/** Sets an own property, also for the key `__proto__`. */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/** JSON text with object keys sorted (UTF-16 order) and arrays in order: equal text, equal JSON value. */
export function canonicalJson(value: unknown): string {
  // One appended string (V8 ropes), not an array of parts per level: this runs over whole documents.
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return text + ']';
  }
  if (isObject(value)) {
    const keys = Object.keys(value).sort(compareCodeUnits);
    let text = '{';
    for (let i = 0; i < keys.length; i++)
      text += (i === 0 ? '' : ',') + JSON.stringify(keys[i]) + ':' + canonicalJson(value[keys[i]!]);
    return text + '}';
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** Orders strings by UTF-16 code units (locale-independent, as JSON Schema and canonical forms need). */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
