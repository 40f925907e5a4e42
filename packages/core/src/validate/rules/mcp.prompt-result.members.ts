import { joinPointer } from '../../model/json-pointer.js';
import { hasOwn, isObject } from '../../model/values.js';
import { checkContentBlock, contentCodes } from '../mcp/content.js';
import type { Rule, RuleDocs } from '../rule.js';
import { exampleUseSite } from '../mcp/example-use-site.js';
import { checkResultRevisionFields, resultOf, resultRevisionCodes } from '../mcp/primitive-example-result.js';
import { promptExampleDocument, promptTextMessage } from '../mcp/rule-docs.js';

export function docs(): RuleDocs {
  return {
    summary:
      'A Prompt example result is a completed GetPromptResult: ordered messages with a user or assistant role and one content block each, optional description, _meta and resultType per revision.',
    bad: promptExampleDocument({
      arguments: { city: 'Paris' },
      result: { messages: [{ role: 'system', content: { type: 'text', text: 'x' } }] },
    }),
    good: promptExampleDocument({
      arguments: { city: 'Paris' },
      result: { description: 'Briefing', messages: [promptTextMessage] },
    }),
  };
}

/** Completed GetPromptResult shape (11.3): ordered messages of {role, one content block}, description, _meta, resultType. */
export const rule: Rule = {
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
  create(ctx) {
    return {
      example(node) {
        if (node.kind !== 'prompt') return;
        const found = resultOf(node);
        if (!found) return;
        const { result, pointer } = found;
        const note = exampleUseSite(node);
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
