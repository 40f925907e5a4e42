import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, having, lacking, type Revision } from '../../model/revisions.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { checkResourceContents, contentCodes, isBase64 } from '../mcp/content.js';
import { checkMeta, metaCodes } from '../mcp/meta.js';
import { raw, type Rule, type RuleContext } from '../rule.js';
import type { ExampleKind, ExampleNode } from '../walk.js';

/* ------------------------------------------------------------------------------------------ */
/* Shared by the primitive example rules (resource, template, prompt, completion results).    */

/** The primitive example kinds this family validates. */
export const primitiveExampleKinds: ReadonlySet<ExampleKind> = new Set([
  'resource',
  'resourceTemplate',
  'prompt',
  'completion',
]);

/** The example object and its `result`, when both are objects (other shapes are structural errors). */
export function resultOf(node: ExampleNode): { example: JsonObject; result: JsonObject; pointer: string } | undefined {
  if (!isObject(node.value) || !isObject(node.value.result)) return undefined;
  return { example: node.value, result: node.value.result, pointer: joinPointer(node.pointer, 'result') };
}

/** "used at ..." note for examples reached through a `$componentRef`. */
export function useSite(node: ExampleNode): string | undefined {
  return node.via ? `example used at ${node.via}` : undefined;
}

/** Codes of `checkResultRevisionFields`; spread into the rule that calls it. */
export const resultRevisionCodes = {
  'missing-result-type': 'result lacks resultType "complete", required by MCP {revisions}',
  'result-type-value': 'resultType is {value}; a named example holds a completed result, so it must be "complete"',
  'result-type-revision':
    'resultType is not defined by MCP {revisions}; results of those revisions must not contain it (split the declaration into protocol-scoped variants when it spans MCP 2026-07-28 and earlier revisions)',
  'meta-revision': 'result _meta is not defined by MCP {revisions}; it is available from MCP 2025-06-18',
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
  const note = useSite(node);
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

/** JSON-RPC envelope members: the example holds only the payload inside the response's `result`. */
const envelopeFields = ['jsonrpc', 'id', 'method', 'params', 'error', 'result'];
/** Members of task-augmented (2025-11-25) and input-required (2026-07-28) results. */
const incompleteFields: Record<string, string> = {
  task: 'a task-augmented (CreateTaskResult) response',
  requestState: 'an input-required (incomplete) result',
  inputRequests: 'an input-required (incomplete) result',
};

/** Forbidden non-completed forms in resource, template, prompt and completion example results. */
export const primitiveCompletedResultFormRule: Rule = {
  id: 'mcpdesc.primitive-example.completed-result-form',
  kind: 'conformance',
  spec: '10.4.4',
  severity: 'error',
  codes: {
    'envelope-field':
      "result contains JSON-RPC envelope member {value}; an example result is the payload inside a successful response's result member, without the envelope",
    'incomplete-form':
      'result contains {value}, a member of {form}; task, input-required and other non-completed forms are not examples',
  },
  docs: {
    summary:
      'Resource, Resource Template, Prompt and completion example results are completed payloads: no JSON-RPC envelope, error, task or input-required members (10.4.4, 10.4.6, 11.3, 11.4).',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      resources: [
        {
          uri: 'test://a',
          name: 'a',
          examples: { one: { result: { jsonrpc: '2.0', contents: [{ uri: 'test://a', text: 'a' }] } } },
        },
      ],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      resources: [
        { uri: 'test://a', name: 'a', examples: { one: { result: { contents: [{ uri: 'test://a', text: 'a' }] } } } },
      ],
    },
  },
  create(ctx) {
    return {
      example(node) {
        if (!primitiveExampleKinds.has(node.kind)) return;
        const found = resultOf(node);
        if (!found) return;
        const note = useSite(node);
        for (const key of Object.keys(found.result)) {
          const at = joinPointer(found.pointer, key);
          if (envelopeFields.includes(key))
            ctx.report('envelope-field', at, { key: true, note, values: { value: key } });
          else if (hasOwn(incompleteFields, key))
            ctx.report('incomplete-form', at, {
              key: true,
              note,
              values: { value: key, form: raw(incompleteFields[key]!) },
            });
        }
      },
    };
  },
};

/* ------------------------------------------------------------------------------------------ */

const resourceDoc = (result: unknown, protocolVersions = ['2026-07-28']): unknown => ({
  mcpdesc: '0.8.0',
  info: { name: 'x', version: '1' },
  protocolVersions,
  resources: [{ uri: 'test://a', name: 'a', examples: { one: { result } } }],
});

