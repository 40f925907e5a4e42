/**
 * Deep comparison of two JSON Schemas (a Tool's inputSchema or outputSchema in the old and the
 * new document), walked in parallel. `direction` says who produces the instances: `input` (the
 * client sends them: narrowing breaks) or `output` (the client receives them: widening breaks);
 * the classification table turns the emitted change kinds into classes per direction.
 *
 * Local `$ref`s (`#...` against the schema root, including `$defs`) are followed in both
 * schemas; cycles are cut by remembering the pairs of resolved locations on the current path,
 * and depth is bounded. Where a change cannot be compared structurally (composition of unequal
 * length, `not`, conditionals, unknown keywords) the change says so instead of guessing.
 */
import { getAtPointer, joinPointer } from '../model/json-pointer.js';
import { isObject, type JsonObject } from '../model/values.js';
import type { ChangeSide, ChangeSubject, RawChange } from './types.js';
import { canonicalJson, compareCodeUnits, jsonEqual } from '../model/json.js';

export type SchemaDirection = 'input' | 'output';

/** A schema and where it sits in its document. */
export interface LocatedSchema {
  value: unknown;
  pointer: string;
}

/** Nesting bound of the parallel walk (untrusted input; cycles are cut separately). */
export const maxSchemaDepth = 64;

const allTypes = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];

const lowerBounds = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
const upperBounds = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];
const documentation = new Set([
  'title',
  'description',
  'examples',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
]);
/** Keywords handled by dedicated comparisons (or not compared directly: `$defs` are reached through `$ref`). */
const handled = new Set([
  'type',
  'enum',
  'const',
  ...lowerBounds,
  ...upperBounds,
  'uniqueItems',
  'pattern',
  'format',
  'multipleOf',
  'required',
  'properties',
  'additionalProperties',
  'unevaluatedProperties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'default',
  '$ref',
  '$defs',
  'definitions',
]);

interface Node {
  value: unknown;
  pointer: string;
}

interface Walk {
  direction: SchemaDirection;
  subject: ChangeSubject;
  /** `inputSchema` / `outputSchema`: the prefix of human paths. */
  label: string;
  oldRoot: Node;
  newRoot: Node;
  emit: (change: RawChange) => void;
  /** Resolved location pairs on the current path (cycle cut). */
  active: Set<string>;
  depthReported: boolean;
  /** Whether either schema contains a `$ref` (equal spellings may then resolve differently). */
  refs: boolean;
  /** Nodes compared so far (bounded work: shared `$ref` targets can multiply paths). */
  visits: number;
  /**
   * Use-site pairs whose whole comparison emitted nothing, cut no cycle and hit no bound: such a
   * comparison depends only on the pair, so a second path to it (a `$ref` target shared by many
   * uses) is known to be unchanged without walking it again.
   */
  unchanged: Set<string>;
  /** Changes emitted, cycles cut and bounds hit so far: a pair is unchanged when none moved. */
  events: number;
}

/** Bound on compared node pairs per schema pair. */
export const maxSchemaVisits = 100_000;

function containsRef(value: unknown, depth = 0): boolean {
  if (depth > 256) return true;
  if (Array.isArray(value)) return value.some((v) => containsRef(v, depth + 1));
  if (!isObject(value)) return false;
  if (typeof value.$ref === 'string' || typeof value.$dynamicRef === 'string') return true;
  return Object.keys(value).some((k) => containsRef(value[k], depth + 1));
}

/**
 * Compares two schemas; either may be absent (`value: undefined`: the Tool declares none).
 * `old.pointer`/`new.pointer` are the schemas' locations (or the Tool's, when absent).
 */
export function diffSchemas(
  direction: SchemaDirection,
  subject: ChangeSubject,
  label: string,
  old: LocatedSchema,
  next: LocatedSchema,
  emit: (change: RawChange) => void,
): void {
  const w: Walk = {
    direction,
    subject,
    label,
    oldRoot: old,
    newRoot: next,
    emit,
    active: new Set(),
    depthReported: false,
    refs: containsRef(old.value) || containsRef(next.value),
    visits: 0,
    unchanged: new Set(),
    events: 0,
  };
  if (old.value === undefined && next.value === undefined) return;
  // Equal schemas are equal everywhere inside: their local references resolve against equal roots.
  if (jsonEqual(old.value, next.value)) return;
  if (old.value === undefined || next.value === undefined) {
    report(
      w,
      'schema.' + (old.value === undefined ? 'added' : 'removed'),
      '',
      `${label} ${old.value === undefined ? 'added' : 'removed'}`,
      side(old.pointer, old.value),
      side(next.pointer, next.value),
    );
    return;
  }
  compareNodes(w, old, next, '', 0);
}

