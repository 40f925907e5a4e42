import { isObject } from '../model/values.js';
import { showValue } from '../validate/rule.js';
import type { JsonObject } from '../model/values.js';

/** A tool's name as shown in messages (the raw JSON when it is not a string). */
export function toolLabel(tool: JsonObject): string {
  return typeof tool.name === 'string' ? showValue(tool.name) : 'without a name';
}

export function annotationsOf(tool: JsonObject): JsonObject | undefined {
  return isObject(tool.annotations) ? tool.annotations : undefined;
}
