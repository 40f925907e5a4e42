import {
  CompletionItemKind,
  MarkupKind,
  type CompletionItem,
  type Position,
  type Range as LspRange,
} from 'vscode-languageserver';
import {
  componentNamespaces,
  primitiveKindOfCollection,
  type ComponentNamespace,
  fieldOf,
  isNodeName,
  nodeShape,
  valuesOf,
  variantOf,
  type FieldShape,
  type NodeName,
  revisions,
  schemaUriOf,
  specVersionList,
  specVersionOf,
  isObject,
} from 'mcpdesc-core/model';
import { isPlainSafeString } from 'mcpdesc-core/source';
import { cursorContext, valueAtPath, type CursorContext, type PathSegment } from './cursor.js';
import { fieldMarkdown } from './field-hover.js';
import { availability, fieldFeature, scopeAt, valueFeature } from './revision-gates.js';
import { definedByLabel, treeSiteAt, typeLabel, type TreeSite } from './tree-site.js';

export interface CompletionInput {
  text: string;
  offset: number;
  format: 'json' | 'yaml';
  /** The decoded document: this text's, or the last text of the document that decoded (typing in progress). */
  document: unknown;
  /** `document` is an older text's: its entry at the cursor may be another one (a new array entry sits at its index). */
  stale?: boolean;
  positionAt(offset: number): Position;
}

interface Candidate {
  value: string | boolean;
  kind: CompletionItemKind;
  detail?: string;
  documentation?: string;
}

/**
 * Completion at the cursor: member names the shape tree defines for the object kind there
 * (revision-gated), the values the tree closes (enums, discriminators, booleans), and the names
 * the document declares where a value refers to one. The cursor's place is read from the text;
 * variants and declared names from the last decoded document, so completion keeps working while
 * the text does not parse.
 */
export function completions(given: CompletionInput): CompletionItem[] {
  const context = cursorContext(given.text, given.offset, given.format);
  if (!context || context.kind === 'none') return [];
  const input = given.stale ? { ...given, document: confirmedDocument(given, context) } : given;
  const range = { start: input.positionAt(context.start), end: input.positionAt(context.end) };
  if (context.kind === 'key') return keyItems(input, context, context.path, range);
  if (context.kind === 'item') {
    const item = treeSiteAt(input.document, [...context.path, context.key!]);
    if (item && (item.kind || isSecurityRequirement(item)))
      return keyItems(input, context, [...context.path, context.key!], range);
  }
  return valueItems(input, context, range);
}

/**
 * The stale document as far as the text confirms it. The object at the cursor is trusted only
 * when its keys are those the text shows there (the one at the cursor aside); otherwise it is
 * another entry (an array entry inserted where its neighbour was, or one typed over) and is read
 * as unknown: completion then offers what the schema allows there, not what the old entry holds.
 */
function confirmedDocument(input: CompletionInput, context: CursorContext): unknown {
  const path =
    context.kind === 'item' ? [...context.path, context.key!] : context.kind === 'key' ? context.path : undefined;
  // A member's value: its object is the container (an array's items carry no keys to compare).
  const objectPath = path ?? (typeof context.key === 'string' ? context.path : undefined);
  if (!objectPath) return input.document;
  const old = valueAtPath(input.document, objectPath);
  // A scalar item: the count of items decides (valueItems).
  if (old === undefined || (context.kind === 'item' && !isObject(old))) return input.document;
  const atCursor = context.kind === 'value' ? String(context.key) : input.text.slice(context.start, context.end);
  const shown = new Set(context.siblings);
  shown.delete(atCursor);
  const held = isObject(old) ? Object.keys(old).filter((key) => key !== atCursor) : undefined;
  if (held && held.length === shown.size && held.every((key) => shown.has(key))) return input.document;
  return withUnknownAt(input.document, objectPath);
}

/** A copy of `document` with no value at `path` (the containers on the way copied, shallowly). */
function withUnknownAt(document: unknown, path: readonly PathSegment[]): unknown {
  if (path.length === 0) return undefined;
  const [first, ...rest] = path;
  if (Array.isArray(document)) {
    const copy = [...document];
    copy[Number(first)] = withUnknownAt(document[Number(first)], rest);
    return copy;
  }
  if (!isObject(document)) return document;
  const copy = { ...document };
  if (rest.length === 0) delete copy[String(first)];
  else copy[String(first)] = withUnknownAt(document[String(first)], rest);
  return copy;
}

