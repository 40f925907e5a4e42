import { isObject, type JsonObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../../validate/rule.js';
import type { PrimitiveNode } from '../../validate/walk.js';
import { schemaTypes } from '../schema-walk.js';
import { toolLabel } from '../tool-name.js';
import { firstNameToken, nameTokenIn } from '../words.js';
import { exampleDocument, exampleTool } from '../example-document.js';

/** Verbs (a tool name's first word) of tools that return a set of records. */
const listWords = new Set(['list', 'search', 'find', 'query', 'browse', 'enumerate']);
/** Input property name words that bound the result: a cursor or a page size. */
const boundWords = new Set(['cursor', 'limit', 'page', 'pagesize', 'offset', 'max', 'top', 'first', 'count', 'size']);

/** Output property name words that accompany a page of records (a cursor, a total). */
const pageWords = new Set(['next', 'cursor', 'total', 'count', 'more', 'has', 'page']);

/**
 * An output property that mirrors the Tool Result's `content` blocks (MCP's CallToolResult
 * member): the blocks of one answer, not a set of records.
 */
const contentBlocks = 'content';

/**
 * A root array, or an object whose properties are arrays (and page bookkeeping): a set of records.
 * An array of content blocks is one answer, not records.
 */
function returnsArray(outputSchema: unknown): boolean {
  if (!isObject(outputSchema)) return false;
  if (schemaTypes(outputSchema).includes('array')) return true;
  const properties = outputSchema.properties;
  if (!isObject(properties)) return false;
  const names = Object.keys(properties);
  const arrays = names.filter((n) => n !== contentBlocks && isArraySchema(properties[n]));
  return (
    arrays.length > 0 &&
    names.every((n) => arrays.includes(n) || n === contentBlocks || nameTokenIn(n, pageWords) !== undefined)
  );
}

function isArraySchema(schema: unknown): boolean {
  return isObject(schema) && schemaTypes(schema).includes('array');
}

/**
 * The caller names the records it wants: a required array input (`names`, `ids`) bounds an array
 * output to those records (open_nodes(names) returns the named nodes, not the graph).
 */
function namesItsRecords(inputSchema: JsonObject): boolean {
  const properties = inputSchema.properties;
  if (!isObject(properties) || !Array.isArray(inputSchema.required)) return false;
  return inputSchema.required.some((name) => typeof name === 'string' && isArraySchema(properties[name]));
}

/** A description that states a fixed bound: "returns up to 10 results", "at most 50", "the top 5". */
const statedBound = /\b(up to|at most|no more than|a maximum of|maximum of|limited to|the top|the first) \d+\b/i;

function statesBound(tool: JsonObject): boolean {
  return typeof tool.description === 'string' && statedBound.test(tool.description);
}

function hasBound(inputSchema: JsonObject): boolean {
  const properties = inputSchema.properties;
  if (!isObject(properties)) return false;
  return Object.keys(properties).some((name) => nameTokenIn(name, boundWords) !== undefined);
}

export function docs(): RuleDocs {
  return {
    summary: 'List- and search-like tools take a cursor or a limit, so a result cannot be unbounded.',
    bad: exampleDocument({
      tools: [
        exampleTool({
          name: 'search_issues',
          annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
          inputSchema: {
            type: 'object',
            properties: { query: { type: 'string', description: 'Full-text query.' } },
            additionalProperties: false,
          },
        }),
      ],
    }),
    good: exampleDocument({
      tools: [
        exampleTool({
          name: 'search_issues',
          inputSchema: {
            type: 'object',
            properties: {
              query: { type: 'string', description: 'Full-text query.' },
              cursor: { type: 'string', description: 'Opaque cursor from the previous page.' },
              limit: { type: 'integer', description: 'Page size.' },
            },
            additionalProperties: false,
          },
        }),
      ],
    }),
  };
}

export const rule: Rule = {
  id: 'lint.tool.pagination',
  kind: 'lint',
  spec: 'guide 9',
  severity: 'warning',
  codes: {
    'unbounded-list':
      'tool {name} returns a set of records ({why}) but takes no cursor or limit parameter, so one call can return an unbounded result that fills the context; add an opaque cursor and a page size',
  },
  create(ctx) {
    // Keyed by the walk's tool node: an identity lookup, where pointer keys cost a string hash per tool.
    const outputs = new Map<PrimitiveNode, unknown>();
    const pending: {
      pointer: string;
      toolNode: PrimitiveNode;
      tool: JsonObject;
      listLike?: string;
      input: JsonObject;
    }[] = [];
    return {
      toolSchema(node) {
        if (node.role === 'outputSchema') outputs.set(node.tool, node.value);
        if (node.role !== 'inputSchema' || !isObject(node.value)) return;
        const tool = node.tool.value;
        // A tool that says it writes (readOnlyHint: false) creates or changes records; an array in
        // its output echoes what it wrote, and it is no list or search.
        if (isObject(tool.annotations) && tool.annotations.readOnlyHint === false) return;
        // The list word must be the verb (list_issues, searchFiles), not any word of the name (run_query).
        const firstWord = typeof tool.name === 'string' ? firstNameToken(tool.name) : undefined;
        const listLike = firstWord !== undefined && listWords.has(firstWord) ? firstWord : undefined;
        // The output schema is emitted after the input schema: decide at the end of the walk.
        pending.push({ pointer: node.pointer, toolNode: node.tool, tool, listLike, input: node.value });
      },
      end() {
        for (const p of pending) {
          const why = p.listLike
            ? `its name says ${JSON.stringify(p.listLike)}`
            : returnsArray(outputs.get(p.toolNode)) && !namesItsRecords(p.input)
              ? 'its output schema has an array'
              : undefined;
          if (!why || hasBound(p.input) || statesBound(p.tool)) continue;
          ctx.report('unbounded-list', p.pointer, { values: { name: raw(toolLabel(p.tool)), why: raw(why) } });
        }
      },
    };
  },
};
