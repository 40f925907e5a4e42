/**
 * The built-in functions a declarative rule's `then` may name (Spectral's core functions, the
 * ones a description needs). Each checks its options once, when the configuration is read, and
 * returns the check the rule runs on every selected value: undefined when the value passes,
 * else what is wrong with it. Patterns run on re2js (linear time): a configuration may come
 * with a checkout nobody reviewed, and a hostile pattern must not backtrack.
 */
import { isObject } from '../../model/values.js';
import { shortJson } from '../../model/short-json.js';
import { compilePattern } from '../../schema/index.js';
import type { SchemaService } from '../../validate/schema-service.js';
import { createSchemaService } from '../../validate/schema-engine-service.js';

/** What a check may use besides the value: the run's schema service (shared, step-bounded). */
export interface CheckContext {
  schemas: SchemaService;
}

/** Undefined when the value passes; else the reason, which the message's `{error}` shows. */
export type ValueCheck = (value: unknown, context: CheckContext) => string | undefined;

interface DeclarativeFunction {
  /** The option names it takes (anything else is a configuration error). */
  options: readonly string[];
  /** The check for these options, or undefined with the problems pushed. */
  compile(options: Readonly<Record<string, unknown>>, problems: string[]): ValueCheck | undefined;
}

const casings = {
  flat: { word: '[a-z][a-z0-9]*', separator: '', rest: '' },
  camel: { word: '[a-z][a-z0-9]*', separator: '', rest: '[A-Z][a-z0-9]*' },
  pascal: { word: '[A-Z][a-z0-9]*', separator: '', rest: '[A-Z][a-z0-9]*' },
  kebab: { word: '[a-z][a-z0-9]*', separator: '-', rest: '[a-z0-9]+' },
  cobol: { word: '[A-Z][A-Z0-9]*', separator: '-', rest: '[A-Z0-9]+' },
  snake: { word: '[a-z][a-z0-9]*', separator: '_', rest: '[a-z0-9]+' },
  macro: { word: '[A-Z][A-Z0-9]*', separator: '_', rest: '[A-Z0-9]+' },
} as const;
type Casing = keyof typeof casings;

const show = (value: unknown): string => shortJson(value, 60);

function patternCheck(options: Readonly<Record<string, unknown>>, problems: string[]): ValueCheck | undefined {
  const compiled: { source: string; test: (s: string) => boolean; want: boolean }[] = [];
  for (const [name, want] of [
    ['match', true],
    ['notMatch', false],
  ] as const) {
    const source = options[name];
    if (source === undefined) continue;
    if (typeof source !== 'string') {
      problems.push(`functionOptions.${name} is ${show(source)}; expected a regular expression string`);
      continue;
    }
    const pattern = compilePattern(source);
    if (!pattern.ok) problems.push(`functionOptions.${name} ${show(source)} cannot be used: ${pattern.reason}`);
    else compiled.push({ source, test: pattern.test, want });
  }
  if (options.match === undefined && options.notMatch === undefined)
    problems.push('pattern needs functionOptions.match or functionOptions.notMatch');
  if (problems.length > 0) return undefined;
  return (value) => {
    if (typeof value !== 'string') return undefined;
    for (const { source, test, want } of compiled)
      if (test(value) !== want) return `${show(value)} ${want ? 'does not match' : 'matches'} /${source}/`;
    return undefined;
  };
}

function casingCheck(options: Readonly<Record<string, unknown>>, problems: string[]): ValueCheck | undefined {
  const type = options.type;
  if (typeof type !== 'string' || !Object.hasOwn(casings, type)) {
    problems.push(`functionOptions.type is ${show(type)}; expected one of ${Object.keys(casings).join(', ')}`);
    return undefined;
  }
  if (options.disallowDigits !== undefined && typeof options.disallowDigits !== 'boolean') {
    problems.push(`functionOptions.disallowDigits is ${show(options.disallowDigits)}; expected true or false`);
    return undefined;
  }
  const { word, separator, rest } = casings[type as Casing];
  const digits = (part: string): string => (options.disallowDigits === true ? part.replaceAll('0-9', '') : part);
  const tail = rest === '' ? '' : `(?:${separator}${digits(rest)})*`;
  // Our own fixed patterns, each word starting with a character the previous cannot end in: no backtracking.
  const expression = new RegExp(`^${digits(word)}${tail}$`);
  return (value) => {
    if (typeof value !== 'string') return undefined;
    return expression.test(value) ? undefined : `${show(value)} is not ${type} case`;
  };
}

