import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.prompt.example.arguments.js';
import { text, prompt, E } from '../../helpers/prompt-documents.js';

testRule(rule, {
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