function side(pointer: string, value: unknown): ChangeSide {
  return value === undefined ? { pointer } : { pointer, value };
}

function report(w: Walk, change: string, path: string, detail: string, oldSide: ChangeSide, newSide: ChangeSide): void {
  const c: RawChange = { id: `diff.${w.direction}.${change}`, subject: w.subject, detail, old: oldSide, new: newSide };
  if (path !== '') c.path = path;
  w.events++;
  w.emit(c);
}

/** "inputSchema property "a.b"" or "inputSchema" at the root. */
function where(w: Walk, path: string): string {
  return path === '' ? w.label : `${w.label} property ${JSON.stringify(path)}`;
}

function childPath(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

/**
 * Follows a local `$ref` whose siblings are only documentation; returns the node itself otherwise.
 * `undefined` when the reference cannot be resolved locally.
 */
function deref(root: Node, node: Node): Node | undefined {
  // Before 2019-09, keywords beside `$ref` are ignored: the reference is the whole schema.
  const siblingsIgnored =
    isObject(root.value) && typeof root.value.$schema === 'string' && /draft-0[4-7]\/schema/.test(root.value.$schema);
  let current = node;
  for (let hops = 0; hops < maxSchemaDepth; hops++) {
    const v = current.value;
    if (!isObject(v) || typeof v.$ref !== 'string') return current;
    if (
      !siblingsIgnored &&
      !Object.keys(v).every((k) => k === '$ref' || documentation.has(k) || k === 'default' || k.startsWith('x-'))
    )
      return current;
    const target = resolveLocal(root, v.$ref);
    if (!target) return undefined;
    current = target;
  }
  return undefined;
}

function resolveLocal(root: Node, ref: string): Node | undefined {
  if (!ref.startsWith('#')) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment !== '' && !fragment.startsWith('/')) return undefined; // anchors: not resolved
  const value = getAtPointer(root.value, fragment);
  if (value === undefined) return undefined;
  return { value, pointer: root.pointer + fragment };
}

function compareNodes(w: Walk, oldIn: Node, newIn: Node, path: string, depth: number): void {
  if (!w.refs && jsonEqual(oldIn.value, newIn.value)) return;
  const useKey = oldIn.pointer + '\u0000' + newIn.pointer;
  if (w.unchanged.has(useKey)) return;
  if (depth > maxSchemaDepth || ++w.visits > maxSchemaVisits) {
    w.events++;
    if (!w.depthReported) {
      w.depthReported = true;
      const why =
        depth > maxSchemaDepth
          ? `nesting deeper than ${maxSchemaDepth} levels`
          : `more than ${maxSchemaVisits} subschema pairs`;
      report(
        w,
        'schema.depth-limit',
        path,
        `${where(w, path)}: ${why} not compared`,
        { pointer: oldIn.pointer },
        { pointer: newIn.pointer },
      );
    }
    return;
  }
  const oldNode = deref(w.oldRoot, oldIn);
  const newNode = deref(w.newRoot, newIn);
  if (!oldNode || !newNode) {
    // An unresolvable (external or anchor) reference: equal spellings compare equal.
    if (!jsonEqual(oldIn.value, newIn.value)) {
      report(
        w,
        'keyword.changed',
        path,
        `${where(w, path)}: unresolvable $ref changed`,
        side(oldIn.pointer, oldIn.value),
        side(newIn.pointer, newIn.value),
      );
    }
    return;
  }
  const key = oldNode.pointer + '\u0000' + newNode.pointer;
  if (w.active.has(key)) {
    w.events++; // a cycle back to a pair being compared: this path's result depends on it
    return;
  }
  w.active.add(key);
  const events = w.events;
  try {
    compareResolved(w, oldNode, newNode, path, depth, oldIn, newIn);
  } finally {
    w.active.delete(key);
  }
  if (w.events === events) w.unchanged.add(useKey);
}

