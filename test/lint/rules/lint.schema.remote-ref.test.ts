import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.schema.remote-ref.js';

testRule(rule, {
  valid: [
    {
      name: 'local $defs',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: {
              type: 'object',
              properties: { key: { $ref: '#/$defs/key' } },
              additionalProperties: false,
              $defs: { key: { type: 'string', description: 'Key, in the form ABC-1.' } },
            },
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'https $ref in a property and in an output schema',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: {
              type: 'object',
              properties: { key: { $ref: 'https://schemas.example.com/key.json' } },
              additionalProperties: false,
            },
            outputSchema: {
              type: 'object',
              properties: { items: { type: 'array', items: { $ref: 'http://schemas.example.com/issue.json#/x' } } },
            },
          }),
        ],
      }),
      errors: [
        { code: 'remote-ref', pointer: '/tools/0/inputSchema/properties/key/$ref', severity: 'warning' },
        { code: 'remote-ref', pointer: '/tools/0/outputSchema/properties/items/items/$ref' },
      ],
    },
  ],
});
