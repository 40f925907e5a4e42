/**
 * Schema-document indexing for `$ref` / `$dynamicRef` resolution WITHIN one
 * schema document: `$id` (base URI changes and embedded resources),
 * `$anchor`, `$dynamicAnchor` (2020-12), plain-name `$id` fragments (draft-07)
 * and JSON-pointer fragments. Nothing is ever fetched: a reference whose
 * resource is not in the document is reported as external.
 *
 * Indexes are built lazily (only when a schema actually uses a reference) and
 * cached per root schema object.
 */
import { escapePointerToken, unescapePointerToken } from '../model/json-pointer.js';
import type { Dialect } from './dialect.js';
import { metaSchemaDocuments } from './meta-schemas.js';
import { singleSubschemaKeywords, subschemaArrayKeywords, subschemaMapKeywords, subschemaShape } from './keywords.js';

const hasOwn = Object.prototype.hasOwnProperty;

/** Base URI used for a schema root that has no absolute `$id`. */
export const DEFAULT_BASE = 'mcpdesc-schema:/root.json';

export interface RefSite {
  /** RFC 6901 pointer (relative to the schema root) of the schema object holding the reference. */
  pointer: string;
  keyword: '$ref' | '$dynamicRef';
  ref: string;
  /** The schema object at `pointer`, when the walk that found the site kept it. */
  holder?: Record<string, unknown>;
}

export type Resolution =
  | { kind: 'local'; target: unknown; fragment: string }
  | { kind: 'external'; uri: string }
  | { kind: 'unresolvable'; reason: string };

export interface SchemaIndex {
  readonly dialect: Dialect;
  readonly root: unknown;
  readonly rootBase: string;
  /** schema object → base URI (no fragment) in effect at that object */
  baseOf: Map<object, string>;
  /** resource URI (no fragment) → schema object */
  readonly resources: Map<string, unknown>;
  /** 'uri#name' → schema object ($anchor, $dynamicAnchor, draft-07 '#name' $id) */
  anchors: Map<string, unknown>;
  /** 'uri#name' → schema object ($dynamicAnchor only) */
  dynamicAnchors: Map<string, unknown>;
  readonly refs: RefSite[];
  /** cache: schema object → resolution of its `$ref` */
  readonly resolved: Map<object, Resolution>;
  /** cache: schema object → resolution of its `$dynamicRef` (2020-12), made on first use */
  resolvedDynamic: Map<object, Resolution> | null;
}

/**
 * What `baseOf`, `anchors` and `dynamicAnchors` hold for a document without identifiers: one map
 * shared by every such index and never written (indexes live as long as their schema, and most
 * schemas have no identifier). `withOwnMaps` replaces it before a walk that records identifiers.
 */
const noEntries = new Map<never, never>();