function compareResolved(w: Walk, o: Node, n: Node, path: string, depth: number, oIn: Node, nIn: Node): void {
  // Boolean schemas: true is {} and false accepts nothing (an empty type set).
  if (o.value === false || n.value === false) {
    if (o.value === n.value) return;
    const narrowed = n.value === false;
    report(
      w,
      narrowed ? 'type.narrowed' : 'type.widened',
      path,
      `${where(w, path)}: ${narrowed ? 'now rejects every value (false schema)' : 'no longer a false schema'}`,
      side(o.pointer, o.value),
      side(n.pointer, n.value),
    );
    return;
  }
  const os: JsonObject = o.value === true ? {} : (o.value as JsonObject);
  const ns: JsonObject = n.value === true ? {} : (n.value as JsonObject);
  if (!isObject(os) || !isObject(ns)) {
    if (!jsonEqual(o.value, n.value))
      report(
        w,
        'keyword.changed',
        path,
        `${where(w, path)}: schema changed`,
        side(o.pointer, o.value),
        side(n.pointer, n.value),
      );
    return;
  }
  // Documentation siblings of a followed $ref count for the use site.
  compareDocumentation(w, oIn, nIn, o, n, path);

  compareTypes(w, o, n, os, ns, path);
  compareEnums(w, o, n, os, ns, path);
  compareConstraints(w, o, n, os, ns, path);
  compareObject(w, o, n, os, ns, path, depth);
  compareArray(w, o, n, os, ns, path, depth);
  compareComposition(w, o, n, os, ns, path, depth);
  compareOther(w, o, n, os, ns, path, depth);
}

const at = (node: Node, key: string | number): string => joinPointer(node.pointer, key);

/** The side of keyword `key`: its pointer and value when present, the schema's pointer when absent. */
function kw(node: Node, schema: JsonObject, key: string): ChangeSide {
  return Object.prototype.hasOwnProperty.call(schema, key)
    ? { pointer: at(node, key), value: schema[key] }
    : { pointer: node.pointer };
}

function has(schema: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(schema, key);
}

function compareDocumentation(w: Walk, oIn: Node, nIn: Node, o: Node, n: Node, path: string): void {
  // Documentation comes from the use site ($ref siblings) over the target.
  const pick = (use: Node, target: Node): Map<string, ChangeSide> => {
    const out = new Map<string, ChangeSide>();
    for (const node of use === target ? [target] : [target, use]) {
      if (!isObject(node.value)) continue;
      for (const k of Object.keys(node.value)) {
        if (documentation.has(k) || k === 'default' || k.startsWith('x-'))
          out.set(k, { pointer: at(node, k), value: node.value[k] });
      }
    }
    return out;
  };
  const od = pick(oIn, o);
  const nd = pick(nIn, n);
  const keys = [...new Set([...od.keys(), ...nd.keys()])].sort(compareCodeUnits);
  for (const k of keys) {
    const a = od.get(k);
    const b = nd.get(k);
    if (a && b && jsonEqual(a.value, b.value)) continue;
    const oldSide = a ?? { pointer: o.pointer };
    const newSide = b ?? { pointer: n.pointer };
    const verb = !a ? 'added' : !b ? 'removed' : 'changed';
    if (k === 'x-mcp-header' && w.direction === 'input') {
      report(
        w,
        `x-mcp-header.${verb}`,
        path,
        `${where(w, path)}: x-mcp-header ${verb}${a && b ? ` from ${JSON.stringify(a.value)} to ${JSON.stringify(b.value)}` : ''}`,
        oldSide,
        newSide,
      );
    } else if (k.startsWith('x-')) {
      report(w, 'extension.changed', path, `${where(w, path)}: ${k} ${verb}`, oldSide, newSide);
    } else if (k === 'default') {
      report(w, 'default.changed', path, `${where(w, path)}: default ${verb}`, oldSide, newSide);
    } else {
      report(w, 'documentation.changed', path, `${where(w, path)}: ${k} ${verb}`, oldSide, newSide);
    }
  }
}

/** The accepted types: undefined = every type. */
function typeSet(schema: JsonObject): Set<string> | undefined {
  const t = schema.type;
  if (typeof t === 'string') return new Set([t]);
  if (Array.isArray(t)) return new Set(t.filter((x): x is string => typeof x === 'string'));
  return undefined;
}

function accepts(set: Set<string> | undefined, type: string): boolean {
  if (!set) return true;
  return set.has(type) || (type === 'integer' && set.has('number'));
}

function subset(a: Set<string> | undefined, b: Set<string> | undefined): boolean {
  for (const t of a ?? allTypes) if (!accepts(b, t)) return false;
  return true;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'object' ? 'object' : typeof value;
}

