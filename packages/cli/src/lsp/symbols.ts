import { SymbolKind, type DocumentSymbol, type Range as LspRange, type SymbolInformation } from 'vscode-languageserver';
import { componentNamespaces, primitiveKinds, type PrimitiveKind, joinPointer, isObject } from 'mcpdesc-core/model';
import type { SourceMap } from 'mcpdesc-core/source';
import { contains, toLspRange } from './positions.js';

/** The outline icon of each primitive kind. */
const symbolKind: Readonly<Record<PrimitiveKind, SymbolKind>> = {
  tool: SymbolKind.Function,
  resource: SymbolKind.File,
  resourceTemplate: SymbolKind.Class,
  prompt: SymbolKind.String,
};

/**
 * The outline: one group per primitive collection (in the shape table's order) holding its
 * declarations, named by their identity, then `components` with one group per namespace.
 * Ranges come from the source map; a member it cannot place is left out.
 */
export function documentSymbols(document: unknown, sourceMap: SourceMap): DocumentSymbol[] {
  if (!isObject(document)) return [];
  const out: DocumentSymbol[] = [];
  for (const info of primitiveKinds) {
    const list = document[info.collection];
    if (!Array.isArray(list)) continue;
    const children: DocumentSymbol[] = [];
    list.forEach((declaration, index) => {
      const pointer = joinPointer('', info.collection, String(index));
      const identity = isObject(declaration) ? declaration[info.identity] : undefined;
      const title = isObject(declaration) ? declaration.title : undefined;
      const name = typeof identity === 'string' && identity !== '' ? identity : `${info.label} ${index}`;
      const symbol = symbolAt(sourceMap, pointer, name, symbolKind[info.kind], joinPointer(pointer, info.identity));
      if (symbol) children.push(typeof title === 'string' ? { ...symbol, detail: title } : symbol);
    });
    const group = symbolAt(sourceMap, joinPointer('', info.collection), info.heading, SymbolKind.Array);
    if (group) out.push({ ...group, children });
  }
  const components = document.components;
  if (isObject(components)) {
    const groups: DocumentSymbol[] = [];
    for (const namespace of componentNamespaces) {
      const map = components[namespace];
      if (!isObject(map)) continue;
      const children: DocumentSymbol[] = [];
      for (const name of Object.keys(map)) {
        const pointer = joinPointer('/components', namespace, name);
        const symbol = symbolAt(sourceMap, pointer, name, SymbolKind.Object, pointer, 'key');
        if (symbol) children.push(symbol);
      }
      const group = symbolAt(sourceMap, joinPointer('/components', namespace), namespace, SymbolKind.Namespace);
      if (group) groups.push({ ...group, children });
    }
    const group = symbolAt(sourceMap, '/components', 'components', SymbolKind.Module);
    if (group) out.push({ ...group, children: groups });
  }
  return out;
}

/** A symbol over the member at `pointer`, selecting `selection` (its key by default) when that lies inside. */
function symbolAt(
  sourceMap: SourceMap,
  pointer: string,
  name: string,
  kind: SymbolKind,
  selection: string = pointer,
  selectionPart: 'key' | 'value' = selection === pointer ? 'key' : 'value',
): DocumentSymbol | undefined {
  const member = sourceMap.rangeOf(pointer, 'member');
  if (!member) return undefined;
  const range = toLspRange(member);
  const selected = sourceMap.rangeOf(selection, selectionPart) ?? sourceMap.rangeOf(selection);
  const selectionRange = selected && inside(toLspRange(selected), range) ? toLspRange(selected) : range;
  return { name, kind, range, selectionRange };
}

function inside(inner: LspRange, outer: LspRange): boolean {
  return contains(outer, inner.start) && contains(outer, inner.end);
}

/**
 * Workspace symbols: every declaration and component of the open descriptions (the outline's
 * leaves) whose name contains the query, case-insensitively; an empty query matches all.
 */
export function workspaceSymbols(
  documents: readonly { uri: string; symbols: readonly DocumentSymbol[] }[],
  query: string,
): SymbolInformation[] {
  const wanted = query.toLowerCase();
  const out: SymbolInformation[] = [];
  // The outline is at most three levels deep: recursion is bounded.
  const visit = (uri: string, symbol: DocumentSymbol, container: string | undefined): void => {
    const children = symbol.children ?? [];
    for (const child of children) visit(uri, child, symbol.name);
    if (children.length > 0 || container === undefined || !symbol.name.toLowerCase().includes(wanted)) return;
    out.push({
      name: symbol.name,
      kind: symbol.kind,
      location: { uri, range: symbol.selectionRange },
      containerName: container,
    });
  };
  for (const { uri, symbols } of documents) for (const symbol of symbols) visit(uri, symbol, undefined);
  return out;
}
