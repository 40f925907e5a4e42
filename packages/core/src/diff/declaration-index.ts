/**
 * A document indexed once for the diff: every declaration with its source pointer and effective
 * scope (4.10), and the per-revision views built from that index (4.12), as positions in the
 * source document rather than copies.
 */
import { joinPointer } from '../model/json-pointer.js';
import type { Revision } from '../model/revisions.js';
import { isObject, type JsonObject } from '../model/values.js';
import { ComponentResolver } from '../model/components.js';
import { effectiveScope, primitiveKinds, rootScopeOf, type PrimitiveKind } from '../model/document.js';
import { present } from './member-changes.js';

export interface Declaration {
  value: JsonObject;
  pointer: string;
  scope: Revision[];
}

export interface PrimitiveDeclaration extends Declaration {
  kind: PrimitiveKind;
  identity: string;
}

export interface TransportDeclaration extends Declaration {
  key: string;
}

/** A document indexed once: declarations with their source pointers and effective scopes. */
export interface IndexedDocument {
  document: JsonObject;
  resolver: ComponentResolver;
  revisions: Revision[];
  primitives: PrimitiveDeclaration[];
  transports: TransportDeclaration[];
  capabilities: Declaration[];
}

/** The Effective Protocol View of one revision, as positions in the source document. */
export interface View {
  source: IndexedDocument;
  primitives: Record<PrimitiveKind, Map<string, PrimitiveDeclaration>>;
  transports: Map<string, TransportDeclaration>;
  capabilities?: Declaration;
}

export function indexDocument(document: JsonObject): IndexedDocument {
  const revisions = rootScopeOf(document);
  const out: IndexedDocument = {
    document,
    resolver: new ComponentResolver(document),
    revisions,
    primitives: [],
    transports: [],
    capabilities: [],
  };
  const each = (collection: string, fn: (value: JsonObject, pointer: string, scope: Revision[]) => void): void => {
    const list = document[collection];
    if (!Array.isArray(list)) return;
    list.forEach((value, index) => {
      if (isObject(value)) fn(value, joinPointer('', collection, index), effectiveScope(value, revisions));
    });
  };
  for (const { kind, collection, identity } of primitiveKinds) {
    each(collection, (value, pointer, scope) => {
      if (typeof value[identity] === 'string')
        out.primitives.push({ kind, identity: value[identity] as string, value, pointer, scope });
    });
  }
  each('transports', (value, pointer, scope) =>
    out.transports.push({ key: transportKey(value), value, pointer, scope }),
  );
  each('capabilities', (value, pointer, scope) => out.capabilities.push({ value, pointer, scope }));
  return out;
}

/** A transport's identity: its type and endpoint (url, or command for stdio). */
function transportKey(t: JsonObject): string {
  const endpoint = t.type === 'stdio' ? t.command : t.url;
  return `${String(t.type)} ${typeof endpoint === 'string' ? endpoint : ''}`.trim();
}

export function viewOf(source: IndexedDocument, revision: Revision): View {
  const view: View = {
    source,
    primitives: Object.fromEntries(primitiveKinds.map((info) => [info.kind, new Map()])) as View['primitives'],
    transports: new Map(),
  };
  for (const p of source.primitives) {
    if (p.scope.includes(revision) && !view.primitives[p.kind].has(p.identity))
      view.primitives[p.kind].set(p.identity, p);
  }
  for (const t of source.transports)
    if (t.scope.includes(revision) && !view.transports.has(t.key)) view.transports.set(t.key, t);
  for (const c of source.capabilities) if (c.scope.includes(revision) && !view.capabilities) view.capabilities = c;
  return view;
}

/** A root collection's pointer, or the root when the document has none (the nearest container). */
export function collectionPointer(view: View, collection: string): string {
  return present(view.source.document, collection) ? '/' + collection : '';
}
