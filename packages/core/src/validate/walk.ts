import { isReferenceObject, type ComponentResolver, type Resolution } from '../model/components.js';
import {
  componentNamespaces,
  effectiveScope,
  forEachObject,
  primitiveKinds,
  rootScopeOf,
  type ComponentNamespace,
  type ExampleKind,
  type PrimitiveKind,
} from '../model/document.js';
import { escapePointerToken, joinPointer } from '../model/json-pointer.js';
import type { Revision } from '../model/revisions.js';
import { hasOwn, isObject, type JsonObject } from '../model/values.js';

/**
 * One traversal of the document that rules subscribe to (Redocly's walk, ESLint's visitors).
 * The walker computes effective protocol scopes (4.10), resolves `$componentRef` use sites
 * (17.3, before contextual validation) and hands each object to the rules that asked for it.
 * It reports nothing itself: structure and references are the business of their rules, and
 * the walker only skips what it cannot interpret.
 */

/** A protocol-scoped declaration: transports, capabilities, primitives, elicitations. */
export interface ScopedNode {
  pointer: string;
  value: JsonObject;
  /** Effective protocol scope: explicit `protocolVersions` (restricted to the parent scope) or the parent's. */
  scope: Revision[];
  /** The parent's effective scope (root `protocolVersions` for top-level declarations). */
  parentScope: Revision[];
}

export interface TransportNode extends ScopedNode {
  index: number;
}

export interface CapabilitiesNode extends ScopedNode {
  index: number;
}

export interface PrimitiveNode extends ScopedNode {
  kind: PrimitiveKind;
  index: number;
}

/** A value reached at a use site, after `$componentRef` resolution. */
export interface ResolvedValue {
  /** Where the resolved value lives (inside `components` when it came through a reference). */
  pointer: string;
  value: unknown;
  /** The use site's pointer when the value came through a reference. */
  via?: string;
}

export interface ToolSchemaNode extends ResolvedValue {
  tool: PrimitiveNode;
  role: 'inputSchema' | 'outputSchema';
  scope: Revision[];
}

export interface ExampleNode extends ResolvedValue {
  kind: ExampleKind;
  owner: PrimitiveNode;
  /** The map key (example name). */
  name: string;
  scope: Revision[];
}

export interface ElicitationNode extends ScopedNode {
  owner: PrimitiveNode;
  index: number;
  /** `requestedSchema` after resolution, when present and resolvable. */
  requestedSchema?: ResolvedValue;
}

export interface SecurityNode {
  pointer: string;
  value: unknown;
  owner: 'root' | 'transport' | PrimitiveKind;
}

export interface ClientRequirementsNode {
  pointer: string;
  value: unknown;
  owner: PrimitiveNode;
  scope: Revision[];
}

/** A Reference Object at a use site or inside a component namespace, with its resolution. */
export interface ReferenceNode {
  pointer: string;
  namespace: ComponentNamespace;
  resolution: Resolution;
}

export interface MetaNode {
  pointer: string;
  value: unknown;
  /** What carries the `_meta` (for messages and reserved-key context). */
  context: 'declaration' | 'result' | 'content' | 'resource-contents' | 'message' | 'other';
  scope: Revision[];
}

export interface Visitors {
  document?(document: JsonObject): void;
  transport?(node: TransportNode): void;
  capabilities?(node: CapabilitiesNode): void;
  security?(node: SecurityNode): void;
  primitive?(node: PrimitiveNode): void;
  toolSchema?(node: ToolSchemaNode): void;
  example?(node: ExampleNode): void;
  elicitation?(node: ElicitationNode): void;
  clientRequirements?(node: ClientRequirementsNode): void;
  reference?(node: ReferenceNode): void;
  /** Called after the traversal, for checks across objects. */
  end?(): void;
}

/** Every visitor key; the Record type makes the compiler reject a key added to Visitors but not here. */
const visitorKeySet: Record<keyof Visitors, true> = {
  document: true,
  transport: true,
  capabilities: true,
  security: true,
  primitive: true,
  toolSchema: true,
  example: true,
  elicitation: true,
  clientRequirements: true,
  reference: true,
  end: true,
};
const visitorKeys = Object.keys(visitorKeySet) as (keyof Visitors)[];

