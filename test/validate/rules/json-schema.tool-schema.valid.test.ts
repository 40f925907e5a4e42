import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/json-schema.tool-schema.valid.js';

const tool = (extra: Record<string, unknown>) => ({ name: 't', ...extra });

testRule(rule, {
  valid: [
    {
      name: 'embedded schema resources declaring draft-07 and 2020-12 (http, no fragment)',
      doc: doc({
        tools: [
          tool({
            inputSchema: {
              type: 'object',
              properties: {
                a: { $id: 'https://example.com/a', $schema: 'http://json-schema.org/draft-07/schema#' },
                b: { $id: 'https://example.com/b', $schema: 'http://json-schema.org/draft/2020-12/schema' },
              },
            },
          }),
        ],
      }),
    },
    {
      name: 'an embedded dialect before MCP 2025-11-25 is not judged',
      doc: doc(
        {
          tools: [
            tool({
              inputSchema: {
                type: 'object',
                properties: { a: { $id: 'https://example.com/a', $schema: 'https://example.com/custom' } },
              },
            }),
          ],
        },
        ['2025-06-18'],
      ),
    },
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
      name: 'an embedded schema resource declaring an unsupported dialect',
      doc: doc({
        tools: [
          tool({
            inputSchema: {
              type: 'object',
              $defs: { a: { $id: 'https://example.com/a', $schema: 'https://json-schema.org/draft/2019-09/schema' } },
            },
          }),
        ],
      }),
      errors: [{ code: 'unsupported-dialect', pointer: '/tools/0/inputSchema/$defs/a/$schema' }],
    },
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