function compareTypes(w: Walk, o: Node, n: Node, os: JsonObject, ns: JsonObject, path: string): void {
  const a = typeSet(os);
  const b = typeSet(ns);
  const aInB = subset(a, b);
  const bInA = subset(b, a);
  if (aInB && bInA) return;
  // With enumerations on both sides, a type change that excludes no enumerated value changes nothing.
  const ev = enumValues(o, os);
  const nv = enumValues(n, ns);
  if (ev && nv && [...ev, ...nv].every((e) => accepts(a, jsonType(e.value)) && accepts(b, jsonType(e.value)))) return;
  const change = bInA ? 'type.narrowed' : aInB ? 'type.widened' : 'type.changed';
  const show = (s: Set<string> | undefined): string => (s ? [...s].join('|') || '(none)' : 'any');
  report(
    w,
    change,
    path,
    `${where(w, path)}: type ${change.slice(5)} from ${show(a)} to ${show(b)}`,
    kw(o, os, 'type'),
    kw(n, ns, 'type'),
  );
}

/** Enumerated values (`const` is an enumeration of one); undefined when unrestricted. */
function enumValues(node: Node, schema: JsonObject): { value: unknown; pointer: string }[] | undefined {
  if (has(schema, 'const')) return [{ value: schema.const, pointer: at(node, 'const') }];
  if (Array.isArray(schema.enum))
    return schema.enum.map((value, i) => ({ value, pointer: joinPointer(node.pointer, 'enum', i) }));
  return undefined;
}

function compareEnums(w: Walk, o: Node, n: Node, os: JsonObject, ns: JsonObject, path: string): void {
  const a = enumValues(o, os);
  const b = enumValues(n, ns);
  if (!a && !b) return;
  const keyOf = has(os, 'const') ? 'const' : 'enum';
  const newKey = has(ns, 'const') ? 'const' : 'enum';
  if (!a || !b) {
    const added = !a;
    report(
      w,
      added ? 'enum.added' : 'enum.removed',
      path,
      `${where(w, path)}: ${added ? newKey : keyOf} restriction ${added ? 'added' : 'removed'}`,
      kw(o, os, keyOf),
      kw(n, ns, newKey),
    );
    return;
  }
  const oldKeys = new Map(a.map((e) => [canonicalJson(e.value), e]));
  const newKeys = new Map(b.map((e) => [canonicalJson(e.value), e]));
  const oldContainer = kw(o, os, keyOf).pointer;
  const newContainer = kw(n, ns, newKey).pointer;
  for (const [k, e] of newKeys) {
    if (!oldKeys.has(k))
      report(
        w,
        'enum.value-added',
        path,
        `${where(w, path)}: enum value ${k} added`,
        { pointer: oldContainer },
        { pointer: e.pointer, value: e.value },
      );
  }
  for (const [k, e] of oldKeys) {
    if (!newKeys.has(k))
      report(
        w,
        'enum.value-removed',
        path,
        `${where(w, path)}: enum value ${k} removed`,
        { pointer: e.pointer, value: e.value },
        { pointer: newContainer },
      );
  }
}

