import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.example.completed-result-form.js';
import { ok, one, v26, P } from '../../helpers/tool-example-documents.js';

testRule(rule, {
  valid: [{ name: 'completed result', doc: doc(one({ input: {}, result: ok }), v26) }],
  invalid: [
    {
      name: 'JSON-RPC envelope',
      doc: doc(one({ input: {}, result: { jsonrpc: '2.0', id: 1, ...ok } }), v26),
      errors: [
        { code: 'json-rpc-envelope', pointer: `${P}/result/jsonrpc` },
        { code: 'json-rpc-envelope', pointer: `${P}/result/id` },
      ],
    },
    {
      name: 'task form',
      doc: doc(one({ input: {}, result: { ...ok, task: { taskId: 'x' } } }), v26),
      errors: [{ code: 'task-form', pointer: `${P}/result/task` }],
    },
    {
      name: 'input-required form',
      doc: doc(one({ input: {}, result: { ...ok, resultType: 'input_required', inputRequests: {} } }), v26),
      errors: [
        { code: 'non-completed-result', pointer: `${P}/result/resultType` },
        { code: 'input-required-form', pointer: `${P}/result/inputRequests` },
      ],
    },
  ],
});