export function walk(document: JsonObject, resolver: ComponentResolver, visitors: readonly Visitors[]): void {
  // Each node kind's subscribers, bound once: the walk is the hot loop of validation.
  const subscribers = new Map<keyof Visitors, ((node?: unknown) => void)[]>();
  for (const v of visitors) {
    for (const key of visitorKeys) {
      const fn = v[key] as ((node?: unknown) => void) | undefined;
      if (typeof fn !== 'function') continue;
      let list = subscribers.get(key);
      if (!list) subscribers.set(key, (list = []));
      list.push(fn.bind(v));
    }
  }
  const none: ((node?: unknown) => void)[] = [];
  const listOf = (key: keyof Visitors): ((node?: unknown) => void)[] => subscribers.get(key) ?? none;
  const onReference = listOf('reference');
  const onSecurity = listOf('security');
  const onPrimitive = listOf('primitive');
  const onClientRequirements = listOf('clientRequirements');
  const onToolSchema = listOf('toolSchema');
  const onExample = listOf('example');
  const onElicitation = listOf('elicitation');
  // Nodes are built only when some rule listens: the per-tool kinds are the hot loop.
  const emit = <K extends keyof Visitors>(key: K, node?: Parameters<NonNullable<Visitors[K]>>[0]): void => {
    const list = subscribers.get(key);
    if (list) for (const fn of list) fn(node);
  };
  const send = (list: ((node?: unknown) => void)[], node: unknown): void => {
    for (let i = 0; i < list.length; i++) list[i]!(node);
  };
  const rootScope = rootScopeOf(document);

  /** Resolves a use-site value, emitting the reference node; undefined when resolution failed. */
  const resolveAt = (value: unknown, pointer: string, ns: ComponentNamespace): ResolvedValue | undefined => {
    if (!isReferenceObject(value)) return { pointer, value };
    const resolution = resolver.resolve(value, pointer, ns);
    if (onReference.length > 0) send(onReference, { pointer, namespace: ns, resolution });
    if (!resolution.ok) return undefined;
    return { pointer: resolution.pointer, value: resolution.value, via: pointer };
  };

  emit('document', document);

  if (document.security !== undefined)
    emit('security', { pointer: '/security', value: document.security, owner: 'root' });

  forEachObject(document.transports, '/transports', (value, pointer, index) => {
    const node: TransportNode = {
      pointer,
      value,
      index,
      parentScope: rootScope,
      scope: effectiveScope(value, rootScope),
    };
    emit('transport', node);
    if (value.security !== undefined)
      emit('security', { pointer: joinPointer(pointer, 'security'), value: value.security, owner: 'transport' });
  });

  forEachObject(document.capabilities, '/capabilities', (value, pointer, index) => {
    emit('capabilities', {
      pointer,
      value,
      index,
      parentScope: rootScope,
      scope: effectiveScope(value, rootScope),
    });
  });

  for (const { kind, collection, schemaRoles, exampleMaps } of primitiveKinds) {
    forEachObject(document[collection], '/' + collection, (value, pointer, index) => {
      const node: PrimitiveNode = {
        kind,
        pointer,
        value,
        index,
        parentScope: rootScope,
        scope: effectiveScope(value, rootScope),
      };
      send(onPrimitive, node);
      if (value.security !== undefined && onSecurity.length > 0)
        send(onSecurity, { pointer: pointer + '/security', value: value.security, owner: kind });
      if (value.clientRequirements !== undefined && onClientRequirements.length > 0) {
        send(onClientRequirements, {
          pointer: pointer + '/clientRequirements',
          value: value.clientRequirements,
          owner: node,
          scope: node.scope,
        });
      }
      for (const role of schemaRoles) {
        if (value[role] === undefined) continue;
        const resolved = resolveAt(value[role], pointer + '/' + role, 'schemas');
        if (resolved && onToolSchema.length > 0) {
          const schemaNode: ToolSchemaNode = {
            pointer: resolved.pointer,
            value: resolved.value,
            tool: node,
            role,
            scope: node.scope,
          };
          if (resolved.via !== undefined) schemaNode.via = resolved.via;
          send(onToolSchema, schemaNode);
        }
      }
      for (const { property, kind: exampleKind, namespace } of exampleMaps) {
        const map = value[property];
        if (!isObject(map)) continue;
        for (const name in map) {
          if (!hasOwn(map, name)) continue;
          const at = pointer + '/' + property + '/' + escapePointerToken(name);
          const resolved = namespace ? resolveAt(map[name], at, namespace) : { pointer: at, value: map[name] };
          if (resolved && onExample.length > 0) {
            const exampleNode: ExampleNode = {
              pointer: resolved.pointer,
              value: resolved.value,
              kind: exampleKind,
              owner: node,
              name,
              scope: node.scope,
            };
            if (resolved.via !== undefined) exampleNode.via = resolved.via;
            send(onExample, exampleNode);
          }
        }
      }
      if (value.elicitations === undefined) return;
      forEachObject(value.elicitations, pointer + '/elicitations', (decl, declPointer, declIndex) => {
        const requestedSchema =
          decl.requestedSchema === undefined
            ? undefined
            : resolveAt(decl.requestedSchema, joinPointer(declPointer, 'requestedSchema'), 'schemas');
        send(onElicitation, {
          pointer: declPointer,
          value: decl,
          index: declIndex,
          owner: node,
          requestedSchema,
          parentScope: node.scope,
          scope: effectiveScope(decl, node.scope),
        });
      });
    });
  }

  // References stored inside component namespaces are checked where they stand too (17.4).
  const components = document.components;
  if (isObject(components)) {
    for (const ns of componentNamespaces) {
      const map = components[ns];
      if (!isObject(map)) continue;
      for (const name of Object.keys(map)) {
        if (isReferenceObject(map[name])) resolveAt(map[name], joinPointer('/components', ns, name), ns);
      }
    }
  }

  emit('end');
}