function compareConstraints(w: Walk, o: Node, n: Node, os: JsonObject, ns: JsonObject, path: string): void {
  const emit = (key: string, change: 'tightened' | 'loosened' | 'changed'): void => {
    const a = has(os, key);
    const b = has(ns, key);
    const text = !a
      ? `${key} ${JSON.stringify(ns[key])} added`
      : !b
        ? `${key} ${JSON.stringify(os[key])} removed`
        : `${key} changed from ${JSON.stringify(os[key])} to ${JSON.stringify(ns[key])}`;
    report(w, `constraint.${change}`, path, `${where(w, path)}: ${text}`, kw(o, os, key), kw(n, ns, key));
  };
  for (const key of [...lowerBounds, ...upperBounds]) {
    const a = os[key];
    const b = ns[key];
    if (jsonEqual(a, b)) continue;
    if ((a !== undefined && typeof a !== 'number') || (b !== undefined && typeof b !== 'number')) {
      report(w, 'keyword.changed', path, `${where(w, path)}: ${key} changed`, kw(o, os, key), kw(n, ns, key)); // draft-04 boolean forms
      continue;
    }
    if (a === undefined) emit(key, 'tightened');
    else if (b === undefined) emit(key, 'loosened');
    else {
      const lower = lowerBounds.includes(key);
      emit(key, b > a === lower ? 'tightened' : 'loosened');
    }
  }
  if (!jsonEqual(os.uniqueItems, ns.uniqueItems)) {
    const a = os.uniqueItems === true;
    const b = ns.uniqueItems === true;
    if (a !== b) emit('uniqueItems', b ? 'tightened' : 'loosened');
  }
  for (const key of ['pattern', 'format']) {
    if (jsonEqual(os[key], ns[key])) continue;
    emit(key, !has(os, key) ? 'tightened' : !has(ns, key) ? 'loosened' : 'changed');
  }
  if (!jsonEqual(os.multipleOf, ns.multipleOf)) {
    const a = os.multipleOf;
    const b = ns.multipleOf;
    if (a === undefined) emit('multipleOf', 'tightened');
    else if (b === undefined) emit('multipleOf', 'loosened');
    else if (typeof a === 'number' && typeof b === 'number' && a > 0 && b > 0 && Number.isInteger(b / a))
      emit('multipleOf', 'tightened');
    else if (typeof a === 'number' && typeof b === 'number' && a > 0 && b > 0 && Number.isInteger(a / b))
      emit('multipleOf', 'loosened');
    else emit('multipleOf', 'changed');
  }
}

function requiredList(node: Node, schema: JsonObject): Map<string, string> {
  const out = new Map<string, string>();
  if (Array.isArray(schema.required)) {
    schema.required.forEach((name, i) => {
      if (typeof name === 'string' && !out.has(name)) out.set(name, joinPointer(node.pointer, 'required', i));
    });
  }
  return out;
}

function propertyMap(schema: JsonObject): JsonObject {
  return isObject(schema.properties) ? schema.properties : {};
}

function compareObject(w: Walk, o: Node, n: Node, os: JsonObject, ns: JsonObject, path: string, depth: number): void {
  const oldProps = propertyMap(os);
  const newProps = propertyMap(ns);
  const oldReq = requiredList(o, os);
  const newReq = requiredList(n, ns);
  const propsPointer = (node: Node, schema: JsonObject): string =>
    isObject(schema.properties) ? at(node, 'properties') : node.pointer;
  const reqPointer = (node: Node, schema: JsonObject): string =>
    Array.isArray(schema.required) ? at(node, 'required') : node.pointer;

  const names = [...new Set([...Object.keys(oldProps), ...Object.keys(newProps)])];
  for (const name of names) {
    const inOld = Object.prototype.hasOwnProperty.call(oldProps, name);
    const inNew = Object.prototype.hasOwnProperty.call(newProps, name);
    const p = childPath(path, name);
    const oldPointer = joinPointer(o.pointer, 'properties', name);
    const newPointer = joinPointer(n.pointer, 'properties', name);
    if (inOld && inNew) {
      compareNodes(
        w,
        { value: oldProps[name], pointer: oldPointer },
        { value: newProps[name], pointer: newPointer },
        p,
        depth + 1,
      );
    } else if (inNew) {
      if (newReq.has(name) && !oldReq.has(name)) continue; // reported once, as required-added
      report(
        w,
        'property.added',
        p,
        `${where(w, p)} added`,
        { pointer: propsPointer(o, os) },
        { pointer: newPointer, value: newProps[name] },
      );
    } else {
      report(
        w,
        'property.removed',
        p,
        `${where(w, p)} removed`,
        { pointer: oldPointer, value: oldProps[name] },
        { pointer: propsPointer(n, ns) },
      );
    }
  }
  for (const [name, pointer] of newReq) {
    if (oldReq.has(name)) continue;
    const p = childPath(path, name);
    const isNew =
      !Object.prototype.hasOwnProperty.call(oldProps, name) && Object.prototype.hasOwnProperty.call(newProps, name);
    report(
      w,
      'property.required-added',
      p,
      `${where(w, p)} ${isNew ? 'added as required' : 'became required'}`,
      { pointer: reqPointer(o, os) },
      { pointer, value: name },
    );
  }
  for (const [name, pointer] of oldReq) {
    if (newReq.has(name)) continue;
    const p = childPath(path, name);
    const removed =
      Object.prototype.hasOwnProperty.call(oldProps, name) && !Object.prototype.hasOwnProperty.call(newProps, name);
    if (removed) continue; // reported as property.removed
    report(
      w,
      'property.required-removed',
      p,
      `${where(w, p)} is no longer required`,
      { pointer, value: name },
      { pointer: reqPointer(n, ns) },
    );
  }

  for (const key of ['additionalProperties', 'unevaluatedProperties']) {
    compareOpenness(w, o, n, os, ns, key, path, childPath(path, '*'), depth);
  }

  // patternProperties: matched by pattern; a pattern added or removed cannot be judged alone.
  const op = isObject(os.patternProperties) ? os.patternProperties : undefined;
  const np = isObject(ns.patternProperties) ? ns.patternProperties : undefined;
  if (op || np) {
    const patterns = new Set([...Object.keys(op ?? {}), ...Object.keys(np ?? {})]);
    for (const pattern of patterns) {
      const a = op && Object.prototype.hasOwnProperty.call(op, pattern);
      const b = np && Object.prototype.hasOwnProperty.call(np, pattern);
      const p = childPath(path, `/${pattern}/`);
      if (a && b) {
        compareNodes(
          w,
          { value: op![pattern], pointer: joinPointer(o.pointer, 'patternProperties', pattern) },
          { value: np![pattern], pointer: joinPointer(n.pointer, 'patternProperties', pattern) },
          p,
          depth + 1,
        );
      } else {
        report(
          w,
          'keyword.changed',
          path,
          `${where(w, path)}: patternProperties ${JSON.stringify(pattern)} ${a ? 'removed' : 'added'}`,
          a
            ? { pointer: joinPointer(o.pointer, 'patternProperties', pattern), value: op![pattern] }
            : kw(o, os, 'patternProperties'),
          b
            ? { pointer: joinPointer(n.pointer, 'patternProperties', pattern), value: np![pattern] }
            : kw(n, ns, 'patternProperties'),
        );
      }
    }
  }
}

