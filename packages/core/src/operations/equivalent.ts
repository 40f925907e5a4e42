/**
 * Semantic equivalence of MCP Description documents (3.1, 3.6, 4.13, 7.3, 7.4, 13, 15.5, 17).
 *
 * Two documents are equivalent when they describe the same MCP Description version, the same
 * root protocol revisions, and, for every root revision V, Effective Protocol Views P_V that are
 * equal once the non-semantic choices are normalized:
 *
 * - object property order (3.6);
 * - declaration order and redundant splitting of declarations across scopes (transports,
 *   capabilities, tools, resources, resource templates, prompts, elicitation declarations are
 *   sets), and the choice between an omitted scope and an explicit full-parent scope (4.13) —
 *   comparing views per revision makes all three disappear;
 * - `protocolVersions` order (a set);
 * - Security Requirement alternative order, scheme order and scope order (7.3) — but omitted
 *   `security`, `security: []` and `security: [{}]` stay distinct (7.4);
 * - per-primitive `tags` reference order (only the root catalogue order is defined, 13);
 * - a `$componentRef` versus the value it designates (17.2: it replaces one complete value),
 *   and therefore which component namespaces exist: only the outer Components Object's own
 *   extensions take part (17.5 lets a view keep or prune components);
 * - the root `$schema` (4.3, 4.11: a structural-schema hint, not a semantic declaration).
 *
 * Everything else is compared as plain JSON with ordered arrays: the root tag catalogue (its
 * order is display priority, 13), content blocks, `contents`, `messages`, completion values,
 * interaction steps, prompt arguments, icons, transport `args`, JSON Schemas, `_meta` and
 * extension values, example values.
 */
import { escapePointerToken } from '../model/json-pointer.js';
import { isObject, type JsonObject } from '../model/values.js';
import { inlineReferences } from './components.js';
import { hasElicitations, readOnlyView } from './project.js';
import { rootScopeOf, scopedCollections } from '../model/document.js';
import { canonicalJson, compareCodeUnits, jsonEqual, setOwn } from '../model/json.js';
import { assertWalkable } from '../model/caller-values.js';

export interface EquivalenceOptions {
  /**
   * `semantic` (default): references compared by the value they designate, component namespaces
   * ignored. `literal`: `$componentRef` spellings and component maps compared as written.
   */
  references?: 'semantic' | 'literal';
}

export interface EquivalenceDifference {
  /** The revision whose views differ; absent for a root-level difference. */
  revision?: string;
  /** Path in the normalized view (set-like arrays are sorted there). */
  path: string;
  a: unknown;
  b: unknown;
}

export interface EquivalenceReport {
  equivalent: boolean;
  differences: EquivalenceDifference[];
}

/** Whether `a` and `b` are semantically equivalent MCP Description documents. */
export function equivalent(a: unknown, b: unknown, options: EquivalenceOptions = {}): boolean {
  assertWalkable(a, 'equivalent (first document)');
  assertWalkable(b, 'equivalent (second document)');
  return compare(a, b, options).equivalent;
}

/** Like `equivalent`, with the first difference of each revision's views. */
export function compareDocuments(a: unknown, b: unknown, options: EquivalenceOptions = {}): EquivalenceReport {
  assertWalkable(a, 'compareDocuments (first document)');
  assertWalkable(b, 'compareDocuments (second document)');
  return compare(a, b, options);
}

function compare(a: unknown, b: unknown, options: EquivalenceOptions): EquivalenceReport {
  const left = prepare(a, options);
  const right = prepare(b, options);
  if (!isObject(left) || !isObject(right)) return report(normalizeValue(left), normalizeValue(right));
  const ra = rootScopeOf(left).sort(compareCodeUnits);
  const rb = rootScopeOf(right).sort(compareCodeUnits);
  if (!jsonEqual(ra, rb)) {
    return { equivalent: false, differences: [{ path: '/protocolVersions', a: ra, b: rb }] };
  }
  if (ra.length === 0) return report(normalizeDocument(left), normalizeDocument(right));
  const differences: EquivalenceDifference[] = [];
  for (const revision of ra) {
    // The views are only read. Equal views (as JSON) have equal normalized forms: nothing to look for.
    const viewA = readOnlyView(left, revision);
    const viewB = readOnlyView(right, revision);
    if (jsonEqual(viewA, viewB)) continue;
    const va = normalizeDocument(viewA);
    const vb = normalizeDocument(viewB);
    const difference = firstDifference(va, vb, '');
    if (difference) differences.push({ revision, ...difference });
  }
  return { equivalent: differences.length === 0, differences };
}

function report(a: unknown, b: unknown): EquivalenceReport {
  const difference = firstDifference(a, b, '');
  return { equivalent: difference === undefined, differences: difference ? [difference] : [] };
}

function prepare(document: unknown, options: EquivalenceOptions): unknown {
  // Only read from here on: no copy.
  if (options.references === 'literal' || !isObject(document)) return document;
  return inlineReferences(document, false).document;
}

