import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, having, lacking, type Revision } from '../../model/revisions.js';
import { hasOwn, type JsonObject } from '../../model/values.js';
import { checkResourceContents, contentCodes } from '../mcp/content.js';
import { raw, type Rule, type RuleContext, type RuleDocs } from '../rule.js';
import { exampleUseSite } from '../mcp/example-use-site.js';
import { checkResultRevisionFields, resultOf, resultRevisionCodes } from '../mcp/primitive-example-result.js';
import { firstDefiningRevision } from '../mcp/revision-facts.js';
import { splitAdvice } from '../mcp/split-advice.js';

const resourceDoc = (result: unknown, protocolVersions = ['2026-07-28']): unknown => ({
  mcpdesc: '0.8.0',
  info: { name: 'x', version: '1' },
  protocolVersions,
  resources: [{ uri: 'test://a', name: 'a', examples: { one: { result } } }],
});

function checkCacheFields(
  ctx: RuleContext,
  result: JsonObject,
  pointer: string,
  scope: readonly Revision[],
  note: string | undefined,
): void {
  const needs = having(scope, 'result.cacheable');
  const forbids = lacking(scope, 'result.cacheable');
  const missing: string[] = [];
  for (const member of ['ttlMs', 'cacheScope'] as const) {
    const at = joinPointer(pointer, member);
    if (!hasOwn(result, member)) {
      missing.push(JSON.stringify(member));
      continue;
    }
    if (forbids.length)
      ctx.report('cache-field-revision', at, {
        key: true,
        note,
        values: { value: member, revisions: raw(formatRevisions(forbids)) },
      });
    if (!needs.length) continue;
    const value = result[member];
    if (member === 'ttlMs' && !(typeof value === 'number' && Number.isFinite(value) && value >= 0))
      ctx.report('ttl-value', at, { note, values: { value } });
    if (member === 'cacheScope' && value !== 'public' && value !== 'private')
      ctx.report('cache-scope-value', at, { note, values: { value } });
  }
  if (missing.length && needs.length) {
    ctx.report('missing-cache-field', pointer, {
      note,
      values: { member: raw(missing.join(' and ')), revisions: raw(formatRevisions(needs)) },
    });
  }
}

export function docs(): RuleDocs {
  return {
    summary:
      'A Resource or Resource Template example result has non-empty contents of valid Resource Contents, and resultType, ttlMs and cacheScope exactly where the MCP revision defines them.',
    bad: resourceDoc({ resultType: 'complete', contents: [{ uri: 'test://a', text: 'a' }] }),
    good: resourceDoc({
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'public',
      contents: [{ uri: 'test://a', text: 'a' }],
    }),
  };
}

/** Completed Resource read results (10.4.4): contents, cache fields and metadata per revision. */
export const rule: Rule = {
  id: 'mcp.resource-result.members',
  kind: 'conformance',
  spec: '10.4.4',
  severity: 'error',
  codes: {
    ...contentCodes,
    ...resultRevisionCodes,
    'missing-contents':
      'result lacks contents; a completed resources/read result must contain a non-empty contents array',
    'contents-type': 'contents must be a non-empty array of Resource Contents; found {value}',
    'empty-contents':
      'contents is empty; a completed resources/read result must contain at least one Resource Contents entry',
    'missing-cache-field':
      'result lacks {member}, required by MCP {revisions} (ReadResourceResult extends CacheableResult)',
    'ttl-value': 'ttlMs must be a non-negative number; found {value}',
    'cache-scope-value': 'cacheScope must be "public" or "private"; found {value}',
    'cache-field-revision': `{value} is not defined by MCP {revisions}; results of those revisions must not contain it (split the declaration into protocol-scoped variants when it spans MCP ${firstDefiningRevision('result.cacheable')} and earlier revisions; ${splitAdvice})`,
    'annotations-in-result':
      'result contains annotations {value}; Resource Annotations describe the declaration, and declaration annotations must not be moved into an example result (10.3)',
  },
  create(ctx) {
    return {
      example(node) {
        if (node.kind !== 'resource' && node.kind !== 'resourceTemplate') return;
        const found = resultOf(node);
        if (!found) return;
        const { result, pointer } = found;
        const note = exampleUseSite(node);
        const scope = node.scope;
        checkResultRevisionFields(ctx, node, result, pointer);
        checkCacheFields(ctx, result, pointer, scope, note);
        // 10.3: "declaration annotations MUST NOT be moved into an example result" (entries are closed natively; this is the result level).
        if (hasOwn(result, 'annotations'))
          ctx.report('annotations-in-result', joinPointer(pointer, 'annotations'), {
            note,
            values: { value: result.annotations },
          });
        const contents = result.contents;
        if (contents === undefined) ctx.report('missing-contents', pointer, { note });
        else if (!Array.isArray(contents))
          ctx.report('contents-type', joinPointer(pointer, 'contents'), { note, values: { value: contents } });
        else if (contents.length === 0) ctx.report('empty-contents', joinPointer(pointer, 'contents'), { note });
        else
          contents.forEach((entry, i) => checkResourceContents(ctx, entry, joinPointer(pointer, 'contents', i), scope));
      },
    };
  },
};
