/**
 * Deterministic value synthesis from a JSON Schema, for `mcpdesc mock` results of Tools that
 * declare an `outputSchema` but have no matching example. Pure and bounded: the same schema and
 * seed give the same value; depth, collection sizes and total work are capped.
 *
 * Honoured: boolean schemas, local `$ref` (`#...` pointers into the root schema), `allOf`
 * (merged), `anyOf`/`oneOf` (the first branch that synthesizes a valid value), `const`, `enum`,
 * `type` (first non-null type of an array), `properties`/`required` (every declared property is
 * filled, optional ones too), `items`/`prefixItems` (draft 2020-12) and array-form `items`
 * (draft-07), `minItems`/`maxItems`, `minProperties`, numeric bounds (`minimum`, `maximum`,
 * `exclusiveMinimum`/`exclusiveMaximum` in both forms, `multipleOf`), `minLength`/`maxLength`,
 * `format` (date-time, date, time, email, uri, uri-reference, uuid, ipv4, ipv6, hostname) and
 * `pattern` for literal-ish patterns (literals, escapes, `\d \w \s`, character classes, `.`,
 * groups with alternation — the first alternative is used — and the quantifiers `? * + {n} {n,m}`).
 *
 * A `pattern` outside that subset, or any value that still fails the schema, gets the
 * documented placeholder {@link PLACEHOLDER} and its instance pointer is listed in
 * `placeholders`; the caller marks such results (the final value is re-validated with the
 * project's bounded evaluator, so `valid` is authoritative).
 */
import { isObject, type JsonObject, seededRandom, escapePointerToken, unescapePointerToken } from 'mcpdesc-core/model';
import { dialectOf, evaluate, type Dialect } from 'mcpdesc-core/schema';

/** The string used where no valid value could be generated (e.g. a pattern outside the supported subset). */
export const PLACEHOLDER = 'mcpdesc-mock-placeholder';

export interface SynthesisOptions {
  /** Seed of the pseudo-random choices (default "mcpdesc"). */
  seed?: string;
  /** Deepest nesting synthesized (default 16). */
  maxDepth?: number;
  /** Largest array or object produced (default 8 entries). */
  maxEntries?: number;
}

export interface SynthesisResult {
  value: unknown;
  /** Whether the value validates against the schema (bounded evaluator, formats asserted). */
  valid: boolean;
  /** Instance pointers where the placeholder (or an unsatisfiable constraint) was used. */
  placeholders: string[];
}

const MAX_WORK = 20_000;

