import { isObject } from '../../model/values.js';
import type { PrimitiveNode } from '../walk.js';

/** Declared Prompt Argument names and the required ones. */
export function promptArguments(prompt: PrimitiveNode): { names: Set<string>; required: string[] } {
  const names = new Set<string>();
  const required: string[] = [];
  const list = prompt.value.arguments;
  if (Array.isArray(list)) {
    for (const argument of list) {
      if (!isObject(argument) || typeof argument.name !== 'string') continue;
      names.add(argument.name);
      if (argument.required === true) required.push(argument.name);
    }
  }
  return { names, required };
}
