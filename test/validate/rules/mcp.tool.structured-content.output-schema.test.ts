import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.tool.structured-content.output-schema.js';
import { text, ok, one, v26, P } from '../../helpers/tool-example-documents.js';

const totalSchema = { type: 'object', properties: { total: { type: 'integer' } }, required: ['total'] };

testRule(rule, {
  valid: [
    {
      name: 'conforming structuredContent',
      doc: doc(
        one({ input: {}, result: { ...ok, structuredContent: { total: 1 } } }, { outputSchema: totalSchema }),
        v26,
      ),
    },
    {
      name: 'error result without structuredContent',
      doc: doc(one({ input: {}, result: { ...ok, isError: true } }, { outputSchema: totalSchema }), v26),
    },
    { name: 'no outputSchema', doc: doc(one({ input: {}, result: ok }), v26) },
  ],
  invalid: [
    {
      name: 'missing structuredContent',
      doc: doc(one({ input: {}, result: ok }, { outputSchema: totalSchema }), v26),
      errors: [{ code: 'missing-structured-content', pointer: `${P}/result` }],
    },
    {
      name: 'mismatching structuredContent',
      doc: doc(
        one({ input: {}, result: { ...ok, structuredContent: { total: 'one' } } }, { outputSchema: totalSchema }),
        v26,
      ),
      errors: [{ code: 'schema-mismatch', pointer: `${P}/result/structuredContent/total` }],
    },
    {
      name: 'pre-dialect revision',
      doc: doc(
        one({ input: {}, result: { content: [text], structuredContent: { total: 1 } } }, { outputSchema: totalSchema }),
        ['2025-06-18'],
      ),
      errors: [{ code: 'incomplete-compatibility', pointer: `${P}/result/structuredContent`, severity: 'warning' }],
    },
    {
      name: 'unresolved external $ref in outputSchema',
      doc: doc(
        one(
          { input: {}, result: { ...ok, structuredContent: { total: 1 } } },
          { outputSchema: { type: 'object', properties: { total: { $ref: 'https://x.example.invalid/t.json' } } } },
        ),
        v26,
      ),
      errors: [{ code: 'incomplete-evaluation', pointer: `${P}/result/structuredContent`, severity: 'warning' }],
    },
  ],
});
