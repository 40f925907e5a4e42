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
  const visit = (value: unknown, pointer: string): void => {
    if (isObject(value)) fn(value, pointer);
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
    visit(info.contact, '/info/contact');
    visit(info.license, '/info/license');
    forEachObject(info.icons, '/info/icons', fn);
  }
  forEachObject(document.tags, '/tags', fn);
  forEachObject(document.transports, '/transports', fn);
  forEachValue(document.securitySchemes, '/securitySchemes', (scheme, pointer) => {
    fn(scheme, pointer);
    const flows = scheme.flows;
    if (!isObject(flows)) return;
    const flowsPointer = joinPointer(pointer, 'flows');
    fn(flows, flowsPointer);
    for (const flow of oauthFlows) visit(flows[flow], joinPointer(flowsPointer, flow));
  });
  forEachObject(document.capabilities, '/capabilities', (capabilities, pointer) => {
    fn(capabilities, pointer);
    for (const declaration of capabilityDeclarations)
      visit(capabilities[declaration], joinPointer(pointer, declaration));
  });

  for (const { kind, collection, exampleMaps } of primitiveKinds) {
    forEachObject(document[collection], '/' + collection, (primitive, pointer) => {
      fn(primitive, pointer);
      forEachObject(primitive.icons, joinPointer(pointer, 'icons'), fn);
      visit(primitive.clientRequirements, joinPointer(pointer, 'clientRequirements'));
      forEachObject(primitive.elicitations, joinPointer(pointer, 'elicitations'), fn);
      // Prompt Argument Objects (11.2).
      if (kind === 'prompt') forEachObject(primitive.arguments, joinPointer(pointer, 'arguments'), fn);
      for (const map of exampleMaps) {
        forEachValue(primitive[map.property], joinPointer(pointer, map.property), (example, examplePointer) => {
          if (map.namespace !== undefined && isReferenceObject(example)) return;
          fn(example, examplePointer);
          // Tool Interaction Step Objects (9.4).
          if (map.kind === 'toolInteraction') forEachObject(example.steps, joinPointer(examplePointer, 'steps'), fn);
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
