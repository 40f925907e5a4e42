/**
 * verify's hygiene room: x-mcp-header consistency between a tool's schema and its declaration.
 */
import { isObject, type JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { show } from '../findings.js';
import { identityOf } from '../raw-list.js';
import { canonicalJson } from 'mcpdesc-core/internal/model/json.js';
import { type Declared, type Push } from './context.js';

/** Header names by property path (escaped JSON Pointer tokens) for x-mcp-header annotations (properties chains only). */
export function headerMap(schema: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (!isObject(schema) || !isObject(schema.properties)) return out;
  for (const [name, sub] of Object.entries(schema.properties)) {
    if (!isObject(sub)) continue;
    const p = `${path}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (typeof sub['x-mcp-header'] === 'string') out.set(p, sub['x-mcp-header']);
    headerMap(sub, p, out);
  }
  return out;
}

export function checkHeaders(
  first: JsonObject[],
  second: JsonObject[],
  decl: Map<string, Declared> | undefined,
  push: Push,
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
        rule: 'verify.hygiene.x-mcp-header',
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
          rule: 'verify.hygiene.x-mcp-header',
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
