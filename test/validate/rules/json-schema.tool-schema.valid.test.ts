import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/validate/rules/json-schema.tool-schema.valid.js';

const tool = (extra: Record<string, unknown>) => ({ name: 't', ...extra });

testRule(rule, {
  valid: [
    {
      name: 'valid 2020-12 schema',
      doc: doc(
        {
          tools: [
            tool({
              inputSchema: {
                type: 'object',
                $defs: { a: { type: 'string' } },
                properties: { a: { $ref: '#/$defs/a' } },
              },
            }),
          ],
        },
        ['2026-07-28'],
      ),
    },
    {
      name: 'draft-07 dialect',
      doc: doc({
        tools: [tool({ inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } })],
      }),
    },
    {
      name: 'legacy revisions infer no dialect',
      doc: doc(
        {
          tools: [
            tool({ inputSchema: { type: 'object', properties: { v: { type: 'number', exclusiveMinimum: true } } } }),
          ],
        },
        ['2024-11-05'],
      ),
    },
  ],
  invalid: [
    {
      name: 'invalid keyword value',
      doc: doc({ tools: [tool({ inputSchema: { type: 'object', required: 'query' } })] }, ['2026-07-28']),
      errors: [{ code: 'invalid-schema', pointer: '/tools/0/inputSchema/required' }],
    },
    {
      name: 'unsupported dialect',
      doc: doc({
        tools: [tool({ inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' } })],
      }),
      errors: [{ code: 'unsupported-dialect', pointer: '/tools/0/inputSchema/$schema' }],
    },
    {
      name: 'unresolved local $ref',
      doc: doc({ tools: [tool({ inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } } })] }),
      errors: [{ code: 'unresolved-ref', pointer: '/tools/0/inputSchema/properties/a/$ref' }],
    },
    {
      name: 'external $ref is a warning',
      doc: doc(
        {
          tools: [
            tool({
              inputSchema: {
                type: 'object',
                properties: { a: { $ref: 'https://schemas.example.com/common.json#/$defs/a' } },
              },
            }),
          ],
        },
        ['2026-07-28'],
      ),
      errors: [
        { code: 'external-ref-unresolved', pointer: '/tools/0/inputSchema/properties/a/$ref', severity: 'warning' },
      ],
    },
  ],
});
