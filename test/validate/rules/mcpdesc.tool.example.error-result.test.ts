import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/validate/rules/mcpdesc.tool.example.error-result.js';

type O = Record<string, unknown>;

const text = { type: 'text', text: 'done' };

const ok: O = { resultType: 'complete', content: [text] };

const tool = (examples: O, extra: O = {}) => ({
  tools: [{ name: 't', inputSchema: { type: 'object' }, ...extra, examples }],
});

const one = (example: O, extra: O = {}) => tool({ e: example }, extra);

const v26 = ['2026-07-28'];

const P = '/tools/0/examples/e';

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