function keyItems(
  input: CompletionInput,
  context: CursorContext,
  path: PathSegment[],
  range: LspRange,
): CompletionItem[] {
  const site = treeSiteAt(input.document, path);
  if (!site) return [];
  const insertKey = (key: string, value = ''): string => {
    if (context.quote) return key;
    return input.format === 'json' ? `${JSON.stringify(key)}: ${value}` : `${yamlKey(key)}: ${value}`;
  };
  if (isSecurityRequirement(site)) {
    const schemes = input.document && isObject(input.document) ? input.document.securitySchemes : undefined;
    if (!isObject(schemes)) return [];
    return Object.keys(schemes)
      .filter((name) => !context.siblings.has(name))
      .map((name) => ({
        label: name,
        kind: CompletionItemKind.Reference,
        detail: 'security scheme (7.1)',
        textEdit: { range, newText: insertKey(name, '[]') },
      }));
  }
  const kind = site.kind;
  if (!kind) return [];
  const scope = scopeAt(input.document, path);
  const items: CompletionItem[] = [];
  Object.entries(nodeShape(kind).fields).forEach(([key, field], index) => {
    if (context.siblings.has(key)) return;
    // Gated fields no revision of the scope defines are left out; partly defined ones say where they are not.
    const offered = availability(fieldFeature(kind, key), scope);
    if (!offered.offer) return;
    const detail = [
      typeLabel(field),
      field.required ? 'required' : undefined,
      field.origin === 'description' ? 'description-only' : undefined,
      offered.note ?? definedByLabel(field),
    ]
      .filter(Boolean)
      .join(' · ');
    items.push({
      label: key,
      kind: CompletionItemKind.Property,
      ...(detail ? { detail } : {}),
      documentation: { kind: MarkupKind.Markdown, value: fieldMarkdown(kind, key, offered.note) },
      sortText: String(index).padStart(3, '0'),
      textEdit: { range, newText: insertKey(key) },
    });
  });
  return items;
}

function valueItems(input: CompletionInput, context: CursorContext, range: LspRange): CompletionItem[] {
  const { document } = input;
  const container = context.path;
  const key = context.key!;
  const valueAt = (p: readonly PathSegment[]): unknown => valueAtPath(document, p);
  const candidates: Candidate[] = named(document, container, key);
  const holding = candidates.length === 0 ? fieldHolding(document, container, key) : undefined;
  if (holding) {
    const { kind, name, field } = holding;
    const scope = scopeAt(document, container);
    for (const value of valuesOf(kind, name)) {
      const offered = availability(valueFeature(kind, name, value), scope);
      if (offered.offer)
        candidates.push({
          value,
          kind: CompletionItemKind.EnumMember,
          ...(offered.note ? { detail: offered.note } : {}),
        });
    }
    if (field.type === 'boolean' && !field.container)
      for (const value of [true, false]) candidates.push({ value, kind: CompletionItemKind.Value });
  }
  const existing = valueAt(container);
  // A stale array whose count of items is not the text's: its item at the cursor's index is a neighbour, still present.
  const sameItems =
    !input.stale || !Array.isArray(existing) || context.items === undefined || context.items === existing.length;
  const taken = Array.isArray(existing)
    ? new Set(existing.filter((v, i) => (i !== key || !sameItems) && typeof v === 'string'))
    : new Set();
  const spaced = input.text[context.start - 1] === ':';
  return candidates
    .filter((c) => !taken.has(c.value))
    .map((c) => ({
      label: String(c.value),
      kind: c.kind,
      ...(c.detail ? { detail: c.detail } : {}),
      ...(c.documentation ? { documentation: { kind: MarkupKind.Markdown, value: c.documentation } } : {}),
      textEdit: { range, newText: (spaced ? ' ' : '') + scalar(c.value, input.format, context.quote) },
    }));
}

/** A Security Requirement Object (7.3): an entry of a `security` array, whose keys are scheme names. */
const isSecurityRequirement = (site: TreeSite): boolean => site.item && site.field?.type === 'security-requirements';

/**
 * The tree's field whose value (or, for a list, whose item) is at the cursor: a member `key` of
 * the object at `container`, or an item of the list field at `container`.
 */
function fieldHolding(
  document: unknown,
  container: readonly PathSegment[],
  key: PathSegment,
): { kind: NodeName; name: string; field: FieldShape } | undefined {
  const site = treeSiteAt(document, container);
  if (!site) return undefined;
  if (typeof key === 'number') {
    if (site.item || site.field?.container !== 'list' || !site.holder) return undefined;
    return { kind: site.holder, name: String(container.at(-1)), field: site.field };
  }
  const field = site.kind && fieldOf(site.kind, key);
  return field && site.kind ? { kind: site.kind, name: key, field } : undefined;
}

