import { joinPointer } from '../../model/json-pointer.js';
import { isObject, type JsonObject } from '../../model/values.js';
import type { RuleContext } from '../rule.js';
import type { ExampleNode, PrimitiveNode } from '../walk.js';

/**
 * What the Named Tool Example rules (9.3) share with the `input`/`result` of Tool Interaction
 * Examples (9.4), which follow the same rules.
 */

/** Tool examples and interaction examples: both carry `input` and `result`. */
export function isToolExample(node: ExampleNode): boolean {
  return (node.kind === 'tool' || node.kind === 'toolInteraction') && isObject(node.value);
}

/** The completed result of a Tool or interaction example, with its pointer, when it is an object. */
export function completedToolResult(node: ExampleNode): { result: JsonObject; at: string } | undefined {
  if (!isToolExample(node)) return undefined;
  const result = (node.value as JsonObject).result;
  return isObject(result) ? { result, at: joinPointer(node.pointer, 'result') } : undefined;
}

/** The Tool's schema for `role`, after `$componentRef` resolution; undefined when absent, unresolvable or not an object. */
export function resolvedToolSchema(
  ctx: RuleContext,
  tool: PrimitiveNode,
  role: 'inputSchema' | 'outputSchema',
): { value: JsonObject; pointer: string } | undefined {
  const value = tool.value[role];
  if (value === undefined) return undefined;
  const resolution = ctx.components.resolve(value, joinPointer(tool.pointer, role), 'schemas');
  if (!resolution.ok || !isObject(resolution.value)) return undefined;
  return { value: resolution.value, pointer: resolution.pointer };
}

/** Members that mark a non-completed form (reported by mcpdesc.example.completed-result-form). */
export const envelopeMembers: ReadonlySet<string> = new Set(['jsonrpc', 'id', 'result', 'error', 'method', 'params']);
export const taskMembers: ReadonlySet<string> = new Set(['task']);
export const inputRequiredMembers: ReadonlySet<string> = new Set(['inputRequests', 'requestState']);
