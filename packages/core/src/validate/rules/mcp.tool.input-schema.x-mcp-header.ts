import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, lacking } from '../../model/revisions.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { forEachChildSchema } from '../../schema/keywords.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';
import { definingRevisions } from '../mcp/revision-facts.js';

/**
 * `x-mcp-header` (9.2): "MCP 2026-07-28 inputSchema properties MAY use x-mcp-header to map an
 * input to an HTTP header. The annotation value MUST be a non-empty HTTP field-name token and
 * MUST be unique case-insensitively within that inputSchema. It is valid only on a string,
 * integer, or boolean property that is statically reachable from the schema root through
 * properties chains. It MUST NOT be used on a property reached through arrays, composition,
 * conditionals, or $ref."
 */

/** RFC 9110 token: 1*tchar. */
const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

const headerTypes = new Set(['string', 'integer', 'boolean']);

export function docs(): RuleDocs {
  return {
    summary:
      'MCP 2026-07-28 x-mcp-header: a unique RFC 9110 token on a string, integer or boolean property reached from the inputSchema root through properties only.',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2026-07-28'],
      tools: [
        {
          name: 't',
          inputSchema: {
            type: 'object',
            properties: {
              region: { type: 'string', 'x-mcp-header': 'X-Region' },
              fallback: { type: 'string', 'x-mcp-header': 'x-region' },
            },
          },
        },
      ],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2026-07-28'],
      tools: [
        {
          name: 't',
          inputSchema: {
            type: 'object',
            properties: {
              region: { type: 'string', 'x-mcp-header': 'X-Region' },
              fallback: { type: 'string', 'x-mcp-header': 'X-Fallback-Region' },
            },
          },
        },
      ],
    },
  };
}

export const rule: Rule = {
  id: 'mcp.tool.input-schema.x-mcp-header',
  kind: 'conformance',
  spec: '9.2',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'revision-inapplicable': `x-mcp-header is defined only by MCP ${definingRevisions('tool-schema.x-mcp-header')}, but this Tool also applies to MCP {revisions}; narrow the Tool's protocolVersions or remove it`,
    'invalid-value':
      "x-mcp-header {value} is not a non-empty HTTP field-name token (RFC 9110 tchar: letters, digits and !#$%&'*+-.^_`|~)",
    'duplicate-x-mcp-header':
      'x-mcp-header {value} repeats {other} at {otherPointer} (case-insensitive); header names must be unique within an inputSchema',
    'invalid-property-type':
      'x-mcp-header is valid only on a string, integer or boolean property; this property has {found}',
    'invalid-placement':
      'x-mcp-header {value} is not on a property reachable from the inputSchema root through properties chains (found under {path}); it MUST NOT be used through arrays, composition, conditionals, definitions or $ref',
  },
  create(ctx) {
    const done = new Set<string>(); // a component schema used by several Tools is checked once per location
    return {
      toolSchema(node) {
        if (node.role !== 'inputSchema' || !isObject(node.value)) return;
        if (!ctx.schemas.facts(node.value).xMcpHeader) return; // nothing to check: skip the traversal
        const missing = lacking(node.scope, 'tool-schema.x-mcp-header');
        const key = node.pointer + '\u0000' + missing.join(',');
        if (done.has(key)) return;
        done.add(key);
        const note = node.via ? { note: `used by ${node.via}` } : {};
        const seen = new Map<string, { value: string; pointer: string }>();

        /** Visits a schema; `reachable` = a property reached from the root through properties only; `path` = how it was reached. */
        const visit = (schema: unknown, pointer: string, reachable: boolean, path: string, depth: number): void => {
          if (!isObject(schema) || depth > 256) return;
          if (hasOwn(schema, 'x-mcp-header')) check(schema, pointer, reachable, path);
          const onChain = reachable || pointer === node.pointer;
          /** The keyword that first left the properties chain. */
          const leave = (keyword: string): string => (onChain ? keyword : path);
          forEachChildSchema(schema, pointer, (child, childPointer, keyword) => {
            const nextReachable = keyword === 'properties' && onChain;
            visit(child, childPointer, nextReachable, nextReachable ? '' : leave(keyword), depth + 1);
          });
        };

        const check = (schema: JsonObject, pointer: string, reachable: boolean, path: string): void => {
          const at = joinPointer(pointer, 'x-mcp-header');
          const value = schema['x-mcp-header'];
          if (missing.length)
            ctx.report('revision-inapplicable', at, { values: { revisions: raw(formatRevisions(missing)) }, ...note });
          if (typeof value !== 'string' || !token.test(value)) {
            ctx.report('invalid-value', at, { values: { value }, ...note });
          } else {
            const folded = value.toLowerCase();
            const first = seen.get(folded);
            if (first)
              ctx.report('duplicate-x-mcp-header', at, {
                values: { value, other: first.value, otherPointer: raw(first.pointer) },
                ...note,
              });
            else seen.set(folded, { value, pointer: at });
          }
          if (!reachable) {
            ctx.report('invalid-placement', at, {
              values: {
                value,
                path: raw(pointer === node.pointer ? 'the schema root, which is not a property' : `"${path}"`),
              },
              ...note,
            });
            // The type rule is independent of placement (both are MUSTs); the root is no property.
            if (pointer === node.pointer) return;
          }
          const type = schema.type;
          const ok =
            typeof type === 'string'
              ? headerTypes.has(type)
              : Array.isArray(type) &&
                type.length > 0 &&
                type.every((t) => typeof t === 'string' && headerTypes.has(t));
          if (!ok) {
            ctx.report('invalid-property-type', hasOwn(schema, 'type') ? joinPointer(pointer, 'type') : at, {
              values: { found: hasOwn(schema, 'type') ? raw(`type ${JSON.stringify(type)}`) : raw('no type') },
              ...note,
            });
          }
        };

        visit(node.value, node.pointer, false, '', 0);
      },
    };
  },
};
