/**
 * The extension-eligible objects of a document (14.2): where an `x-*` key is a specification
 * extension. Everywhere else — domain-keyed maps, embedded schemas, MCP payloads and results,
 * `_meta`, Reference Objects, component namespace maps — an `x-` key is not one. Primitive
 * collections, example maps and component namespaces come from the document table; this file
 * adds the nested objects 14.2 names that the table does not describe.
 */
import { isReferenceObject } from './components.js';
import { exampleComponentNamespaces, forEachObject, primitiveKinds } from './document.js';
import { joinPointer } from './json-pointer.js';
import { isObject, type JsonObject } from './values.js';

/** The OAuth Flow Objects of an OAuth Flows Object (7.2). */
const oauthFlows = ['implicit', 'password', 'clientCredentials', 'authorizationCode'] as const;

/** The MCP Description-defined capability declaration objects of a Capabilities Object (8.2): the list capabilities. */
const capabilityDeclarations = [...new Set(primitiveKinds.map((kind) => kind.listCapability))];

/**
 * Calls `fn` for every extension-eligible object, with its pointer. Every example map's values are
 * eligible (9.3, 9.4, 10.4, 11.3, 11.4) and so are example component values (17.1), except
 * Reference Objects (17.2).
 */
export function forEachExtensionSite(document: JsonObject, fn: (object: JsonObject, pointer: string) => void): void {
  // Pointers are joined only for members that are there: most sites are absent on most objects.
  const member = (parent: JsonObject, key: string, pointer: string): void => {
    const value = parent[key];
    if (isObject(value)) fn(value, joinPointer(pointer, key));
  };
  const members = (parent: JsonObject, key: string, pointer: string, each = fn): void => {
    const list = parent[key];
    if (Array.isArray(list)) forEachObject(list, joinPointer(pointer, key), each);
  };
  const forEachValue = (map: unknown, pointer: string, each: (value: JsonObject, pointer: string) => void): void => {
    if (!isObject(map)) return;
    for (const name of Object.keys(map)) {
      const value = map[name];
      if (isObject(value)) each(value, joinPointer(pointer, name));
    }
  };

  fn(document, '');
  const info = document.info;
  if (isObject(info)) {
    fn(info, '/info');
    member(info, 'contact', '/info');
    member(info, 'license', '/info');
    members(info, 'icons', '/info');
  }
  members(document, 'tags', '');
  members(document, 'transports', '');
  forEachValue(document.securitySchemes, '/securitySchemes', (scheme, pointer) => {
    fn(scheme, pointer);
    const flows = scheme.flows;
    if (!isObject(flows)) return;
    const flowsPointer = joinPointer(pointer, 'flows');
    fn(flows, flowsPointer);
    for (const flow of oauthFlows) member(flows, flow, flowsPointer);
  });
  members(document, 'capabilities', '', (capabilities, pointer) => {
    fn(capabilities, pointer);
    for (const declaration of capabilityDeclarations) member(capabilities, declaration, pointer);
  });

  for (const { kind, collection, exampleMaps } of primitiveKinds) {
    members(document, collection, '', (primitive, pointer) => {
      fn(primitive, pointer);
      members(primitive, 'icons', pointer);
      member(primitive, 'clientRequirements', pointer);
      members(primitive, 'elicitations', pointer);
      // Prompt Argument Objects (11.2).
      if (kind === 'prompt') members(primitive, 'arguments', pointer);
      for (const map of exampleMaps) {
        const examples = primitive[map.property];
        if (!isObject(examples)) continue;
        forEachValue(examples, joinPointer(pointer, map.property), (example, examplePointer) => {
          if (map.namespace !== undefined && isReferenceObject(example)) return;
          fn(example, examplePointer);
          // Tool Interaction Step Objects (9.4).
          if (map.kind === 'toolInteraction') members(example, 'steps', examplePointer);
        });
      }
    });
  }

  const components = document.components;
  if (!isObject(components)) return;
  fn(components, '/components');
  for (const namespace of exampleComponentNamespaces) {
    forEachValue(components[namespace], joinPointer('/components', namespace), (example, pointer) => {
      if (!isReferenceObject(example)) fn(example, pointer);
    });
  }
}
