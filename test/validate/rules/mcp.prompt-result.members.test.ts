import { testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.prompt-result.members.js';
import { text, prompt, E } from '../../helpers/prompt-documents.js';

testRule(rule, {
  valid: [
    {
      name: 'messages with description and _meta',
      doc: prompt({
        arguments: { city: 'P' },
        result: {
          description: 'd',
          _meta: { a: 1 },
          messages: [text, { role: 'assistant', content: { type: 'resource_link', uri: 'x://y', name: 'y' } }],
        },
      }),
    },
    {
      name: '2026-07-28 with resultType',
      doc: prompt({ arguments: { city: 'P' }, result: { resultType: 'complete', messages: [] } }, ['2026-07-28']),
    },
  ],
  invalid: [
    {
      name: 'missing messages',
      doc: prompt({ arguments: { city: 'P' }, result: {} }),
      errors: [{ code: 'missing-messages', pointer: E + '/result' }],
    },
    {
      name: 'messages not an array',
      doc: prompt({ arguments: { city: 'P' }, result: { messages: {} } }),
      errors: [{ code: 'messages-type', pointer: E + '/result/messages' }],
    },
    {
      name: 'bad messages',
      doc: prompt({
        arguments: { city: 'P' },
        result: {
          description: 3,
          messages: [
            1,
            { role: 'system', content: [] },
            { content: { type: 'text', text: 'x' }, x: 1 },
            { role: 'user', content: { type: 'video' } },
          ],
        },
      }),
      errors: [
        { code: 'description-type', pointer: E + '/result/description' },
        { code: 'message-type', pointer: E + '/result/messages/0' },
        { code: 'role-value', pointer: E + '/result/messages/1/role' },
        { code: 'content-array', pointer: E + '/result/messages/1/content' },
        { code: 'message-missing-member', pointer: E + '/result/messages/2' },
        { code: 'message-unknown-member', pointer: E + '/result/messages/2/x' },
        { code: 'content-unknown-type', pointer: E + '/result/messages/3/content/type' },
      ],
    },
    {
      name: 'content block too new for the revision',
      doc: prompt(
        {
          arguments: { city: 'P' },
          result: { messages: [{ role: 'user', content: { type: 'resource_link', uri: 'x://y', name: 'y' } }] },
        },
        ['2025-03-26'],
      ),
      errors: [{ code: 'content-type-revision', pointer: E + '/result/messages/0/content/type' }],
    },
    {
      name: 'resultType before 2026-07-28',
      doc: prompt({ arguments: { city: 'P' }, result: { resultType: 'complete', messages: [] } }),
      errors: [{ code: 'result-type-revision', pointer: E + '/result/resultType' }],
    },
    {
      name: 'resultType missing in 2026-07-28',
      doc: prompt({ arguments: { city: 'P' }, result: { messages: [] } }, ['2026-07-28']),
      errors: [{ code: 'missing-result-type', pointer: E + '/result' }],
    },
  ],
});