function withOwnMaps(idx: SchemaIndex): void {
  if (idx.baseOf === noEntries) idx.baseOf = new Map();
  if (idx.anchors === noEntries) idx.anchors = new Map();
  if (idx.dynamicAnchors === noEntries) idx.dynamicAnchors = new Map();
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stripFragment(u: string): string {
  const i = u.indexOf('#');
  return i < 0 ? u : u.slice(0, i);
}

function tryResolve(ref: string, base: string): URL | null {
  try {
    return new URL(ref, base);
  } catch {
    return null;
  }
}

/**
 * Visit every schema object reachable through schema-bearing keywords,
 * iteratively, calling `visit(node, pointer)`. `visit` returns the base URI to
 * use for that node's children.
 */
function walk(
  root: unknown,
  dialect: Dialect,
  rootBase: string,
  visit: (node: Record<string, unknown>, pointer: string, base: string) => string,
  maxNodes = 1_000_000,
): void {
  const stack: { node: unknown; ptr: string; base: string }[] = [{ node: root, ptr: '', base: rootBase }];
  const seen = new Set<object>();
  let count = 0;
  while (stack.length > 0) {
    const { node, ptr, base } = stack.pop()!;
    if (!isObj(node) || seen.has(node)) continue;
    seen.add(node);
    if (++count > maxNodes) return;
    const childBase = visit(node, ptr, base);
    // `items` is in both lists: an object value is entered as one schema, an array value item by item
    for (const k of singleSubschemaKeywords) {
      const v = node[k];
      if (isObj(v)) stack.push({ node: v, ptr: `${ptr}/${k}`, base: childBase });
    }
    for (const k of subschemaArrayKeywords) {
      const v = node[k];
      if (Array.isArray(v))
        for (let i = 0; i < v.length; i++) stack.push({ node: v[i], ptr: `${ptr}/${k}/${i}`, base: childBase });
    }
    for (const k of subschemaMapKeywords) {
      const v = node[k];
      if (isObj(v)) {
        for (const name of Object.keys(v)) {
          const c = v[name];
          if (isObj(c)) stack.push({ node: c, ptr: `${ptr}/${k}/${escapePointerToken(name)}`, base: childBase });
        }
      }
    }
  }
}

/** `$id`, unless draft-07 ignores it: there `$ref` overrides every sibling keyword, `$id` included. */
function effectiveId(node: Record<string, unknown>, dialect: Dialect): string | undefined {
  const id = node['$id'];
  if (typeof id !== 'string') return undefined;
  return dialect === 'draft-07' && typeof node['$ref'] === 'string' ? undefined : id;
}

/** A schema object met by the plain walk, with how it was reached (its pointer is built only when needed). */
interface Reached {
  node: Record<string, unknown>;
  parent: Reached | null;
  keyword: string;
  member: string | number | undefined;
}

function pointerOf(reached: Reached): string {
  let pointer = '';
  for (let at: Reached | null = reached; at !== null && at.parent !== null; at = at.parent) {
    const member =
      at.member === undefined
        ? ''
        : typeof at.member === 'number'
          ? `/${at.member}`
          : `/${escapePointerToken(at.member)}`;
    pointer = `/${at.keyword}${member}${pointer}`;
  }
  return pointer;
}

/**
 * The common case, one walk with no base-URI bookkeeping: a schema document with no `$id`,
 * `$anchor` or `$dynamicAnchor` anywhere has one base, the root's, so its index needs only its
 * reference sites (pointers built for those alone). Returns false, recording nothing, as soon as an
 * identifier appears: the full walk then indexes the document.
 */
function indexPlainDocument(idx: SchemaIndex, document: unknown, maxNodes = 1_000_000): boolean {
  if (!isObj(document)) return true;
  const sites: RefSite[] = [];
  const stack: Reached[] = [{ node: document, parent: null, keyword: '', member: undefined }];
  const seen = new Set<object>();
  const withAnchors = idx.dialect === '2020-12';
  while (stack.length > 0) {
    const reached = stack.pop()!;
    const node = reached.node;
    if (seen.has(node)) continue;
    seen.add(node);
    if (seen.size > maxNodes) break;
    // One pass over the node's own members (usually a handful) instead of a lookup per subschema keyword.
    let ref: string | undefined;
    let dynamicRef: string | undefined;
    for (const keyword in node) {
      if (!hasOwn.call(node, keyword)) continue;
      const value = node[keyword];
      if (typeof value === 'string') {
        if (keyword.charCodeAt(0) !== 36 /* $ */) continue;
        if (keyword === '$ref') ref = value;
        else if (keyword === '$id') return false;
        else if (withAnchors) {
          if (keyword === '$dynamicRef') dynamicRef = value;
          else if (keyword === '$anchor' || keyword === '$dynamicAnchor') return false;
        }
        continue;
      }
      const shape = subschemaShape(keyword);
      if (shape === undefined) continue;
      if (Array.isArray(value)) {
        if (shape === 'array' || shape === 'single-or-array')
          for (let i = 0; i < value.length; i++) {
            const item: unknown = value[i];
            if (isObj(item)) stack.push({ node: item, parent: reached, keyword, member: i });
          }
      } else if (isObj(value)) {
        if (shape === 'map') {
          for (const name in value) {
            const member = value[name];
            if (hasOwn.call(value, name) && isObj(member))
              stack.push({ node: member, parent: reached, keyword, member: name });
          }
        } else if (shape !== 'array') stack.push({ node: value, parent: reached, keyword, member: undefined });
      }
    }
    if (ref !== undefined) sites.push({ pointer: pointerOf(reached), keyword: '$ref', ref, holder: node });
    if (dynamicRef !== undefined)
      sites.push({ pointer: pointerOf(reached), keyword: '$dynamicRef', ref: dynamicRef, holder: node });
  }
  for (const site of sites) idx.refs.push(site);
  return true;
}

/**
 * Add one schema document to `idx`: its resources, anchors and bases, and
 * (for the schema being indexed, not a bundled meta-schema) its reference sites.
 */
function indexDocument(idx: SchemaIndex, document: unknown, documentBase: string, recordRefs: boolean): void {
  const dialect = idx.dialect;
  walk(document, dialect, DEFAULT_BASE, (node, pointer, parentBase) => {
    let base = parentBase;
    const id = effectiveId(node, dialect);
    if (id !== undefined) {
      if (dialect === 'draft-07' && id.startsWith('#')) {
        if (!idx.anchors.has(`${base}#${id.slice(1)}`)) idx.anchors.set(`${base}#${id.slice(1)}`, node);
      } else {
        const resolved = tryResolve(id, parentBase);
        if (resolved !== null) {
          base = stripFragment(resolved.href);
          if (!idx.resources.has(base)) idx.resources.set(base, node);
          if (dialect === 'draft-07' && resolved.hash.length > 1 && !resolved.hash.startsWith('#/')) {
            idx.anchors.set(`${base}#${safeDecode(resolved.hash.slice(1))}`, node);
          }
        }
      }
    }
    if (pointer === '') base = documentBase;
    idx.baseOf.set(node, base);
    if (dialect === '2020-12') {
      const anchor = node['$anchor'];
      if (typeof anchor === 'string' && !idx.anchors.has(`${base}#${anchor}`))
        idx.anchors.set(`${base}#${anchor}`, node);
      const dynamicAnchor = node['$dynamicAnchor'];
      if (typeof dynamicAnchor === 'string') {
        const key = `${base}#${dynamicAnchor}`;
        if (!idx.anchors.has(key)) idx.anchors.set(key, node);
        if (!idx.dynamicAnchors.has(key)) idx.dynamicAnchors.set(key, node);
      }
    }
    if (!recordRefs) return base;
    const ref = node['$ref'];
    if (typeof ref === 'string') idx.refs.push({ pointer, keyword: '$ref', ref });
    if (dialect === '2020-12') {
      const dynamicRef = node['$dynamicRef'];
      if (typeof dynamicRef === 'string') idx.refs.push({ pointer, keyword: '$dynamicRef', ref: dynamicRef });
    }
    return base;
  });
}

const cache2020 = new WeakMap<object, SchemaIndex>();
const cache07 = new WeakMap<object, SchemaIndex>();

/** Build (or fetch from cache) the reference index of a schema document. */
export function indexSchema(root: unknown, dialect: Dialect): SchemaIndex {
  const cache = dialect === 'draft-07' ? cache07 : cache2020;
  if (isObj(root)) {
    const hit = cache.get(root);
    if (hit !== undefined) return hit;
  }
  let rootBase = DEFAULT_BASE;
  const rootId = isObj(root) ? effectiveId(root, dialect) : undefined;
  if (rootId !== undefined && !(dialect === 'draft-07' && rootId.startsWith('#'))) {
    const u = tryResolve(rootId, DEFAULT_BASE);
    if (u !== null) rootBase = stripFragment(u.href);
  }
  const idx: SchemaIndex = {
    dialect,
    root,
    rootBase,
    baseOf: noEntries,
    resources: new Map(),
    anchors: noEntries,
    dynamicAnchors: noEntries,
    refs: [],
    resolved: new Map(),
    resolvedDynamic: null,
  };
  idx.resources.set(rootBase, root);
  if (rootBase !== DEFAULT_BASE) idx.resources.set(DEFAULT_BASE, root);
  // Without identifiers every object's base is the root's: `baseOf` stays empty and lookups fall back to it.
  if (!indexPlainDocument(idx, root)) {
    withOwnMaps(idx);
    indexDocument(idx, root, rootBase, true);
  }
  // The dialect's own meta-schema is known without fetching: index it when the schema refers to it.
  if (idx.refs.some((site) => site.ref.includes('json-schema.org/'))) {
    withOwnMaps(idx);
    for (const document of metaSchemaDocuments[dialect]) {
      const id = (document as Record<string, unknown>)['$id'] as string;
      const base = stripFragment(id);
      if (!idx.resources.has(base)) indexDocument(idx, document, base, false);
    }
  }
  if (isObj(root)) cache.set(root, idx);
  return idx;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Resolve a reference string found in schema object `from`. */
export function resolveRef(idx: SchemaIndex, from: object, ref: string, keyword = '$ref'): Resolution {
  let cache = idx.resolved;
  if (keyword !== '$ref') {
    if (idx.resolvedDynamic === null) idx.resolvedDynamic = new Map();
    cache = idx.resolvedDynamic;
  }
  const hit = cache.get(from);
  if (hit !== undefined) return hit;
  const res = doResolve(idx, idx.baseOf.get(from) ?? idx.rootBase, ref);
  cache.set(from, res);
  return res;
}

/**
 * A fragment-only reference with no space or control character resolves against its base as
 * written: the URL parser would only percent-encode characters that `safeDecode` decodes again
 * (it also strips tabs, line breaks and outer spaces, hence the condition).
 */
const plainFragment = /^#[^\x00-\x20]*$/;

function doResolve(idx: SchemaIndex, base: string, ref: string): Resolution {
  let hash: string;
  let abs: string;
  let href: string;
  if (plainFragment.test(ref)) {
    hash = ref;
    abs = base;
    href = `${base}${ref}`;
  } else {
    const u = tryResolve(ref, base);
    if (u === null) return { kind: 'unresolvable', reason: `$ref "${ref}" is not a valid URI reference` };
    hash = u.hash;
    href = u.href;
    abs = stripFragment(href);
  }
  const resource = idx.resources.get(abs);
  if (resource === undefined) return { kind: 'external', uri: href };
  if (hash === '' || hash === '#') return { kind: 'local', target: resource, fragment: '' };
  const frag = safeDecode(hash.slice(1));
  if (frag.startsWith('/')) {
    let node: unknown = resource;
    for (const raw of frag.slice(1).split('/')) {
      const seg = unescapePointerToken(raw);
      if (Array.isArray(node)) {
        if (!/^(0|[1-9][0-9]*)$/.test(seg)) return { kind: 'unresolvable', reason: `$ref "${ref}" does not resolve` };
        node = node[Number(seg)];
      } else if (isObj(node) && Object.prototype.hasOwnProperty.call(node, seg)) {
        node = node[seg];
      } else {
        return { kind: 'unresolvable', reason: `$ref "${ref}" does not resolve` };
      }
      if (node === undefined) return { kind: 'unresolvable', reason: `$ref "${ref}" does not resolve` };
    }
    return { kind: 'local', target: node, fragment: frag };
  }
  const anchored = idx.anchors.get(`${abs}#${frag}`);
  if (anchored === undefined) return { kind: 'unresolvable', reason: `$ref "${ref}": anchor "${frag}" not found` };
  return { kind: 'local', target: anchored, fragment: frag };
}

/** A `$ref` site of a schema that does not resolve locally, with how it resolves instead. */
interface ClassifiedRef {
  pointer: string;
  keyword: string;
  ref: string;
  kind: 'external' | 'unresolvable';
}

const classified2020 = new WeakMap<object, readonly ClassifiedRef[]>();
const classified07 = new WeakMap<object, readonly ClassifiedRef[]>();
const allLocal: readonly ClassifiedRef[] = Object.freeze([]);

/**
 * The reference sites of a schema document that do not resolve locally, classified once per
 * document and dialect (external and unresolved are both read from it). Only these are kept:
 * the cache lives as long as the document, and most sites resolve.
 */
function classifyRefs(schema: unknown, dialect: Dialect): readonly ClassifiedRef[] {
  if (!isObj(schema)) return classifyRefsOf(schema, dialect);
  const cache = dialect === 'draft-07' ? classified07 : classified2020;
  let classified = cache.get(schema);
  if (classified === undefined) cache.set(schema, (classified = classifyRefsOf(schema, dialect)));
  return classified;
}

function classifyRefsOf(schema: unknown, dialect: Dialect): readonly ClassifiedRef[] {
  const idx = indexSchema(schema, dialect);
  let out: ClassifiedRef[] | undefined;
  for (const site of idx.refs) {
    const base = site.pointer === '' ? idx.rootBase : undefined;
    const node = site.holder ?? nodeAt(schema, site.pointer);
    const res = isObj(node)
      ? resolveRef(idx, node, site.ref, site.keyword)
      : doResolve(idx, base ?? idx.rootBase, site.ref);
    if (res.kind === 'local') continue;
    (out ??= []).push({ pointer: site.pointer, keyword: site.keyword, ref: site.ref, kind: res.kind });
  }
  if (out === undefined) return allLocal;
  return out.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}

/**
 * References in a schema document that cannot be resolved within it
 * (other documents, http(s) URIs, relative file references). Never fetched.
 */
export function findExternalRefs(schema: unknown, dialect: Dialect = '2020-12'): { pointer: string; ref: string }[] {
  try {
    return classifyRefs(schema, dialect)
      .filter((r) => r.kind === 'external')
      .map(({ pointer, ref }) => ({ pointer, ref }));
  } catch {
    return [];
  }
}

/** Local references (same schema resource) that resolve to nothing: they make the schema invalid. */
export function findUnresolvedLocalRefs(
  schema: unknown,
  dialect: Dialect = '2020-12',
): { pointer: string; keyword: string; ref: string }[] {
  try {
    return classifyRefs(schema, dialect)
      .filter((r) => r.kind === 'unresolvable')
      .map(({ pointer, keyword, ref }) => ({ pointer, keyword, ref }));
  } catch {
    return [];
  }
}

function nodeAt(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = unescapePointerToken(raw);
    if (Array.isArray(node)) node = node[Number(seg)];
    else if (isObj(node)) node = node[seg];
    else return undefined;
  }
  return node;
}
