import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.tool.schema-keywords.preserve.js';

const withSchema = (inputSchema: unknown, versions: string[], outputSchema?: unknown) =>
  doc({ tools: [{ name: 't', inputSchema, ...(outputSchema ? { outputSchema } : {}) }] }, versions);

const composed = { type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }] };

testRule(rule, {
  valid: [
    { name: 'composition under the 2025-11-25 dialect', doc: withSchema(composed, ['2025-11-25']) },
    {
      name: 'a pre-dialect schema of the MCP shape only',
      doc: withSchema({ type: 'object', properties: { a: { type: 'string' } } }, ['2025-06-18']),
    },
    {
      name: 'nested composition is the keyword value, not the root',
      doc: withSchema({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }] } } }, ['2025-03-26']),
    },
  ],
  invalid: [
    {
      name: 'anyOf at the root for 2025-06-18',
      doc: withSchema(composed, ['2025-06-18', '2025-11-25']),
      errors: [{ code: 'keyword-preserved', pointer: '/tools/0/inputSchema/anyOf', severity: 'info' }],
    },
    {
      name: '$ref and if in an outputSchema for 2025-06-18',
      doc: withSchema({ type: 'object' }, ['2025-06-18'], {
        type: 'object',
        $ref: '#/$defs/o',
        $defs: { o: {} },
        if: {},
      }),
      errors: [
        { code: 'keyword-preserved', pointer: '/tools/0/outputSchema/$ref' },
        { code: 'keyword-preserved', pointer: '/tools/0/outputSchema/if' },
      ],
    },
  ],
});
