import { isObject, type JsonObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../../validate/rule.js';
import type { PrimitiveNode } from '../../validate/walk.js';
import { schemaTypes } from '../schema-walk.js';
import { toolLabel } from '../tool-name.js';
import { firstNameToken, nameTokenIn, proseWordIn, scanProse } from '../words.js';
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

/** Words after which a number is a cap: "up to 10", "at most 50", "max 100", "the top 5", "capped at 20". */
const capWords = new Set([
  'to',
  'most',
  'max',
  'maximum',
  'limit',
  'limited',
  'cap',
  'capped',
  'top',
  'first',
  'exceed',
  'exceeds',
  'than',
]);
/** Words before "to" or "than" that make them a cap ("up to", "limited to", "no more than", "fewer than"). */
const capBeforeTo = new Set(['up', 'limited', 'capped', 'truncated']);
const capBeforeThan = new Set(['more', 'fewer', 'less']);
/** Number words a cap may be written in ("up to ten results"). */
const numberWords = new Set([
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'fifteen',
  'twenty',
  'thirty',
  'fifty',
  'hundred',
  'thousand',
]);
/** Words that say a long result is cut: "results are truncated", "truncates the output". */
const truncationWords = new Set(['truncated', 'truncates', 'truncate', 'truncation']);
/** How many words may stand between a cap word and its number ("at most the 10", "max of 50"). */
const capWindow = 3;

function isNumberWord(word: string): boolean {
  const first = word.charCodeAt(0);
  return (first >= 48 && first <= 57) || numberWords.has(word);
}

/**
 * Whether a description states a cap on what one call returns, read word by word in one pass:
 * a number within a few words after a cap word of the same clause ("returns up to 10 chunks",
 * "at most fifty", "max 100 results", "limited to 20"), or a truncation ("output is truncated").
 */
export function statesCap(text: string): boolean {
  let capAt = -1;
  let capClause = -1;
  let index = -1;
  let previous = '';
  return scanProse(text, (word, _sentence, clause) => {
    index++;
    const before = previous;
    previous = word;
    if (truncationWords.has(word)) return true;
    if (capAt >= 0 && clause === capClause && index - capAt <= capWindow && isNumberWord(word)) return true;
    const cap =
      capWords.has(word) &&
      (word === 'to' ? capBeforeTo.has(before) : word === 'than' ? capBeforeThan.has(before) : true);
    if (cap) {
      capAt = index;
      capClause = clause;
    }
    return false;
  });
}

function statesBound(tool: JsonObject): boolean {
  return typeof tool.description === 'string' && statesCap(tool.description);
}

/** Name words of an input that counts what comes back: `num_results`, `maxResults`, `k`, `per_page`. */
const countWords = new Set(['num', 'number', 'results', 'n', 'k', 'per', 'items', 'rows', 'lines', 'entries']);

function isIntegerSchema(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  const types = schemaTypes(schema);
  return types.includes('integer') || types.includes('number');
}

/** Description words of a number that counts what comes back ("Number of results, at most 20"). */
const recordWords = new Set(['results', 'items', 'entries', 'records', 'rows', 'matches', 'lines', 'hits']);

/** A number the schema caps (`maximum`) and whose description says it counts records. */
function cappedCount(schema: unknown): boolean {
  return (
    isIntegerSchema(schema) &&
    isObject(schema) &&
    typeof schema.maximum === 'number' &&
    typeof schema.description === 'string' &&
    proseWordIn(schema.description, recordWords) !== undefined
  );
}

/**
 * An input that bounds the result: a cursor or a page size by its name (`cursor`, `limit`,
 * `page`), a number that counts results by its name (`num_results`, `k`), or one whose
 * `maximum` caps a count of records its description names.
 */
function hasBound(inputSchema: JsonObject): boolean {
  const properties = inputSchema.properties;
  if (!isObject(properties)) return false;
  return Object.keys(properties).some(
    (name) =>
      nameTokenIn(name, boundWords) !== undefined ||
      (isIntegerSchema(properties[name]) && nameTokenIn(name, countWords) !== undefined) ||
      cappedCount(properties[name]),
  );
}

/**
 * An output whose every set of records the schema caps: `maxItems` on each array, or a tuple
 * (`prefixItems` with `items: false`). The schema says the bound; no parameter is needed.
 */
function outputCapped(outputSchema: unknown): boolean {
  if (!isObject(outputSchema)) return false;
  const capped = (schema: unknown): boolean =>
    isObject(schema) &&
    (typeof schema.maxItems === 'number' || (Array.isArray(schema.prefixItems) && schema.items === false));
  if (schemaTypes(outputSchema).includes('array')) return capped(outputSchema);
  const properties = outputSchema.properties;
  if (!isObject(properties)) return false;
  const arrays = Object.keys(properties).filter((n) => n !== contentBlocks && isArraySchema(properties[n]));
  return arrays.length > 0 && arrays.every((n) => capped(properties[n]));
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
  // Info: whether a set is bounded by its nature (the sessions this server opened, the days of
  // a forecast) is a fact of the domain that no document states (docs/lint.md).
  severity: 'info',
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
          if (!why || hasBound(p.input) || statesBound(p.tool) || outputCapped(outputs.get(p.toolNode))) continue;
          ctx.report('unbounded-list', p.pointer, { values: { name: raw(toolLabel(p.tool)), why: raw(why) } });
        }
      },
    };
  },
};