/** Values that name something: revisions, versions, schema URIs, component pointers, tags, elicitation declarations. */
function named(document: unknown, container: PathSegment[], key: PathSegment): Candidate[] {
  const root = isObject(document) ? document : {};
  const last = container.at(-1);
  if (container.length === 0 && key === 'mcpdesc')
    return specVersionList.map((value) => ({
      value,
      kind: CompletionItemKind.EnumMember,
      detail: 'MCP Description version (4.1)',
    }));
  if (container.length === 0 && key === '$schema') {
    const current = specVersionOf(document);
    const ordered = [current, ...specVersionList.filter((v) => v !== current)];
    return ordered.map((v) => ({
      value: schemaUriOf(v),
      kind: CompletionItemKind.Value,
      detail: `immutable schema URI of ${v} (4.4)`,
    }));
  }
  if (last === 'protocolVersions' && typeof key === 'number') {
    // A nested scope is a subset of its parent's (4.10); the root chooses among every known revision.
    const allowed = container.length === 1 ? [...revisions] : scopeAt(document, container.slice(0, -2));
    return (allowed.length > 0 ? allowed : [...revisions]).map((value) => ({
      value,
      kind: CompletionItemKind.EnumMember,
      detail: 'MCP protocol revision (4.9)',
    }));
  }
  if (key === '$componentRef') {
    const namespace = referenceNamespace(document, container);
    const components = isObject(root.components) ? root.components : {};
    const spaces = namespace ? [namespace] : componentNamespaces;
    return spaces.flatMap((ns) =>
      isObject(components[ns])
        ? Object.keys(components[ns]).map((name) => ({
            value: `#/components/${ns}/${name}`,
            kind: CompletionItemKind.Reference,
            detail: `component in ${ns} (17.2)`,
          }))
        : [],
    );
  }
  if (
    last === 'tags' &&
    container.length === 3 &&
    typeof key === 'number' &&
    primitiveKindOfCollection(String(container[0]))
  )
    return Array.isArray(root.tags)
      ? root.tags.flatMap((tag) =>
          isObject(tag) && typeof tag.name === 'string'
            ? [
                {
                  value: tag.name,
                  kind: CompletionItemKind.Reference,
                  detail: 'declared tag (13.3)',
                  ...(typeof tag.description === 'string' ? { documentation: tag.description } : {}),
                },
              ]
            : [],
        )
      : [];
  if (key === 'declaration' && container.includes('steps') && container.length >= 6) {
    const declaration = valueAtPath(document, container.slice(0, 2));
    const list = isObject(declaration) && Array.isArray(declaration.elicitations) ? declaration.elicitations : [];
    return list.flatMap((e) =>
      isObject(e) && typeof e.name === 'string'
        ? [
            {
              value: e.name,
              kind: CompletionItemKind.Reference,
              detail: `elicitation declaration${typeof e.mode === 'string' ? ` (${e.mode} mode)` : ''} (12.2)`,
            },
          ]
        : [],
    );
  }
  return [];
}

/**
 * The namespace a Reference Object at `path` must target (17.3), when its use site says: the
 * shape tree's `ref` of the field holding the value there (a map or list field: each entry).
 */
export function referenceNamespace(document: unknown, path: readonly PathSegment[]): ComponentNamespace | undefined {
  let node: NodeName | undefined = 'Root';
  let holder: FieldShape | undefined;
  for (let i = 0; i < path.length; i++) {
    const kind: NodeName | undefined = node && variantOf(node, valueAtPath(document, path.slice(0, i)));
    holder = kind && fieldOf(kind, String(path[i]));
    if (!holder) return undefined;
    // A list or a map is no Reference Object's place; its entries are.
    if (holder.container && ++i >= path.length) return undefined;
    node = isNodeName(holder.type) ? holder.type : undefined;
  }
  return holder?.ref;
}

/** A scalar as it is typed at the cursor: inside the quotes there, else quoted when the format needs it. */
function scalar(value: string | boolean, format: 'json' | 'yaml', quote: '"' | "'" | undefined): string {
  if (typeof value === 'boolean') return String(value);
  if (quote === "'") return value.replace(/'/g, "''");
  if (quote === '"') return JSON.stringify(value).slice(1, -1);
  if (format === 'json') return JSON.stringify(value);
  return isPlainSafeString(value) ? value : JSON.stringify(value);
}

function yamlKey(key: string): string {
  return isPlainSafeString(key) || /^\$[A-Za-z]+$/.test(key) ? key : JSON.stringify(key);
}
