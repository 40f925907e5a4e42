import { joinPointer } from '../../model/json-pointer.js';
import { isObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../../validate/rule.js';
import type { PrimitiveNode } from '../../validate/walk.js';
import { toolLabel } from '../tool-name.js';
import { lastNameToken, nameTokenIn, scanProse } from '../words.js';
import { exampleDocument, exampleTool } from '../example-document.js';

/** Last words of an output property naming a handle to state kept between calls (`basket_handle`, `sessionId`). */
const handleWords = new Set(['handle', 'session', 'sessionid']);
const identifierNameWords = new Set(['id', 'token']);

/**
 * An output property that is the handle itself: its last word names it (`basket_handle`,
 * `session`) or it is the id or token of a session or handle (`session_id`). A property that
 * only mentions a session (`session_count`, `sessionDuration`) is data about one, not a handle.
 */
function isHandleProperty(name: string): boolean {
  const last = lastNameToken(name);
  if (last === undefined) return false;
  if (handleWords.has(last)) return true;
  return identifierNameWords.has(last) && nameTokenIn(name, handleWords) !== undefined;
}

/** Verbs by which a tool hands state back to the model: "creates a session", "returns a handle". */
const handBackVerbs = new Set([
  'return',
  'returns',
  'create',
  'creates',
  'open',
  'opens',
  'start',
  'starts',
  'begin',
  'begins',
  'establish',
  'establishes',
  'generate',
  'generates',
  'allocate',
  'allocates',
  'give',
  'gives',
]);
/** Nouns of state a tool hands back (only as the object of a hand-back verb: "session" has other senses). */
const stateNouns = new Set(['handle', 'handles', 'session', 'sessions', 'sessionid']);
/** Nouns of an identifier the model may carry to later calls (a resource link names server state too). */
const identifierNouns = new Set([
  'id',
  'ids',
  'identifier',
  'identifiers',
  'token',
  'tokens',
  'handle',
  'handles',
  'link',
  'links',
]);
/** How many words may stand between a hand-back verb and its object ("returns a new opaque session id"). */
const objectWindow = 4;
/** Words that end a verb's reach before its object: "opens the file and handles errors". */
const objectBreaks = new Set(['and', 'or', 'then', 'to', 'which', 'that', 'who', 'but']);
/**
 * Words after which a noun is the head of its phrase, not a modifier of the next noun: "a
 * session that ...", "the handle, valid ...", where "the session summary" is a summary.
 */
const afterHead = new Set([
  'that',
  'which',
  'and',
  'or',
  'for',
  'to',
  'of',
  'with',
  'from',
  'by',
  'in',
  'on',
  'at',
  'as',
  'so',
  'until',
  'whose',
  'is',
  'are',
  'was',
  'will',
  'can',
  'must',
  'should',
  'may',
  'it',
  'you',
  'when',
  'where',
  'if',
  'per',
  'the',
  'a',
  'an',
]);
/** Words before "handle" that make it a noun ("a handle", "its handle"), where "to handle" and "it handles" are verbs. */
const determiners = new Set([
  'a',
  'an',
  'the',
  'its',
  'their',
  'this',
  'that',
  'these',
  'those',
  'each',
  'every',
  'any',
  'new',
  'same',
  'your',
  'our',
  'opaque',
  'file',
  'session',
  'valid',
]);
/** "later calls", "subsequent requests", "other tools": where a carried identifier goes. */
const laterWords = new Set(['later', 'subsequent', 'future', 'following', 'other', 'next']);
const callWords = new Set(['call', 'calls', 'request', 'requests', 'tool', 'tools']);

/**
 * Whether the description says the tool hands back state that later calls take, read sentence
 * by sentence in one pass over its words:
 * - a hand-back verb whose object, within a few words, is a handle or a session ("creates a
 *   checkout session", "returns a handle"), the head of its phrase ("the session summary" is a
 *   summary); "handles errors" and "during this session" are not;
 * - or an identifier noun ("id", "token", a noun "handle": one after a determiner or a
 *   hand-back verb, where "to handle" is a verb) that later calls take in the same sentence
 *   ("returns a token, which the next calls take").
 */
function mentionsHandle(text: string): boolean {
  let index = -1;
  let verbAt = -1;
  let verbSentence = -1;
  let identifierSentence = -1;
  // A state noun in a verb's reach waits for the next word to say whether it heads its phrase.
  let nounClause = -1;
  let previous = '';
  let previousSentence = -1;
  let laterSentence = -1;
  const found = scanProse(text, (word, sentence, clause) => {
    index++;
    if (nounClause >= 0) {
      if (clause !== nounClause || afterHead.has(word) || identifierNouns.has(word)) return true;
      nounClause = -1;
    }
    if (laterSentence === sentence && callWords.has(word) && identifierSentence === sentence) return true;
    laterSentence = laterWords.has(word) ? sentence : -1;
    const before = previous;
    const beforeSentence = previousSentence;
    previous = word;
    previousSentence = sentence;
    if (handBackVerbs.has(word)) {
      verbAt = index;
      verbSentence = sentence;
      return false;
    }
    if (verbAt >= 0 && (objectBreaks.has(word) || sentence !== verbSentence || index - verbAt > objectWindow))
      verbAt = -1;
    if (verbAt >= 0 && stateNouns.has(word)) nounClause = clause;
    const noun =
      !word.startsWith('handle') ||
      (beforeSentence === sentence && (determiners.has(before) || handBackVerbs.has(before)));
    if (identifierNouns.has(word) && noun) identifierSentence = sentence;
    return false;
  });
  return found || nounClause >= 0;
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
            const handle = Object.keys(output.properties).find(isHandleProperty);
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