/** additionalProperties / unevaluatedProperties / additionalItems / unevaluatedItems: absent and true are open. */
function compareOpenness(
  w: Walk,
  o: Node,
  n: Node,
  os: JsonObject,
  ns: JsonObject,
  key: string,
  path: string,
  inner: string,
  depth: number,
): void {
  const a = has(os, key) ? os[key] : true;
  const b = has(ns, key) ? ns[key] : true;
  if (!has(os, key) && !has(ns, key)) return;
  if (a === false || b === false) {
    if (a === b) return;
    const closed = b === false;
    report(
      w,
      closed ? 'additional-properties.closed' : 'additional-properties.opened',
      path,
      `${where(w, path)}: ${key} ${closed ? 'closed (false)' : 'opened'}`,
      kw(o, os, key),
      kw(n, ns, key),
    );
    return;
  }
  compareNodes(
    w,
    { value: a, pointer: has(os, key) ? at(o, key) : o.pointer },
    { value: b, pointer: has(ns, key) ? at(n, key) : n.pointer },
    inner,
    depth + 1,
  );
}

function compareArray(w: Walk, o: Node, n: Node, os: JsonObject, ns: JsonObject, path: string, depth: number): void {
  // Tuple forms: 2020-12 prefixItems, draft-07 items arrays.
  const tuple = (s: JsonObject): { key: string; list: unknown[] } | undefined =>
    Array.isArray(s.prefixItems)
      ? { key: 'prefixItems', list: s.prefixItems }
      : Array.isArray(s.items)
        ? { key: 'items', list: s.items }
        : undefined;
  const ot = tuple(os);
  const nt = tuple(ns);
  if (ot || nt) {
    if (ot && nt && ot.list.length === nt.list.length) {
      ot.list.forEach((item, i) =>
        compareNodes(
          w,
          { value: item, pointer: joinPointer(o.pointer, ot.key, i) },
          { value: nt.list[i], pointer: joinPointer(n.pointer, nt.key, i) },
          `${path}[${i}]`,
          depth + 1,
        ),
      );
    } else {
      report(
        w,
        'keyword.changed',
        path,
        `${where(w, path)}: tuple items changed (${ot ? ot.list.length : 'none'} -> ${nt ? nt.list.length : 'none'})`,
        ot ? kw(o, os, ot.key) : { pointer: o.pointer },
        nt ? kw(n, ns, nt.key) : { pointer: n.pointer },
      );
    }
  }
  // Uniform items: 2020-12 `items` (schema) or draft-07 `additionalItems` after a tuple.
  const itemsKey = (s: JsonObject): string => (Array.isArray(s.items) ? 'additionalItems' : 'items');
  const ok = itemsKey(os);
  const nk = itemsKey(ns);
  const inner = `${path}[]`;
  if (ok === nk) {
    compareOpenness(w, o, n, os, ns, ok, path, inner, depth);
  } else if (!jsonEqual(os[ok], ns[nk])) {
    report(w, 'keyword.changed', path, `${where(w, path)}: array items form changed`, kw(o, os, ok), kw(n, ns, nk));
  }
  compareOpenness(w, o, n, os, ns, 'unevaluatedItems', path, inner, depth);
  for (const key of ['contains', 'propertyNames']) {
    if (!has(os, key) && !has(ns, key)) continue;
    compareNodes(
      w,
      { value: has(os, key) ? os[key] : true, pointer: has(os, key) ? at(o, key) : o.pointer },
      { value: has(ns, key) ? ns[key] : true, pointer: has(ns, key) ? at(n, key) : n.pointer },
      `${path}${key === 'contains' ? '[contains]' : '[propertyNames]'}`,
      depth + 1,
    );
  }
}