/** FNV-1a hash of a string, as an unsigned 32-bit seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const fragment = decodeURIComponent(ref.slice(1));
  if (fragment === '') return root;
  if (!fragment.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of fragment.slice(1).split('/')) {
    const key = unescapePointerToken(raw);
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

class Synthesizer {
  private work = 0;
  readonly placeholders: string[] = [];
  private readonly random: () => number;

  constructor(
    private readonly root: unknown,
    private readonly dialect: Dialect,
    seed: string,
    private readonly maxDepth: number,
    private readonly maxEntries: number,
  ) {
    this.random = seededRandom(hash(seed));
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private placeholder(pointer: string, value: unknown = PLACEHOLDER): unknown {
    this.placeholders.push(pointer);
    return value;
  }

  private valid(schema: unknown, value: unknown): boolean {
    return evaluate(schema, value, this.dialect, { formats: true, maxSteps: 20_000, maxErrors: 1 }).valid;
  }

  /** Flattens `$ref` and `allOf` into one object schema (shallow merge; properties and required united). */
  private flatten(schema: JsonObject, depth: number): JsonObject {
    let out: JsonObject = { ...schema };
    const ref = out.$ref;
    if (typeof ref === 'string' && depth < this.maxDepth) {
      const target = resolvePointer(this.root, ref);
      delete out.$ref;
      if (isObject(target)) out = merge(this.flatten(target, depth + 1), out);
    }
    if (Array.isArray(out.allOf) && depth < this.maxDepth) {
      const parts = out.allOf;
      delete out.allOf;
      for (const part of parts) if (isObject(part)) out = merge(out, this.flatten(part, depth + 1));
    }
    return out;
  }

  value(schema: unknown, pointer: string, depth: number): unknown {
    if (++this.work > MAX_WORK || depth > this.maxDepth) return this.placeholder(pointer, null);
    if (schema === true || schema === undefined) return null;
    if (schema === false || !isObject(schema)) return this.placeholder(pointer, null);
    const s = this.flatten(schema, depth);
    if ('const' in s) return s.const;
    if (Array.isArray(s.enum) && s.enum.length > 0) {
      const candidates = s.enum.filter((v) => this.valid(s, v));
      return candidates.length > 0 ? this.pick(candidates) : this.placeholder(pointer, s.enum[0]);
    }
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = s[key];
      if (!Array.isArray(branches) || branches.length === 0) continue;
      const rest: JsonObject = { ...s };
      delete rest.oneOf;
      delete rest.anyOf;
      for (const branch of branches) {
        if (!isObject(branch) && branch !== true) continue;
        const before = this.placeholders.length;
        const combined = branch === true ? rest : merge(rest, this.flatten(branch, depth + 1));
        const v = this.value(combined, pointer, depth + 1);
        if (this.placeholders.length === before && this.valid(s, v)) return v;
        this.placeholders.length = before;
      }
      return this.value(isObject(branches[0]) ? merge(rest, branches[0]) : rest, pointer, depth + 1);
    }
    switch (typeOf(s)) {
      case 'object':
        return this.object(s, pointer, depth);
      case 'array':
        return this.array(s, pointer, depth);
      case 'string':
        return this.string(s, pointer);
      case 'integer':
        return this.number(s, true, pointer);
      case 'number':
        return this.number(s, false, pointer);
      case 'boolean':
        return this.random() < 0.5;
      case 'null':
        return null;
      default:
        return null;
    }
  }

  private object(s: JsonObject, pointer: string, depth: number): JsonObject {
    const out: JsonObject = {};
    const properties = isObject(s.properties) ? s.properties : {};
    const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
    const names = [...required, ...Object.keys(properties).filter((k) => !required.includes(k))];
    let count = 0;
    for (const name of names) {
      if (count >= this.maxEntries && !required.includes(name)) break;
      const sub = Object.prototype.hasOwnProperty.call(properties, name)
        ? properties[name]
        : isObject(s.additionalProperties)
          ? s.additionalProperties
          : true;
      Object.defineProperty(out, name, {
        value: this.value(sub, `${pointer}/${escapePointerToken(name)}`, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      count++;
    }
    const minProperties = typeof s.minProperties === 'number' ? Math.min(s.minProperties, this.maxEntries) : 0;
    for (let i = 0; Object.keys(out).length < minProperties && i < this.maxEntries; i++) {
      if (s.additionalProperties === false) break;
      const name = `property${i + 1}`;
      if (name in out) continue;
      out[name] = this.value(
        isObject(s.additionalProperties) ? s.additionalProperties : true,
        `${pointer}/${name}`,
        depth + 1,
      );
    }
    return out;
  }

  private array(s: JsonObject, pointer: string, depth: number): unknown[] {
    const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : [];
    const rest = Array.isArray(s.items) ? (s.additionalItems ?? true) : (s.items ?? true);
    const min = typeof s.minItems === 'number' ? s.minItems : 0;
    const max = typeof s.maxItems === 'number' ? s.maxItems : Infinity;
    let length = Math.max(min, prefix.length, rest === false ? 0 : 1);
    length = Math.min(length, max, Math.max(this.maxEntries, min > this.maxEntries ? this.maxEntries : 0));
    if (min > length) this.placeholders.push(pointer);
    const out: unknown[] = [];
    for (let i = 0; i < length; i++) {
      const sub = i < prefix.length ? prefix[i] : rest;
      if (sub === false) break;
      out.push(this.value(sub, `${pointer}/${i}`, depth + 1));
    }
    if (s.uniqueItems === true) {
      const seen = new Set<string>();
      for (let i = 0; i < out.length; i++) {
        let key = JSON.stringify(out[i]);
        if (typeof out[i] === 'string' && seen.has(key)) {
          out[i] = `${out[i] as string}-${i}`;
          key = JSON.stringify(out[i]);
        } else if (typeof out[i] === 'number' && seen.has(key)) {
          out[i] = (out[i] as number) + i;
          key = JSON.stringify(out[i]);
        }
        seen.add(key);
      }
    }
    return out;
  }

  private string(s: JsonObject, pointer: string): string {
    const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
    const maxLength = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
    let value: string | undefined;
    if (typeof s.format === 'string') value = formatValue(s.format, this.random);
    if (value === undefined && typeof s.pattern === 'string') {
      value = fromPattern(s.pattern);
      if (value === undefined || !this.valid({ type: 'string', pattern: s.pattern }, value)) {
        this.placeholders.push(pointer);
        return PLACEHOLDER;
      }
      if (
        value.length < minLength &&
        this.valid({ type: 'string', pattern: s.pattern }, value + 'x'.repeat(minLength - value.length))
      )
        value += 'x'.repeat(minLength - value.length);
    }
    if (value === undefined) {
      const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
      value = `mock-${this.pick(words)}`;
    }
    if (value.length < minLength && s.format === undefined && s.pattern === undefined)
      value = value + 'x'.repeat(minLength - value.length);
    if ([...value].length > maxLength && s.format === undefined && s.pattern === undefined)
      value = [...value].slice(0, maxLength).join('');
    if (!this.valid(s, value)) this.placeholders.push(pointer);
    return value;
  }

  private number(s: JsonObject, integer: boolean, pointer: string): number {
    let lo = -Infinity;
    let hi = Infinity;
    let loOpen = false;
    let hiOpen = false;
    if (typeof s.minimum === 'number') lo = s.minimum;
    if (typeof s.maximum === 'number') hi = s.maximum;
    if (typeof s.exclusiveMinimum === 'number' && s.exclusiveMinimum >= lo) {
      lo = s.exclusiveMinimum;
      loOpen = true;
    }
    if (typeof s.exclusiveMaximum === 'number' && s.exclusiveMaximum <= hi) {
      hi = s.exclusiveMaximum;
      hiOpen = true;
    }
    if (s.exclusiveMinimum === true) loOpen = true; // draft-04 form
    if (s.exclusiveMaximum === true) hiOpen = true;
    const step = typeof s.multipleOf === 'number' && s.multipleOf > 0 ? s.multipleOf : integer ? 1 : undefined;
    // A small seeded value inside the bounds.
    const base = Math.floor(this.random() * 100);
    let candidate: number;
    if (lo === -Infinity && hi === Infinity) candidate = base;
    else if (lo === -Infinity) candidate = Math.min(base, hi);
    else if (hi === Infinity) candidate = lo + base;
    else candidate = lo + (hi - lo) * this.random();
    if (step !== undefined) candidate = Math.round(candidate / step) * step;
    const fits = (v: number) =>
      (loOpen ? v > lo : v >= lo) && (hiOpen ? v < hi : v <= hi) && (!integer || Number.isInteger(v));
    if (!fits(candidate) && step !== undefined && lo !== -Infinity) {
      candidate = Math.ceil(lo / step) * step;
      if (loOpen && candidate <= lo) candidate += step;
    }
    if (!fits(candidate) && !integer && lo !== -Infinity && hi !== Infinity) candidate = (lo + hi) / 2;
    if (!fits(candidate) && lo !== -Infinity) candidate = integer ? Math.floor(lo) + 1 : lo;
    if (!this.valid(s, candidate)) this.placeholders.push(pointer);
    return candidate;
  }
}

function merge(a: JsonObject, b: JsonObject): JsonObject {
  const out: JsonObject = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (key === 'properties' && isObject(out.properties) && isObject(value))
      out.properties = { ...out.properties, ...value };
    else if (key === 'required' && Array.isArray(out.required) && Array.isArray(value))
      out.required = [...new Set([...out.required, ...value])];
    else if (key === 'type' && out.type !== undefined && value !== undefined) {
      const left = Array.isArray(out.type) ? out.type : [out.type];
      const right = Array.isArray(value) ? value : [value];
      const both = left.filter((t) => right.includes(t) || (t === 'integer' && right.includes('number')));
      const extra = right.filter((t) => t === 'integer' && left.includes('number'));
      out.type = both.length + extra.length > 0 ? [...new Set([...both, ...extra])] : value;
    } else Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function typeOf(s: JsonObject): string | undefined {
  const types = Array.isArray(s.type)
    ? s.type.filter((t): t is string => typeof t === 'string')
    : typeof s.type === 'string'
      ? [s.type]
      : [];
  const nonNull = types.filter((t) => t !== 'null');
  if (nonNull.includes('integer')) return 'integer';
  if (nonNull.length > 0) return nonNull[0];
  if (types.includes('null')) return 'null';
  if ('properties' in s || 'required' in s || 'additionalProperties' in s || 'minProperties' in s) return 'object';
  if ('items' in s || 'prefixItems' in s || 'minItems' in s) return 'array';
  if ('minLength' in s || 'maxLength' in s || 'pattern' in s || 'format' in s) return 'string';
  if ('minimum' in s || 'maximum' in s || 'multipleOf' in s || 'exclusiveMinimum' in s || 'exclusiveMaximum' in s)
    return 'number';
  return undefined;
}

function formatValue(format: string, random: () => number): string | undefined {
  const hex = () => Math.floor(random() * 16).toString(16);
  switch (format) {
    case 'date-time':
      return '2025-01-01T00:00:00Z';
    case 'date':
      return '2025-01-01';
    case 'time':
      return '00:00:00Z';
    case 'email':
      return 'user@example.com';
    case 'uri':
    case 'iri':
      return 'https://example.com/mock';
    case 'uri-reference':
    case 'iri-reference':
      return '/mock';
    case 'hostname':
      return 'example.com';
    case 'ipv4':
      return '192.0.2.1';
    case 'ipv6':
      return '2001:db8::1';
    case 'uuid': {
      let s = '';
      for (let i = 0; i < 32; i++) s += hex();
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-a${s.slice(17, 20)}-${s.slice(20, 32)}`;
    }
    default:
      return undefined;
  }
}

/**
 * A string matching a literal-ish regular expression, or undefined when the pattern uses
 * anything outside the supported subset (look-around, back-references, nested quantifiers...).
 * Each atom is repeated its minimum number of times (at least once for `+`); classes give their
 * first character; the first alternative of a group (or of the whole pattern) is used.
 */
export function fromPattern(pattern: string): string | undefined {
  if (pattern.length > 512) return undefined;
  let i = 0;
  const source = pattern;
  const fail = Symbol('fail');
  type Out = string | typeof fail;

  function parseAlternatives(depth: number): Out {
    if (depth > 8) return fail;
    const first = parseSequence(depth);
    if (first === fail) return fail;
    while (source[i] === '|') {
      i++;
      if (parseSequence(depth) === fail) return fail; // parsed for syntax, not used
    }
    return first;
  }

  function parseSequence(depth: number): Out {
    let out = '';
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      const c = source[i]!;
      if (c === '^' || c === '$') {
        i++;
        continue;
      }
      const atom = parseAtom(depth);
      if (atom === fail) return fail;
      const q = parseQuantifier();
      if (q === undefined) return fail;
      out += atom.repeat(q);
    }
    return out;
  }

  function parseQuantifier(): number | undefined {
    const c = source[i];
    let n = 1;
    if (c === '?' || c === '*') {
      i++;
      n = 0;
    } else if (c === '+') {
      i++;
      n = 1;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (!m) return 1; // a literal "{"? treat as unsupported below
      i += m[0].length;
      n = Number(m[1]);
      if (n > 64) return undefined;
    }
    if (source[i] === '?' && (c === '?' || c === '*' || c === '+' || c === '{')) i++; // lazy
    if (source[i] === '*' || source[i] === '+' || source[i] === '{') return undefined;
    return n;
  }

  function escapeChar(e: string): string | undefined {
    switch (e) {
      case 'd':
        return '0';
      case 'w':
        return 'a';
      case 's':
        return ' ';
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'D':
        return 'a';
      case 'W':
        return '-';
      case 'S':
        return 'a';
      default:
        if (/[A-Za-z0-9]/.test(e)) return undefined; // \b, \1, \p{...}, \u... etc.
        return e;
    }
  }

  function parseAtom(depth: number): Out {
    const c = source[i]!;
    if (c === '(') {
      i++;
      if (source[i] === '?') {
        if (source[i + 1] === ':') i += 2;
        else return fail; // look-around, named groups
      }
      const inner = parseAlternatives(depth + 1);
      if (inner === fail || source[i] !== ')') return fail;
      i++;
      return inner;
    }
    if (c === '[') {
      i++;
      let negate = false;
      if (source[i] === '^') {
        negate = true;
        i++;
      }
      const chars: string[] = [];
      let first = true;
      while (i < source.length && (source[i] !== ']' || first)) {
        first = false;
        let ch = source[i]!;
        if (ch === '\\') {
          const e = escapeChar(source[i + 1] ?? '');
          if (e === undefined) return fail;
          ch = e;
          i += 2;
        } else i++;
        if (source[i] === '-' && source[i + 1] !== ']' && i + 1 < source.length) {
          i += 2; // range: keep its first character
        }
        chars.push(ch);
      }
      if (source[i] !== ']') return fail;
      i++;
      if (negate) {
        for (const candidate of ['a', 'x', '0', '-', '_']) if (!chars.includes(candidate)) return candidate;
        return fail;
      }
      return chars[0] ?? fail;
    }
    if (c === '\\') {
      const e = escapeChar(source[i + 1] ?? '');
      if (e === undefined) return fail;
      i += 2;
      return e;
    }
    if (c === '.') {
      i++;
      return 'a';
    }
    if (c === '*' || c === '+' || c === '?' || c === '{' || c === '}' || c === ']') return fail;
    i++;
    return c;
  }

  const out = parseAlternatives(0);
  if (out === fail || i !== source.length) return undefined;
  return out;
}

/** Synthesizes a value valid against `schema` (see the module documentation for the policy). */
export function synthesize(schema: unknown, options: SynthesisOptions = {}): SynthesisResult {
  const selection = dialectOf(schema);
  const dialect = 'dialect' in selection ? selection.dialect : undefined;
  if (!dialect) return { value: null, valid: false, placeholders: [''] };
  const synthesizer = new Synthesizer(
    schema,
    dialect,
    options.seed ?? 'mcpdesc',
    options.maxDepth ?? 16,
    options.maxEntries ?? 8,
  );
  const value = synthesizer.value(schema, '', 0);
  const valid = evaluate(schema, value, dialect, { formats: true, maxErrors: 1 }).valid;
  const placeholders = [...new Set(synthesizer.placeholders)];
  if (!valid && placeholders.length === 0) placeholders.push('');
  return { value, valid, placeholders };
}
