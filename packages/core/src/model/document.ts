/**
 * The one table of the document's shape: which primitive kinds exist, their collections,
 * identity fields, example maps and component namespaces, their MCP-native fields and the
 * fields only some revisions define, plus effective protocol scopes (4.10). Walk, native,
 * verify, capture, diff, render, lint and the operations all read it; nothing else lists
 * collections. Adding a kind of primitive is one entry here.
 */
import { isRevision, type Revision, type RevisionFeature } from './revisions.js';
import {
  componentNamespaces,
  descriptionFieldsOf,
  gatedFieldsOf,
  nativeFieldsOf,
  type ComponentNamespace,
  type NodeName,
} from './shape-tree.js';
import { isObject, type JsonObject } from './values.js';

export { componentNamespaces, type ComponentNamespace };

/** The component namespaces whose values are named example wrappers (extension-eligible, 14.2, 17.1). */
export const exampleComponentNamespaces = componentNamespaces.filter((ns) => ns !== 'schemas');

export type PrimitiveKind = 'tool' | 'resource' | 'resourceTemplate' | 'prompt';
export type PrimitiveCollection = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

/** What an example map of a primitive holds. */
export type ExampleKind = 'tool' | 'toolInteraction' | 'resource' | 'resourceTemplate' | 'prompt' | 'completion';

/** One example map a primitive may carry. */
export interface ExampleMap {
  /** The declaration's property holding the map. */
  property: 'examples' | 'interactionExamples' | 'completionExamples';
  kind: ExampleKind;
  /** The namespace its Reference Objects target (17.3); interaction and completion examples have none. */
  namespace?: ComponentNamespace;
}

export interface PrimitiveKindInfo {
  kind: PrimitiveKind;
  /** The declaration's object kind in the shape tree: its fields, origins and revision gates. */
  node: NodeName & PrimitiveNodeName;
  /** The root collection (3.2). */
  collection: PrimitiveCollection;
  /** The identity property: same-identity variants need disjoint scopes (4.10, 4.13). */
  identity: 'name' | 'uri' | 'uriTemplate';
  /** The specification's object name, for messages ("Resource Template"). */
  objectName: string;
  /** Lowercase singular for messages ("resource template"). */
  label: string;
  /** Plural heading for documentation ("Resource templates"). */
  heading: string;
  /** Kebab-case area name for change kinds and anchors ("resource-template"). */
  area: string;
  /** Short badge text for compact documentation listings ("tpl"); default: `label`. */
  abbreviation?: string;
  /** Prefix of documentation anchor ids ("template"); default: `kind`. */
  anchorPrefix?: string;
  /** The MCP method a client calls to use the primitive: what its `clientRequirements` are minimums for (8.5). */
  useMethod?: 'tools/call' | 'resources/read' | 'prompts/get';
  /** The MCP list method; the member of its result that holds the list is named like the collection. */
  listMethod: 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list';
  /** The server capability (8.2) that announces the list: Resource Templates are listed under `resources`. */
  listCapability: 'tools' | 'resources' | 'prompts';
  /** The declaration's tool-schema roles (Tools only). */
  schemaRoles: readonly ('inputSchema' | 'outputSchema')[];
  exampleMaps: readonly ExampleMap[];
  /** Native fields of the MCP type (every supported revision, before gating), in MCP type order: the tree's. */
  nativeFields: readonly string[];
  /** Native declaration fields that only some revisions define (9.1, 10.1.1, 10.2.1, 11.1): the tree's. */
  gatedFields: Readonly<Record<string, RevisionFeature>>;
}

type PrimitiveNodeName = 'Tool' | 'Resource' | 'ResourceTemplate' | 'Prompt';

/** The facts of a primitive kind that the shape tree holds, read from it. */
function treeFacts(node: PrimitiveNodeName): Pick<PrimitiveKindInfo, 'node' | 'nativeFields' | 'gatedFields'> {
  return {
    node,
    nativeFields: nativeFieldsOf(node),
    gatedFields: Object.fromEntries(gatedFieldsOf(node).map(({ field, feature }) => [field, feature])),
  };
}

