import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.tool.x-mcp-header.sensitive.js';

const input = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties: { key: { type: 'string', description: 'The issue key, in the form ABC-123.' }, ...properties },
  required: ['key'],
  additionalProperties: false,
});

testRule(rule, {
  valid: [
    {
      name: 'region header',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: input({
              region: { type: 'string', description: 'Region, such as "eu-west".', 'x-mcp-header': 'Region' },
            }),
          }),
        ],
      }),
    },
    {
      name: 'a token without a header',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: input({ token: { type: 'string', description: 'Opaque token, such as "t-1".' } }),
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'password by name',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: input({
              password: { type: 'string', description: 'The account password.', 'x-mcp-header': 'Pw' },
            }),
          }),
        ],
      }),
      errors: [
        {
          code: 'sensitive-header',
          pointer: '/tools/0/inputSchema/properties/password/x-mcp-header',
          severity: 'error',
        },
      ],
    },
    {
      name: 'apiKey by name',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: input({
              apiKey: { type: 'string', description: 'Key, such as "k-1".', 'x-mcp-header': 'Api' },
            }),
          }),
        ],
      }),
      errors: [{ code: 'sensitive-header', pointer: '/tools/0/inputSchema/properties/apiKey/x-mcp-header' }],
    },
    {
      name: 'email by description',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: input({
              contact: { type: 'string', description: "The reporter's e-mail address.", 'x-mcp-header': 'Contact' },
            }),
          }),
        ],
      }),
      errors: [{ code: 'sensitive-header', pointer: '/tools/0/inputSchema/properties/contact/x-mcp-header' }],
    },
    {
      name: 'nested through properties',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: input({
              auth: {
                type: 'object',
                description: 'Caller.',
                properties: { ssn: { type: 'string', description: 'Number.', 'x-mcp-header': 'Ssn' } },
              },
            }),
          }),
        ],
      }),
      errors: [
        { code: 'sensitive-header', pointer: '/tools/0/inputSchema/properties/auth/properties/ssn/x-mcp-header' },
      ],
    },
  ],
});
