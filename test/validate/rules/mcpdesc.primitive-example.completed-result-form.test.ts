import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.primitive-example.completed-result-form.js';
import { resource, entry, P } from '../../helpers/resource-documents.js';

testRule(rule, {
  valid: [{ name: 'a plain completed result', doc: doc({ resources: [resource({ contents: [entry] })] }) }],
  invalid: [
    {
      name: 'envelope and task members',
      doc: doc({ resources: [resource({ jsonrpc: '2.0', id: 1, task: {}, contents: [entry] })] }),
      errors: [
        { code: 'envelope-field', pointer: P + '/jsonrpc' },
        { code: 'envelope-field', pointer: P + '/id' },
        { code: 'incomplete-form', pointer: P + '/task' },
      ],
    },
    {
      name: 'input-required prompt result',
      doc: doc({ prompts: [{ name: 'p', examples: { one: { result: { requestState: 'x', messages: [] } } } }] }),
      errors: [{ code: 'incomplete-form', pointer: '/prompts/0/examples/one/result/requestState' }],
    },
  ],
});