/** The normalized form of a whole document (or view): a JSON value where set-like arrays are sorted. */
export function normalizeDocument(document: unknown): unknown {
  if (!isObject(document)) return normalizeValue(document);
  const out: JsonObject = {};
  for (const key of Object.keys(document).sort(compareCodeUnits)) {
    const value = document[key];
    if (key === '$schema') continue;
    if (key === 'protocolVersions') out[key] = normalizeStringSet(value);
    else if (key === 'security') out[key] = normalizeSecurity(value);
    else if ((scopedCollections as readonly string[]).includes(key) && Array.isArray(value)) {
      out[key] = normalizeSet(value.map((d) => normalizeDeclaration(key, d)));
    } else out[key] = normalizeValue(value);
  }
  return out;
}

/** The normalized form of one declaration of a root collection (its scope, if still present, as a set). */
export function normalizeDeclaration(collection: string, declaration: unknown): unknown {
  if (!isObject(declaration)) return normalizeValue(declaration);
  const out: JsonObject = {};
  for (const key of Object.keys(declaration).sort(compareCodeUnits)) {
    const value = declaration[key];
    if (key === 'protocolVersions') out[key] = normalizeStringSet(value);
    else if (key === 'security') out[key] = normalizeSecurity(value);
    else if (key === 'tags' && hasElicitations(collection)) out[key] = normalizeStringSet(value);
    else if (key === 'elicitations' && hasElicitations(collection) && Array.isArray(value)) {
      out[key] = normalizeSet(value.map((e) => normalizeDeclaration('elicitation', e)));
    } else out[key] = normalizeValue(value);
  }
  return out;
}

/**
 * Canonical text of one declaration: equal text, equivalent declarations. It is the canonical
 * text of `normalizeDeclaration`'s value, written without building that value (merge keys every
 * declaration of every input): plain members are already canonical text as written.
 */
export function declarationKey(collection: string, declaration: unknown): string {
  if (!isObject(declaration)) return canonicalJson(declaration);
  const members: string[] = [];
  for (const key of Object.keys(declaration).sort(compareCodeUnits)) {
    const value = declaration[key];
    let text: string;
    if (key === 'protocolVersions') text = canonicalJson(normalizeStringSet(value));
    else if (key === 'security') text = canonicalJson(normalizeSecurity(value));
    else if (key === 'tags' && hasElicitations(collection)) text = canonicalJson(normalizeStringSet(value));
    else if (key === 'elicitations' && hasElicitations(collection) && Array.isArray(value)) {
      // normalizeSet's text: the members' texts, deduplicated and sorted.
      const texts = new Set(value.map((e) => declarationKey('elicitation', e)));
      text = '[' + [...texts].sort(compareCodeUnits).join(',') + ']';
    } else text = canonicalJson(value);
    members.push(JSON.stringify(key) + ':' + text);
  }
  return '{' + members.join(',') + '}';
}

/** Canonical text of an unscoped root value (`security` as a requirement set, the rest as JSON). */
export function rootValueKey(key: string, value: unknown): string {
  if (value === undefined) return '(absent)';
  return canonicalJson(key === 'security' ? normalizeSecurity(value) : normalizeValue(value));
}

/** A Security Requirement Array as a set of requirements whose scope arrays are sets (7.3). */
export function normalizeSecurity(value: unknown): unknown {
  if (!Array.isArray(value)) return normalizeValue(value);
  return normalizeSet(
    value.map((requirement) => {
      if (!isObject(requirement)) return normalizeValue(requirement);
      const out: JsonObject = {};
      for (const name of Object.keys(requirement).sort(compareCodeUnits))
        out[name] = normalizeStringSet(requirement[name]);
      return out;
    }),
  );
}

function normalizeStringSet(value: unknown): unknown {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return normalizeValue(value);
  return [...new Set(value as string[])].sort(compareCodeUnits);
}

/** Sorts normalized values by canonical text and removes duplicates. */
function normalizeSet(values: unknown[]): unknown[] {
  const byKey = new Map<string, unknown>();
  for (const v of values) byKey.set(canonicalJson(v), v);
  return [...byKey.keys()].sort(compareCodeUnits).map((k) => byKey.get(k));
}

/** Plain JSON: keys sorted, arrays in order. */
function normalizeValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeValue);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value).sort(compareCodeUnits)) {
    setOwn(out, key, normalizeValue(value[key]));
  }
  return out;
}

/** The first place two normalized values differ (depth first), as a pointer-like path. */
export function firstDifference(
  a: unknown,
  b: unknown,
  path: string,
): { path: string; a: unknown; b: unknown } | undefined {
  if (jsonEqual(a, b)) return undefined;
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const d = firstDifference(a[i], b[i], `${path}/${i}`);
      if (d) return d;
    }
    return { path, a, b };
  }
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(compareCodeUnits);
    for (const key of keys) {
      const d = firstDifference(a[key], b[key], `${path}/${escapePointerToken(key)}`);
      if (d) return d;
    }
  }
  return { path, a, b };
}
