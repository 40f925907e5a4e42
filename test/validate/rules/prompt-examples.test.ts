import { doc, testRule } from '../../helpers/rule-tester.js';
import { promptExampleArgumentsRule, promptResultMembersRule } from '../../../src/validate/rules/prompt-examples.js';

const text = { role: 'user', content: { type: 'text', text: 'Hi' } };
const prompt = (example: unknown, versions?: string[]): Record<string, unknown> =>
  doc(
    {
      prompts: [
        { name: 'p', arguments: [{ name: 'city', required: true }, { name: 'audience' }], examples: { one: example } },
      ],
    },
    versions,
  );
const E = '/prompts/0/examples/one';

testRule(promptExampleArgumentsRule, {
  valid: [
    {
      name: 'required present, optional omitted',
      doc: prompt({ arguments: { city: 'Paris' }, result: { messages: [text] } }),
    },
    {
      name: 'all arguments',
      doc: prompt({ arguments: { city: 'Paris', audience: 'eng' }, result: { messages: [text] } }),
    },
    {
      name: 'no arguments declared, none given',
      doc: doc({ prompts: [{ name: 'p', examples: { one: { arguments: {}, result: { messages: [text] } } } }] }),
    },
  ],
  invalid: [
    {
      name: 'unknown and missing required',
      doc: prompt({ arguments: { audience: 'eng', rogue: 'x' }, result: { messages: [text] } }),
      errors: [
        { code: 'unknown-argument', pointer: E + '/arguments/rogue' },
        { code: 'missing-required-argument', pointer: E + '/arguments' },
      ],
    },
    {
      name: 'arguments omitted but one is required',
      doc: prompt({ result: { messages: [text] } }),
      errors: [{ code: 'missing-required-argument', pointer: E }],
    },
    {
      name: 'referenced example checked against the use site',
      doc: doc({
        components: { promptExamples: { shared: { arguments: { town: 'Paris' }, result: { messages: [text] } } } },
        prompts: [
          {
            name: 'p',
            arguments: [{ name: 'town' }],
            examples: { one: { $componentRef: '#/components/promptExamples/shared' } },
          },
          {
            name: 'q',
            arguments: [{ name: 'city' }],
            examples: { one: { $componentRef: '#/components/promptExamples/shared' } },
          },
        ],
      }),
      errors: [{ code: 'unknown-argument', pointer: '/components/promptExamples/shared/arguments/town' }],
    },
  ],
});

testRule(promptResultMembersRule, {
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
