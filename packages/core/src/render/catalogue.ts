/**
 * The documentation model shared by the HTML and Markdown renderers: component references
 * inlined, primitives in document order with effective scopes, and the tag grouping (catalogue
 * order first, 13).
 */
import { isObject, type JsonObject } from '../model/values.js';
import type { Revision } from '../model/revisions.js';
import { inlineReferences } from '../operations/components.js';
import { effectiveScope, primitiveKinds, rootScopeOf, type PrimitiveKind } from '../model/document.js';

export interface Entry {
  kind: PrimitiveKind;
  index: number;
  /** Unique, attribute-safe anchor id. */
  id: string;
  value: JsonObject;
  name: string;
  /** `title`, else `annotations.title` (tools), else `name`. */
  displayName: string;
  scope: Revision[];
  /**
   * "MCP 2025-06-18, 2025-11-25" when another entry of the same kind has the same name (a
   * multi-revision description, such as a `capture --protocol all`), so the entries can be told apart.
   */
  scopeLabel?: string;
  tags: string[];
}

export interface TagGroup {
  name: string;
  description?: string;
  declared: boolean;
  entries: Entry[];
}

export interface Catalogue {
  document: JsonObject;
  rootScope: Revision[];
  entries: Entry[];
  groups: TagGroup[];
}

/** Anchor-safe slug: only [A-Za-z0-9_-], bounded length. */
export function slug(text: string): string {
  const s = text
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return s === '' ? 'x' : s;
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Anchors by kind and name (`tool-search_books`), with the revisions for a protocol-scoped
 * variant (`tool-search_books-2025-11-25`), so links survive reordering; no array index. Slugs can
 * collide (`a.b` and `a-b`, long names cut at 60): a later duplicate gets `-2`, `-3`, ...
 */
function assignAnchors(entries: Entry[]): void {
  const used = new Set<string>();
  const next = new Map<string, number>();
  for (const e of entries) {
    const base = `${e.id}-${slug(e.name)}${e.scopeLabel ? `-${slug(e.scope.join('-'))}` : ''}`;
    let id = base;
    let n = next.get(base) ?? 2;
    while (used.has(id)) id = `${base}-${n++}`;
    next.set(base, n);
    used.add(id);
    e.id = id;
  }
}

export function buildCatalogue(input: unknown): Catalogue {
  const resolved = inlineReferences(input, false).document;
  const document = isObject(resolved) ? resolved : {};
  const rootScope = rootScopeOf(document);
  const entries: Entry[] = [];
  for (const { kind, collection, identity, anchorPrefix } of primitiveKinds) {
    const list = document[collection];
    if (!Array.isArray(list)) continue;
    list.forEach((value, index) => {
      if (!isObject(value)) return;
      const name = text(value.name) ?? text(value[identity]) ?? `#${index}`;
      const annotationTitle =
        kind === 'tool' && isObject(value.annotations) ? text(value.annotations.title) : undefined;
      entries.push({
        kind,
        index,
        id: anchorPrefix ?? kind, // the prefix; the anchor is set below, once the variants are known
        value,
        name,
        displayName: text(value.title) ?? annotationTitle ?? name,
        scope: effectiveScope(value, rootScope),
        tags: Array.isArray(value.tags)
          ? [...new Set(value.tags.filter((t): t is string => typeof t === 'string'))]
          : [],
      });
    });
  }
  const sameName = new Map<string, number>();
  for (const e of entries) sameName.set(`${e.kind} ${e.name}`, (sameName.get(`${e.kind} ${e.name}`) ?? 0) + 1);
  for (const e of entries)
    if (sameName.get(`${e.kind} ${e.name}`)! > 1 && e.scope.length > 0) e.scopeLabel = `MCP ${e.scope.join(', ')}`;
  assignAnchors(entries);
  const groups: TagGroup[] = [];
  const byName = new Map<string, TagGroup>();
  if (Array.isArray(document.tags)) {
    for (const tag of document.tags) {
      if (!isObject(tag) || typeof tag.name !== 'string' || byName.has(tag.name)) continue;
      const group: TagGroup = { name: tag.name, declared: true, entries: [] };
      if (typeof tag.description === 'string') group.description = tag.description;
      byName.set(tag.name, group);
      groups.push(group);
    }
  }
  const untagged: TagGroup = { name: 'Untagged', declared: false, entries: [] };
  for (const entry of entries) {
    if (entry.tags.length === 0) untagged.entries.push(entry);
    for (const tag of entry.tags) {
      let group = byName.get(tag);
      if (!group) {
        group = { name: tag, declared: false, entries: [] };
        byName.set(tag, group);
        groups.push(group);
      }
      group.entries.push(entry);
    }
  }
  if (untagged.entries.length > 0) groups.push(untagged);
  return { document, rootScope, entries, groups: groups.filter((g) => g.entries.length > 0 || g.declared) };
}

/** Specification extensions (`x-*`) of an object, in document order. */
export function extensionsOf(value: JsonObject): Array<[string, unknown]> {
  return Object.entries(value).filter(([key]) => key.startsWith('x-'));
}
