/**
 * verify's hygiene room: x-mcp-header consistency between a tool's schema and its declaration.
 */
import {
  type PrimitiveKindInfo,
  defines,
  formatRevisions,
  isRevision,
  revisionFeatures,
  isObject,
  type JsonObject,
  canonicalJson,
  joinPointer,
} from 'mcpdesc-core/model';
import { show } from '../findings.js';
import { checkInvalidCursor, compareOrder, identityOf, listAll, type RawList } from '../raw-list.js';
import { type Declared, listBoundsOf, type VerifyContext } from './context.js';
import { verifyHygieneCacheFieldsRule } from '../rules/verify.hygiene.cache-fields.js';
import { verifyHygieneXMcpHeaderRule } from '../rules/verify.hygiene.x-mcp-header.js';

/** Header names by property path (escaped JSON Pointer tokens) for x-mcp-header annotations (properties chains only). */
export function headerMap(schema: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (!isObject(schema) || !isObject(schema.properties)) return out;
  for (const [name, sub] of Object.entries(schema.properties)) {
    if (!isObject(sub)) continue;
    const p = joinPointer(path, name);
    if (typeof sub['x-mcp-header'] === 'string') out.set(p, sub['x-mcp-header']);
    headerMap(sub, p, out);
  }
  return out;
}

export function checkHeaders(
  first: JsonObject[],
  second: JsonObject[],
  decl: Map<string, Declared> | undefined,
  { push }: VerifyContext,
): void {
  const secondById = new Map(second.map((t) => [identityOf('tools', t), t]));
  for (const tool of first) {
    const id = identityOf('tools', tool);
    if (id === undefined) continue;
    const a = headerMap(tool.inputSchema);
    const b = headerMap(secondById.get(id)?.inputSchema);
    if (a.size === 0 && b.size === 0) continue;
    if (canonicalJson([...a].sort()) !== canonicalJson([...b].sort())) {
      push({
        rule: verifyHygieneXMcpHeaderRule,
        code: 'headers-unstable',
        severity: 'warning',
        message: `tool ${show(id)}: x-mcp-header mappings changed between two listings`,
        pointer: decl?.get(id)?.pointer ?? '/tools',
        live: [...b],
        expected: [...a],
      });
    }
    // "MUST be case-insensitively unique among all x-mcp-header values in the inputSchema" (MCP 2026-07-28 Streamable HTTP; 0.8.0 section 9).
    const names = new Map<string, string>();
    const declared = decl?.get(id)?.pointer;
    for (const [path, h] of a) {
      const earlier = names.get(h.toLowerCase());
      if (earlier !== undefined) {
        const at =
          declared === undefined
            ? '/tools'
            : `${declared}/inputSchema${path
                .split('/')
                .slice(1)
                .map((p) => `/properties/${p}`)
                .join('')}/x-mcp-header`;
        push({
          rule: verifyHygieneXMcpHeaderRule,
          code: 'header-duplicate',
          message: `tool ${show(id)}: x-mcp-header ${show(h)} at ${show(path)} repeats ${show(a.get(earlier))} of ${show(earlier)} (header names must be unique case-insensitively)`,
          pointer: at,
          live: h,
          expected: 'a header name unique case-insensitively within the inputSchema',
        });
      } else {
        names.set(h.toLowerCase(), path);
      }
    }
  }
}

/** A complete listing's hygiene: cache fields, an invalid cursor, a stable tools/list order, x-mcp-header. */
export async function listHygiene(context: VerifyContext, info: PrimitiveKindInfo, first: RawList): Promise<void> {
  const { revision, session, tally, push, options } = context;
  const kind = info.collection;
  if (isRevision(revision) && defines(revision, 'result.cacheable')) {
    tally.hygiene.push(`${info.listMethod} cache fields`);
    first.pages.forEach((page, i) => {
      const missing = ['ttlMs', 'cacheScope'].filter((k) => page[k] === undefined);
      if (missing.length > 0)
        push({
          rule: verifyHygieneCacheFieldsRule,
          code: 'cache-fields-missing',
          message: `${info.listMethod} page ${i + 1} has no ${missing.join(' and ')} (required on MCP ${formatRevisions(revisionFeatures['result.cacheable'])} list results)`,
          pointer: `/${kind}`,
          live: page,
          expected: missing,
        });
    });
  }
  if (first.complete && first.items.length > 0) {
    tally.hygiene.push(`${info.listMethod} invalid cursor`);
    const invalid = await checkInvalidCursor(session, kind);
    if (invalid) context.add(invalid);
  }
  if (info.kind === 'tool' && first.complete) {
    const second = await listAll(session, 'tools', { ...listBoundsOf(options), namespace: 'verify' });
    if (second.complete) {
      tally.hygiene.push('tools/list order');
      const order = compareOrder('tools', first.items, second.items, revision);
      if (order) context.add(order);
      // x-mcp-header is a 2026-07-28 annotation (Streamable HTTP Mcp-Param-* headers); earlier revisions give it no meaning.
      if (isRevision(revision) && defines(revision, 'tool-schema.x-mcp-header')) {
        tally.hygiene.push('x-mcp-header uniqueness and stability');
        checkHeaders(first.items, second.items, context.expected.declared.tools, context);
      }
    }
  }
}