/** The primitive kinds in root-table order (3.2). */
export const primitiveKinds: readonly PrimitiveKindInfo[] = [
  {
    kind: 'tool',
    collection: 'tools',
    identity: 'name',
    objectName: 'Tool',
    label: 'tool',
    heading: 'Tools',
    area: 'tool',
    useMethod: 'tools/call',
    listMethod: 'tools/list',
    listCapability: 'tools',
    schemaRoles: ['inputSchema', 'outputSchema'],
    exampleMaps: [
      { property: 'examples', kind: 'tool', namespace: 'toolExamples' },
      { property: 'interactionExamples', kind: 'toolInteraction' },
    ],
    ...treeFacts('Tool'),
  },
  {
    kind: 'resource',
    collection: 'resources',
    identity: 'uri',
    objectName: 'Resource',
    label: 'resource',
    heading: 'Resources',
    area: 'resource',
    abbreviation: 'res',
    useMethod: 'resources/read',
    listMethod: 'resources/list',
    listCapability: 'resources',
    schemaRoles: [],
    exampleMaps: [{ property: 'examples', kind: 'resource', namespace: 'resourceExamples' }],
    ...treeFacts('Resource'),
  },
  {
    kind: 'resourceTemplate',
    collection: 'resourceTemplates',
    identity: 'uriTemplate',
    objectName: 'Resource Template',
    label: 'resource template',
    heading: 'Resource templates',
    area: 'resource-template',
    abbreviation: 'tpl',
    anchorPrefix: 'template',
    useMethod: 'resources/read',
    listMethod: 'resources/templates/list',
    listCapability: 'resources',
    schemaRoles: [],
    exampleMaps: [
      { property: 'examples', kind: 'resourceTemplate', namespace: 'resourceTemplateExamples' },
      { property: 'completionExamples', kind: 'completion' },
    ],
    ...treeFacts('ResourceTemplate'),
  },
  {
    kind: 'prompt',
    collection: 'prompts',
    identity: 'name',
    objectName: 'Prompt',
    label: 'prompt',
    heading: 'Prompts',
    area: 'prompt',
    useMethod: 'prompts/get',
    listMethod: 'prompts/list',
    listCapability: 'prompts',
    schemaRoles: [],
    exampleMaps: [
      { property: 'examples', kind: 'prompt', namespace: 'promptExamples' },
      { property: 'completionExamples', kind: 'completion' },
    ],
    ...treeFacts('Prompt'),
  },
];

/** The table entry of each kind. */
export const primitiveKind: Readonly<Record<PrimitiveKind, PrimitiveKindInfo>> = Object.fromEntries(
  primitiveKinds.map((info) => [info.kind, info]),
) as Record<PrimitiveKind, PrimitiveKindInfo>;

/** The table entry of each collection. */
export const primitiveKindByCollection: Readonly<Record<PrimitiveCollection, PrimitiveKindInfo>> = Object.fromEntries(
  primitiveKinds.map((info) => [info.collection, info]),
) as Record<PrimitiveCollection, PrimitiveKindInfo>;

/** The primitive collections in root-table order. */
export const primitiveCollections: readonly PrimitiveCollection[] = primitiveKinds.map((info) => info.collection);

/** The table entry of a collection, when it is a primitive collection. */
export function primitiveKindOfCollection(collection: string): PrimitiveKindInfo | undefined {
  return primitiveKinds.find((info) => info.collection === collection);
}

/** The namespace an example map's Reference Objects target, by example kind. */
export function exampleNamespaceOf(kind: ExampleKind): ComponentNamespace | undefined {
  for (const info of primitiveKinds) for (const map of info.exampleMaps) if (map.kind === kind) return map.namespace;
  return undefined;
}

/** Root collections whose entries carry a protocol scope (4.10), in root-table order. */
export const scopedCollections = ['transports', 'capabilities', ...primitiveCollections] as const;
export type ScopedCollection = (typeof scopedCollections)[number];

/** Tool Annotation hints and their defaults (9.6): the pessimistic assumption when a hint is absent. */
export const toolAnnotationHintDefaults = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
} as const;
export type ToolAnnotationHint = keyof typeof toolAnnotationHintDefaults;

/** MCP Description-only fields of primitive declarations: never on the wire (4.12); the tree's, over every kind. */
export const descriptionOnlyFields: readonly string[] = [
  ...new Set(primitiveKinds.flatMap((info) => descriptionFieldsOf(info.node))),
];

/** The MCP `Implementation` fields an Info Object carries (5.1): what `serverInfo` is made of. */
export const implementationFields = ['name', 'title', 'version', 'description', 'icons', 'websiteUrl'] as const;

/** Root `protocolVersions` restricted to known revisions, unique, in document order. */
export function rootScopeOf(document: unknown): Revision[] {
  if (!isObject(document) || !Array.isArray(document.protocolVersions)) return [];
  const out: Revision[] = [];
  for (const value of document.protocolVersions) if (isRevision(value) && !out.includes(value)) out.push(value);
  return out;
}

/**
 * Effective scope (4.10): a declaration's explicit `protocolVersions` when present, else its
 * parent's scope. Explicit values count only when they are known revisions inside the parent
 * scope — an explicit scope MUST be a subset of the parent's, and whatever is not is reported by
 * its rule, never treated as applicable.
 */
export function effectiveScope(declaration: unknown, parentScope: readonly Revision[]): Revision[] {
  const explicit = isObject(declaration) ? declaration.protocolVersions : undefined;
  if (!Array.isArray(explicit)) return [...parentScope];
  const out: Revision[] = [];
  for (const value of explicit)
    if (isRevision(value) && parentScope.includes(value) && !out.includes(value)) out.push(value);
  return out;
}

/** Whether a declaration applies to `revision` within its parent's scope (4.10). */
export function appliesTo(declaration: unknown, parentScope: readonly Revision[], revision: string): boolean {
  return (effectiveScope(declaration, parentScope) as readonly string[]).includes(revision);
}

/** Calls `fn` for each object element of an array (non-objects are structural errors reported elsewhere). */
export function forEachObject(
  list: unknown,
  pointer: string,
  fn: (value: JsonObject, pointer: string, index: number) => void,
): void {
  if (!Array.isArray(list)) return;
  for (let index = 0; index < list.length; index++) {
    const value = list[index];
    if (isObject(value)) fn(value, pointer + '/' + index, index);
  }
}
