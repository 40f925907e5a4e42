import { joinPointer } from '../model/json-pointer.js';
import { isObject, type JsonObject } from '../model/values.js';

/** The extension that disables lint rules inside the object that carries it. */
export const inlineKey = 'x-mcpdesc-lint';

export interface InlineDirective {
  /** Pointer of the object carrying the extension. */
  pointer: string;
  /** The extension's value (not yet checked). */
  value: unknown;
}

function objectsOf(list: unknown, pointer: string, fn: (value: JsonObject, pointer: string) => void): void {
  if (Array.isArray(list))
    list.forEach((v, i) => {
      if (isObject(v)) fn(v, joinPointer(pointer, i));
    });
}
function valuesOf(map: unknown, pointer: string, fn: (value: JsonObject, pointer: string) => void): void {
  if (isObject(map))
    for (const k of Object.keys(map)) if (isObject(map[k])) fn(map[k] as JsonObject, joinPointer(pointer, k));
}

/**
 * Every `x-mcpdesc-lint` on an extension-eligible object (14.2): the root, Info, Transports,
 * Tools, Resources, Resource Templates, Prompts, Prompt Arguments, Elicitation Declarations,
 * named example wrappers and example components. Elsewhere (schemas, results, _meta) an
 * `x-*` key is not an extension and is not read.
 */
export function inlineDirectives(document: JsonObject): InlineDirective[] {
  const out: InlineDirective[] = [];
  const visit = (value: JsonObject, pointer: string): void => {
    if (Object.prototype.hasOwnProperty.call(value, inlineKey)) out.push({ pointer, value: value[inlineKey] });
  };
  visit(document, '');
  if (isObject(document.info)) visit(document.info, '/info');
  objectsOf(document.transports, '/transports', visit);
  for (const collection of ['tools', 'resources', 'resourceTemplates', 'prompts']) {
    objectsOf(document[collection], '/' + collection, (primitive, pointer) => {
      visit(primitive, pointer);
      valuesOf(primitive.examples, joinPointer(pointer, 'examples'), visit);
      valuesOf(primitive.interactionExamples, joinPointer(pointer, 'interactionExamples'), visit);
      objectsOf(primitive.arguments, joinPointer(pointer, 'arguments'), visit);
      objectsOf(primitive.elicitations, joinPointer(pointer, 'elicitations'), visit);
    });
  }
  if (isObject(document.components)) {
    visit(document.components, '/components');
    for (const ns of ['toolExamples', 'resourceExamples', 'resourceTemplateExamples']) {
      valuesOf(document.components[ns], joinPointer('/components', ns), visit);
    }
  }
  return out;
}

/** The rule ids a well-formed directive disables (malformed entries are reported by lint.inline-config). */
export function disabledIds(value: unknown): string[] {
  if (!isObject(value) || !Array.isArray(value.disable)) return [];
  return value.disable.filter((id): id is string => typeof id === 'string');
}

/** Whether `pointer` is `scope` or inside it. */
export function isInside(pointer: string, scope: string): boolean {
  return scope === '' || pointer === scope || pointer.startsWith(scope + '/');
}
