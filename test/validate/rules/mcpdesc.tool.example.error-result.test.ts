import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.tool.example.error-result.js';
import { ok, one, v26, P } from '../../helpers/tool-example-documents.js';

testRule(rule, {
  valid: [
    { name: 'error with content only', doc: doc(one({ input: {}, result: { ...ok, isError: true } }), v26) },
    {
      name: 'isError false with structuredContent',
      doc: doc(one({ input: {}, result: { ...ok, isError: false, structuredContent: { code: 'x' } } }), v26),
    },
  ],
  invalid: [
    {
      name: 'structured error',
      doc: doc(one({ input: {}, result: { ...ok, isError: true, structuredContent: { code: 'x' } } }), v26),
      errors: [{ code: 'structured-content-in-error', pointer: `${P}/result/structuredContent` }],
    },
  ],
});
