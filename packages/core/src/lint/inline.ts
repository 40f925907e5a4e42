import { isObject, type JsonObject } from '../model/values.js';
import { extensionMembers } from './extension-members.js';

/** The extension that disables lint rules inside the object that carries it. */
export const inlineKey = 'x-mcpdesc-lint';

export interface InlineDirective {
  /** Pointer of the object carrying the extension. */
  pointer: string;
  /** The extension's value (not yet checked). */
  value: unknown;
}

/**
 * Every `x-mcpdesc-lint` on an extension-eligible object (14.2). Elsewhere (schemas, results,
 * `_meta`, Reference Objects) an `x-*` key is not an extension and is not read.
 */
export function inlineDirectives(document: JsonObject): InlineDirective[] {
  return extensionMembers(document)
    .filter((member) => member.key === inlineKey)
    .map(({ object, pointer }) => ({ pointer, value: object[inlineKey] }));
}

/**
 * Whether a finding of `ruleId` at `pointer` is disabled by a directive on an object that contains
 * it. Malformed directive entries disable nothing (lint.inline-config reports them).
 */
export function inlineDisables(document: JsonObject): (ruleId: string, pointer: string) => boolean {
  const scopes = inlineDirectives(document)
    .map((directive) => ({ pointer: directive.pointer, ids: new Set(disabledIds(directive.value)) }))
    .filter((scope) => scope.ids.size > 0);
  return (ruleId, pointer) => scopes.some((scope) => scope.ids.has(ruleId) && isInside(pointer, scope.pointer));
}

function disabledIds(value: unknown): string[] {
  if (!isObject(value) || !Array.isArray(value.disable)) return [];
  return value.disable.filter((id): id is string => typeof id === 'string');
}

/** Whether `pointer` is `scope` or inside it. */
function isInside(pointer: string, scope: string): boolean {
  return scope === '' || pointer === scope || pointer.startsWith(scope + '/');
}