function compareComposition(
  w: Walk,
  o: Node,
  n: Node,
  os: JsonObject,
  ns: JsonObject,
  path: string,
  depth: number,
): void {
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const a = os[key];
    const b = ns[key];
    if (a === undefined && b === undefined) continue;
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
      a.forEach((item, i) =>
        compareNodes(
          w,
          { value: item, pointer: joinPointer(o.pointer, key, i) },
          { value: b[i], pointer: joinPointer(n.pointer, key, i) },
          path === '' ? `(${key} ${i})` : `${path}(${key} ${i})`,
          depth + 1,
        ),
      );
    } else if (!jsonEqual(a, b)) {
      const text =
        a === undefined
          ? 'added'
          : b === undefined
            ? 'removed'
            : Array.isArray(a) && Array.isArray(b)
              ? `changed from ${a.length} to ${b.length} subschemas`
              : 'changed';
      report(
        w,
        'composition.changed',
        path,
        `${where(w, path)}: ${key} ${text}; cannot determine compatibility`,
        kw(o, os, key),
        kw(n, ns, key),
      );
    }
  }
  // `not` inverts direction and conditionals depend on instances: compared by value only.
  for (const key of ['not', 'if', 'then', 'else']) {
    if (jsonEqual(os[key], ns[key])) continue;
    const verb = !has(os, key) ? 'added' : !has(ns, key) ? 'removed' : 'changed';
    report(
      w,
      'composition.changed',
      path,
      `${where(w, path)}: ${key} ${verb}; cannot determine compatibility`,
      kw(o, os, key),
      kw(n, ns, key),
    );
  }
}

function compareOther(w: Walk, o: Node, n: Node, os: JsonObject, ns: JsonObject, path: string, depth: number): void {
  // $ref with validation siblings (not followed by deref): compare the targets and say the form is uncertain.
  const or = typeof os.$ref === 'string' ? os.$ref : undefined;
  const nr = typeof ns.$ref === 'string' ? ns.$ref : undefined;
  if (or !== undefined && nr !== undefined) {
    const a = resolveLocal(w.oldRoot, or);
    const b = resolveLocal(w.newRoot, nr);
    if (a && b) compareNodes(w, a, b, path, depth + 1);
    else if (or !== nr)
      report(w, 'keyword.changed', path, `${where(w, path)}: $ref changed`, kw(o, os, '$ref'), kw(n, ns, '$ref'));
  } else if (or !== undefined || nr !== undefined) {
    report(
      w,
      'keyword.changed',
      path,
      `${where(w, path)}: $ref ${or === undefined ? 'added' : 'removed'} beside other keywords; cannot determine compatibility`,
      kw(o, os, '$ref'),
      kw(n, ns, '$ref'),
    );
  }
  const keys = [...new Set([...Object.keys(os), ...Object.keys(ns)])].sort(compareCodeUnits);
  for (const key of keys) {
    if (handled.has(key) || documentation.has(key) || key.startsWith('x-')) continue;
    if (jsonEqual(os[key], ns[key])) continue;
    const verb = !has(os, key) ? 'added' : !has(ns, key) ? 'removed' : 'changed';
    report(
      w,
      'keyword.changed',
      path,
      `${where(w, path)}: ${key} ${verb}; cannot determine compatibility`,
      kw(o, os, key),
      kw(n, ns, key),
    );
  }
}
