import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.example-result.members.js';
import { ok, legacyOk, one, v26, P } from '../../helpers/tool-example-documents.js';

testRule(rule, {
  valid: [
    { name: 'content only', doc: doc(one({ input: {}, result: legacyOk })) },
    {
      name: '0.9.0-rc.3: undefined fields are carried values (3.6)',
      doc: { ...doc(one({ input: {}, result: { ...ok, summary: 'x' } }), v26), mcpdesc: '0.9.0-rc.3' },
    },
    {
      name: 'all members',
      doc: doc(one({ input: {}, result: { ...ok, isError: false, structuredContent: { a: 1 }, _meta: {} } }), v26),
    },
  ],
  invalid: [
    {
      name: 'missing content',
      doc: doc(one({ input: {}, result: { resultType: 'complete' } }), v26),
      errors: [{ code: 'missing-content', pointer: `${P}/result` }],
    },
    {
      name: 'non-boolean isError',
      doc: doc(one({ input: {}, result: { ...ok, isError: 'yes' } }), v26),
      errors: [{ code: 'member-type', pointer: `${P}/result/isError` }],
    },
    {
      name: 'unknown member',
      doc: doc(one({ input: {}, result: { ...ok, summary: 'x' } }), v26),
      errors: [{ code: 'unknown-member', pointer: `${P}/result/summary` }],
    },
  ],
});
