import { joinPointer } from '../../model/json-pointer.js';
import { isObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../../validate/rule.js';
import type { PrimitiveNode } from '../../validate/walk.js';
import { toolLabel } from '../tool-name.js';
import { nameTokenIn } from '../words.js';
import { exampleDocument, exampleTool } from '../example-document.js';

/** Output property name words of a handle to state kept between calls. */
const handleWords = new Set(['handle', 'session', 'sessionid']);
/**
 * Prose that says the tool hands back something later calls take: "handle", "session", or an
 * id/identifier/token word followed in the same sentence by "later calls" and the like. Checked
 * sentence by sentence (one regex with `[^.]*` between the two rescans the text from every id).
 */
const handleWord = /\b(handle|session)\b/i;
const identifierWord = /\b(id|identifier|token)\b/gi;
const laterUse = /\b(later|subsequent|future|following|other|next) (calls?|requests?|tools?)\b/gi;

function mentionsHandle(text: string): boolean {
  if (handleWord.test(text)) return true;
  // No id word anywhere is no id word in any sentence (a sentence's ends are the text's `.`, a non-word character).
  identifierWord.lastIndex = 0;
  if (!identifierWord.test(text)) return false;
  for (const sentence of text.split('.')) {
    identifierWord.lastIndex = 0;
    const identifier = identifierWord.exec(sentence);
    if (!identifier) continue;
    laterUse.lastIndex = identifier.index + identifier[0].length;
    if (laterUse.test(sentence)) return true;
  }
  return false;
}
/** Prose that states retention, a lifetime bound to the session ("during the current session") included. */
const retentionProse =
  /\b(expire[sd]?|expiry|expiration|retention|retained|kept|lifetime|ttl|valid (for|until)|inactivity|idle|until it is (closed|deleted)|never expires?|persists?|persistent|permanent(ly)?|(during|for|until the end of) (the|this) (current )?session|for the (rest|duration) of (the|this) session|session-scoped)\b/i;

export function docs(): RuleDocs {
  return {
    summary:
      'A tool that returns a handle, session or id for later calls states the retention policy in its description.',
    bad: exampleDocument({
      tools: [
        exampleTool({
          name: 'open_basket',
          title: 'Open basket',
          description: 'Creates an empty shopping basket and returns its handle for the add_item and checkout tools.',
          annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
          inputSchema: { type: 'object', additionalProperties: false },
          outputSchema: { type: 'object', properties: { basket_handle: { type: 'string' } } },
        }),
      ],
    }),
    good: exampleDocument({
      tools: [
        exampleTool({
          name: 'open_basket',
          title: 'Open basket',
          description:
            'Creates an empty shopping basket and returns its handle for the add_item and checkout tools. A basket expires after 24 hours of inactivity.',
          annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
          inputSchema: { type: 'object', additionalProperties: false },
          outputSchema: { type: 'object', properties: { basket_handle: { type: 'string' } } },
        }),
      ],
    }),
  };
}

export const rule: Rule = {
  id: 'lint.tool.handle.retention',
  kind: 'lint',
  spec: 'guide 13',
  severity: 'info',
  codes: {
    'retention-unstated':
      'tool {name} returns a handle for later calls ({why}) but its description does not state how long the handle is kept (e.g. "expires after 24 hours of inactivity"); say it where the model decides to create state',
  },
  create(ctx) {
    // Keyed by the walk's tool node: an identity lookup, where pointer keys cost a string hash per tool.
    const outputs = new Map<PrimitiveNode, unknown>();
    const tools: PrimitiveNode[] = [];
    return {
      primitive(node) {
        if (node.kind === 'tool') tools.push(node);
      },
      toolSchema(node) {
        if (node.role === 'outputSchema') outputs.set(node.tool, node.value);
      },
      end() {
        for (const tool of tools) {
          const description = typeof tool.value.description === 'string' ? tool.value.description : '';
          let why: string | undefined;
          const output = outputs.get(tool);
          if (isObject(output) && isObject(output.properties)) {
            const handle = Object.keys(output.properties).find((p) => nameTokenIn(p, handleWords) !== undefined);
            if (handle) why = `output property ${JSON.stringify(handle)}`;
          }
          if (!why && mentionsHandle(description)) why = 'its description says so';
          if (!why || retentionProse.test(description)) continue;
          const at =
            typeof tool.value.description === 'string' ? joinPointer(tool.pointer, 'description') : tool.pointer;
          ctx.report('retention-unstated', at, { values: { name: raw(toolLabel(tool.value)), why: raw(why) } });
        }
      },
    };
  },
};
