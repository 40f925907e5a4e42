import { joinPointer } from '../../model/json-pointer.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { checkContentBlock, contentCodes } from '../mcp/content.js';
import { raw, type Rule } from '../rule.js';
import type { PrimitiveNode } from '../walk.js';
import { checkResultRevisionFields, resultOf, resultRevisionCodes, useSite } from './resource-examples.js';

const promptDoc = (example: unknown, protocolVersions = ['2025-11-25']): unknown => ({
  mcpdesc: '0.8.0',
  info: { name: 'x', version: '1' },
  protocolVersions,
  prompts: [
    { name: 'brief', arguments: [{ name: 'city', required: true }, { name: 'audience' }], examples: { one: example } },
  ],
});
const textMessage = { role: 'user', content: { type: 'text', text: 'Summarize Paris.' } };

/** Declared Prompt Argument names and the required ones. */
export function promptArguments(prompt: PrimitiveNode): { names: Set<string>; required: string[] } {
  const names = new Set<string>();
  const required: string[] = [];
  const list = prompt.value.arguments;
  if (Array.isArray(list)) {
    for (const argument of list) {
      if (!isObject(argument) || typeof argument.name !== 'string') continue;
      names.add(argument.name);
      if (argument.required === true) required.push(argument.name);
    }
  }
  return { names, required };
}

const expectedList = (names: Iterable<string>): string => {
  const list = [...names].map((n) => JSON.stringify(n));
  return list.length ? `one of ${list.join(', ')}` : 'none: the Prompt declares no arguments';
};

/** Prompt example `arguments` match the Prompt's declared arguments (11.3). */
export const promptExampleArgumentsRule: Rule = {
  id: 'mcpdesc.prompt.example.arguments',
  kind: 'conformance',
  spec: '11.3',
  severity: 'error',
  codes: {
    'unknown-argument': 'argument {value} is not declared by the containing Prompt; expected {expected}',
    'missing-required-argument':
      'required argument {value} is missing from the example arguments; every declared argument with required: true must be present',
  },
  docs: {
    summary:
      "Every key of a Prompt example's arguments names a declared Prompt Argument, and every required argument is present.",
    bad: promptDoc({ arguments: { audience: 'engineering' }, result: { messages: [textMessage] } }),
    good: promptDoc({ arguments: { city: 'Paris' }, result: { messages: [textMessage] } }),
  },
  create(ctx) {
    return {
      example(node) {
        if (node.kind !== 'prompt' || !isObject(node.value)) return;
        const given = node.value.arguments;
        if (given !== undefined && !isObject(given)) return; // structural
        const note = useSite(node);
        const declared = promptArguments(node.owner);
        const args: JsonObject = given ?? {};
        const at = given === undefined ? node.pointer : joinPointer(node.pointer, 'arguments');
        for (const key of Object.keys(args)) {
          if (!declared.names.has(key)) {
            ctx.report('unknown-argument', joinPointer(at, key), {
              key: true,
              note,
              values: { value: key, expected: raw(expectedList(declared.names)) },
            });
          }
        }
        for (const name of declared.required) {
          if (!hasOwn(args, name)) ctx.report('missing-required-argument', at, { note, values: { value: name } });
        }
      },
    };
  },
};

/** Completed GetPromptResult shape (11.3): ordered messages of {role, one content block}, description, _meta, resultType. */
export const promptResultMembersRule: Rule = {
  id: 'mcp.prompt-result.members',
  kind: 'conformance',
  spec: '11.3',
  severity: 'error',
  codes: {
    ...contentCodes,
    ...resultRevisionCodes,
    'missing-messages': 'result lacks messages; a completed GetPromptResult must contain the ordered messages array',
    'messages-type': 'messages must be an array of Prompt messages; found {value}',
    'message-type': 'a Prompt message must be an object with role and content; found {value}',
    'message-missing-member': 'Prompt message lacks required member {value}',
    'message-unknown-member': '{value} is not a member of a Prompt message; a PromptMessage has role and content only',
    'role-value': 'role must be "user" or "assistant"; found {value}',
    'content-array': 'content of a Prompt message is one content block, not an array',
    'description-type': 'description must be a string; found {value}',
  },
  docs: {
    summary:
      'A Prompt example result is a completed GetPromptResult: ordered messages with a user or assistant role and one content block each, optional description, _meta and resultType per revision.',
    bad: promptDoc({
      arguments: { city: 'Paris' },
      result: { messages: [{ role: 'system', content: { type: 'text', text: 'x' } }] },
    }),
    good: promptDoc({ arguments: { city: 'Paris' }, result: { description: 'Briefing', messages: [textMessage] } }),
  },
  create(ctx) {
    return {
      example(node) {
        if (node.kind !== 'prompt') return;
        const found = resultOf(node);
        if (!found) return;
        const { result, pointer } = found;
        const note = useSite(node);
        checkResultRevisionFields(ctx, node, result, pointer);
        if (hasOwn(result, 'description') && typeof result.description !== 'string') {
          ctx.report('description-type', joinPointer(pointer, 'description'), {
            note,
            values: { value: result.description },
          });
        }
        const messages = result.messages;
        if (messages === undefined) {
          ctx.report('missing-messages', pointer, { note });
          return;
        }
        if (!Array.isArray(messages)) {
          ctx.report('messages-type', joinPointer(pointer, 'messages'), { note, values: { value: messages } });
          return;
        }
        messages.forEach((message, i) => {
          const at = joinPointer(pointer, 'messages', i);
          if (!isObject(message)) {
            ctx.report('message-type', at, { note, values: { value: message } });
            return;
          }
          for (const member of ['role', 'content']) {
            if (message[member] === undefined)
              ctx.report('message-missing-member', at, { note, values: { value: member } });
          }
          for (const key of Object.keys(message)) {
            if (key !== 'role' && key !== 'content')
              ctx.report('message-unknown-member', joinPointer(at, key), { key: true, note, values: { value: key } });
          }
          if (message.role !== undefined && message.role !== 'user' && message.role !== 'assistant') {
            ctx.report('role-value', joinPointer(at, 'role'), { note, values: { value: message.role } });
          }
          const content = message.content;
          if (content === undefined) return;
          if (Array.isArray(content)) ctx.report('content-array', joinPointer(at, 'content'), { note });
          else checkContentBlock(ctx, content, joinPointer(at, 'content'), node.scope, 'result');
        });
      },
    };
  },
};
