import { joinPointer } from '../../model/json-pointer.js';
import { isObject, type JsonObject } from '../../model/values.js';
import type { ExampleNode } from '../walk.js';

/** The steps of Tool Interaction Examples (9.4), which several interaction rules read. */

export interface Step {
  index: number;
  pointer: string;
  type: string;
  request: unknown;
  response: unknown;
  value: JsonObject;
}

/** The steps of an interaction example that are objects with a string `type` (others are structural errors). */
export function stepsOf(node: ExampleNode): Step[] {
  if (node.kind !== 'toolInteraction' || !isObject(node.value)) return [];
  const steps = node.value.steps;
  if (!Array.isArray(steps)) return [];
  const out: Step[] = [];
  steps.forEach((value, index) => {
    if (!isObject(value) || typeof value.type !== 'string') return;
    out.push({
      index,
      pointer: joinPointer(node.pointer, 'steps', index),
      type: value.type,
      request: value.request,
      response: value.response,
      value,
    });
  });
  return out;
}