/** Completed Resource read results (10.4.4): contents, cache fields and metadata per revision. */
export const resourceResultMembersRule: Rule = {
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
    'cache-field-revision':
      '{value} is not defined by MCP {revisions}; results of those revisions must not contain it (split the declaration into protocol-scoped variants when it spans MCP 2026-07-28 and earlier revisions)',
    'annotations-in-result':
      'result contains annotations {value}; Resource Annotations describe the declaration, and declaration annotations must not be moved into an example result (10.3)',
  },
  docs: {
    summary:
      'A Resource or Resource Template example result has non-empty contents of valid Resource Contents, and resultType, ttlMs and cacheScope exactly where the MCP revision defines them.',
    bad: resourceDoc({ resultType: 'complete', contents: [{ uri: 'test://a', text: 'a' }] }),
    good: resourceDoc({
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'public',
      contents: [{ uri: 'test://a', text: 'a' }],
    }),
  },
  create(ctx) {
    return {
      example(node) {
        if (node.kind !== 'resource' && node.kind !== 'resourceTemplate') return;
        const found = resultOf(node);
        if (!found) return;
        const { result, pointer } = found;
        const note = useSite(node);
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

/* ------------------------------------------------------------------------------------------ */

/** The requested URI of a resource or template example: the Resource's `uri` or the example's `uri`. */
export function requestedUri(node: ExampleNode): string | undefined {
  if (node.kind === 'resource') return typeof node.owner.value.uri === 'string' ? node.owner.value.uri : undefined;
  if (node.kind === 'resourceTemplate' && isObject(node.value))
    return typeof node.value.uri === 'string' ? node.value.uri : undefined;
  return undefined;
}

/** The essence of a media type (type/subtype, lower case), parameters dropped. */
function mediaTypeEssence(value: string): string {
  return value.split(';')[0]!.trim().toLowerCase();
}

/** Decoded byte length of standard base64 (already known to be valid). */
function base64ByteLength(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/** SHOULD-level consistency between a Resource (Template) declaration and its example results (10.4.4). */
export const resourceExampleConsistencyRule: Rule = {
  id: 'mcpdesc.resource.example.consistency',
  kind: 'conformance',
  spec: '10.4.4',
  severity: 'warning',
  codes: {
    'requested-uri-missing':
      'no contents entry identifies the requested URI {value}; at least one returned entry SHOULD, unless documented collection or indirection semantics explain otherwise',
    'mime-type-differs':
      'contents entry for {uri} has mimeType {value}, but the declaration has {expected}; the corresponding entry SHOULD use the same type',
    'size-mismatch': 'contents entry for {uri} holds {actual} bytes ({form}), but the Resource declares size {value}',
  },
  docs: {
    summary:
      "Example results identify the requested URI, the entry for it uses the declared mimeType, and a static Resource's size matches the example bytes (warnings).",
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      resources: [
        {
          uri: 'test://a',
          name: 'a',
          mimeType: 'text/plain',
          examples: { one: { result: { contents: [{ uri: 'test://a', mimeType: 'application/json', text: '{}' }] } } },
        },
      ],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      resources: [
        {
          uri: 'test://a',
          name: 'a',
          mimeType: 'text/plain',
          size: 2,
          examples: { one: { result: { contents: [{ uri: 'test://a', mimeType: 'text/plain', text: '{}' }] } } },
        },
      ],
    },
  },
  create(ctx) {
    return {
      example(node) {
        if (node.kind !== 'resource' && node.kind !== 'resourceTemplate') return;
        const found = resultOf(node);
        const uri = requestedUri(node);
        if (!found || uri === undefined || !Array.isArray(found.result.contents)) return;
        const entries = found.result.contents;
        if (entries.length === 0 || !entries.every((e) => isObject(e) && typeof e.uri === 'string')) return;
        const note = useSite(node);
        const declared = node.owner.value;
        const matching = entries.map((e, i) => [e as JsonObject, i] as const).filter(([e]) => e.uri === uri);
        if (matching.length === 0) {
          ctx.report('requested-uri-missing', joinPointer(found.pointer, 'contents'), { note, values: { value: uri } });
          return;
        }
        for (const [entry, i] of matching) {
          const at = joinPointer(found.pointer, 'contents', i);
          if (
            typeof declared.mimeType === 'string' &&
            typeof entry.mimeType === 'string' &&
            mediaTypeEssence(declared.mimeType) !== mediaTypeEssence(entry.mimeType)
          ) {
            ctx.report('mime-type-differs', joinPointer(at, 'mimeType'), {
              note,
              values: { uri, value: entry.mimeType, expected: declared.mimeType },
            });
          }
          if (node.kind === 'resource' && typeof declared.size === 'number') {
            let actual: number | undefined;
            let form = '';
            if (typeof entry.text === 'string' && entry.blob === undefined) {
              actual = new TextEncoder().encode(entry.text).length;
              form = 'text as UTF-8';
            } else if (typeof entry.blob === 'string' && entry.text === undefined && isBase64(entry.blob)) {
              actual = base64ByteLength(entry.blob);
              form = 'decoded blob';
            }
            if (actual !== undefined && actual !== declared.size) {
              ctx.report('size-mismatch', at, {
                note,
                values: { uri, actual: raw(String(actual)), form: raw(form), value: declared.size },
              });
            }
          }
        }
      },
    };
  },
};
