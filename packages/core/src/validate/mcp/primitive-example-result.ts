import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, having, lacking } from '../../model/revisions.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { raw, type RuleContext } from '../rule.js';
import type { ExampleNode } from '../walk.js';
import { exampleUseSite } from './example-use-site.js';
import { checkMeta, metaCodes } from './meta.js';
import { firstDefiningRevision } from './revision-facts.js';
import { splitAdvice } from './split-advice.js';

/** The completed results of Resource, Resource Template, Prompt and completion examples share these checks. */

/** The example object and its `result`, when both are objects (other shapes are structural errors). */
export function resultOf(node: ExampleNode): { example: JsonObject; result: JsonObject; pointer: string } | undefined {
  if (!isObject(node.value) || !isObject(node.value.result)) return undefined;
  return { example: node.value, result: node.value.result, pointer: joinPointer(node.pointer, 'result') };
}

/** Codes of `checkResultRevisionFields`; spread into the rule that calls it. */
export const resultRevisionCodes = {
  'missing-result-type': 'result lacks resultType "complete", required by MCP {revisions}',
  'result-type-value': 'resultType is {value}; a named example holds a completed result, so it must be "complete"',
  'result-type-revision': `resultType is not defined by MCP {revisions}; results of those revisions must not contain it (split the declaration into protocol-scoped variants when it spans MCP ${firstDefiningRevision('result.resultType')} and earlier revisions; ${splitAdvice})`,
  'meta-revision': `result _meta is not defined by MCP {revisions}; it is available from MCP ${firstDefiningRevision('result._meta')}`,
  'meta-type': 'result _meta must be an object; found {value}',
  // checkResultRevisionFields passes result _meta to checkMeta, which reports these codes.
  ...metaCodes,
} as const;

/**
 * Revision-dependent members every completed result shares: `resultType: "complete"` for MCP
 * 2026-07-28 and its absence before (9.3, 10.4.4, 11.3, 11.4), and result `_meta` from
 * 2025-06-18 (3.5) with its keys checked for the revisions that define it.
 */
export function checkResultRevisionFields(
  ctx: RuleContext,
  node: ExampleNode,
  result: JsonObject,
  pointer: string,
): void {
  const note = exampleUseSite(node);
  const scope = node.scope;
  const needs = having(scope, 'result.resultType');
  const forbids = lacking(scope, 'result.resultType');
  if (hasOwn(result, 'resultType')) {
    const at = joinPointer(pointer, 'resultType');
    if (forbids.length)
      ctx.report('result-type-revision', at, { key: true, note, values: { revisions: raw(formatRevisions(forbids)) } });
    if (needs.length && result.resultType !== 'complete')
      ctx.report('result-type-value', at, { note, values: { value: result.resultType } });
  } else if (needs.length) {
    ctx.report('missing-result-type', pointer, { note, values: { revisions: raw(formatRevisions(needs)) } });
  }
  if (hasOwn(result, '_meta')) {
    const at = joinPointer(pointer, '_meta');
    const missingIn = lacking(scope, 'result._meta');
    if (missingIn.length)
      ctx.report('meta-revision', at, { key: true, note, values: { revisions: raw(formatRevisions(missingIn)) } });
    else if (!isObject(result._meta)) ctx.report('meta-type', at, { note, values: { value: result._meta } });
    else checkMeta(ctx, result._meta, at, scope, 'result');
  }
}