function lengthCheck(options: Readonly<Record<string, unknown>>, problems: string[]): ValueCheck | undefined {
  const { min, max } = options;
  for (const [name, bound] of [
    ['min', min],
    ['max', max],
  ] as const)
    if (bound !== undefined && (typeof bound !== 'number' || !Number.isInteger(bound) || bound < 0))
      problems.push(`functionOptions.${name} is ${show(bound)}; expected a whole number of at least 0`);
  if (min === undefined && max === undefined) problems.push('length needs functionOptions.min or functionOptions.max');
  if (problems.length > 0) return undefined;
  return (value) => {
    const size = sizeOf(value);
    if (size === undefined) return undefined;
    if (typeof min === 'number' && size < min) return `${show(value)} is shorter than ${min}`;
    if (typeof max === 'number' && size > max) return `${show(value)} is longer than ${max}`;
    return undefined;
  };
}

/** Characters of a string (code points), items of a list, members of an object, a number's value. */
function sizeOf(value: unknown): number | undefined {
  if (typeof value === 'string') {
    let count = 0;
    for (let i = 0; i < value.length; i++) {
      const unit = value.charCodeAt(i);
      // A high surrogate followed by a low one is one character.
      if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
        const next = value.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) i++;
      }
      count++;
    }
    return count;
  }
  if (Array.isArray(value)) return value.length;
  if (isObject(value)) return Object.keys(value).length;
  if (typeof value === 'number') return value;
  return undefined;
}

function enumerationCheck(options: Readonly<Record<string, unknown>>, problems: string[]): ValueCheck | undefined {
  const values = options.values;
  if (!Array.isArray(values) || values.length === 0 || !values.every(isScalar)) {
    problems.push(
      `functionOptions.values is ${show(values)}; expected a non-empty array of strings, numbers or booleans`,
    );
    return undefined;
  }
  const allowed = new Set<unknown>(values);
  return (value) => {
    if (value === undefined) return undefined;
    return allowed.has(value) ? undefined : `${show(value)} is not one of ${show(values)}`;
  };
}

function isScalar(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function schemaCheck(options: Readonly<Record<string, unknown>>, problems: string[]): ValueCheck | undefined {
  const schema = options.schema;
  if (!isObject(schema) && typeof schema !== 'boolean') {
    problems.push(`functionOptions.schema is ${show(schema)}; expected a JSON Schema (an object or a boolean)`);
    return undefined;
  }
  // The configuration's schema is checked like a document's: under its dialect, by the bounded engine.
  const checker = createSchemaService();
  const selected = isObject(schema) ? checker.dialectOf(schema) : { dialect: '2020-12' as const };
  if ('unsupported' in selected) {
    problems.push(`functionOptions.schema names dialect ${show(selected.unsupported)}; expected 2020-12 or draft-07`);
    return undefined;
  }
  const invalid = checker.validity(schema, selected.dialect);
  if (invalid.length > 0) {
    const first = invalid[0]!;
    problems.push(`functionOptions.schema is not a valid schema: ${first.pointer || '/'}: ${first.message}`);
    return undefined;
  }
  return (value, context) => {
    if (value === undefined) return undefined;
    const evaluation = context.schemas.evaluate(schema, value, selected.dialect);
    if (evaluation.valid) return undefined;
    const error = evaluation.errors[0];
    return error ? `${error.instancePointer || 'the value'}: ${error.message}` : 'the value does not match the schema';
  };
}

function xorCheck(options: Readonly<Record<string, unknown>>, problems: string[]): ValueCheck | undefined {
  const properties = options.properties;
  if (!Array.isArray(properties) || properties.length < 2 || !properties.every((p) => typeof p === 'string')) {
    problems.push(`functionOptions.properties is ${show(properties)}; expected an array of at least two member names`);
    return undefined;
  }
  const names = properties as string[];
  return (value) => {
    if (!isObject(value)) return undefined;
    const present = names.filter((name) => Object.hasOwn(value, name) && value[name] !== undefined);
    if (present.length === 1) return undefined;
    return present.length === 0
      ? `none of ${show(names)} is present; expected exactly one`
      : `${show(present)} are all present; expected exactly one of ${show(names)}`;
  };
}

const noOptions = (check: ValueCheck): DeclarativeFunction => ({ options: [], compile: () => check });

/** The functions by name: the closed set a `then.function` may name. */
export const declarativeFunctions: Readonly<Record<string, DeclarativeFunction>> = {
  pattern: { options: ['match', 'notMatch'], compile: patternCheck },
  casing: { options: ['type', 'disallowDigits'], compile: casingCheck },
  length: { options: ['min', 'max'], compile: lengthCheck },
  enumeration: { options: ['values'], compile: enumerationCheck },
  truthy: noOptions((value) =>
    value ? undefined : value === undefined ? 'it is missing' : `${show(value)} is not truthy`,
  ),
  falsy: noOptions((value) => (value ? `${show(value)} is not falsy` : undefined)),
  defined: noOptions((value) => (value === undefined ? 'it is missing' : undefined)),
  undefined: noOptions((value) => (value === undefined ? undefined : `${show(value)} is present; expected none`)),
  schema: { options: ['schema'], compile: schemaCheck },
  xor: { options: ['properties'], compile: xorCheck },
};

export const declarativeFunctionNames = Object.keys(declarativeFunctions);
