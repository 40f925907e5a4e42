import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from '../../../src/lint/example-document.js';
import { rule } from '../../../src/lint/rules/lint.tool.description.js';

const schema = (properties: Record<string, unknown>) => ({ type: 'object', properties, additionalProperties: false });

testRule(rule, {
  valid: [
    { name: 'described tool and properties', doc: exampleDocument({ tools: [exampleTool()] }) },
    {
      name: 'identifiers with a format',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: schema({
              issue_id: {
                type: 'string',
                description: 'The issue identifier, in the form ABC-123, from the URL or the issue header.',
              },
              url: { type: 'string', format: 'uri', description: 'Link to the issue.' },
              due_date: { type: 'string', description: 'Due date, ISO 8601 (YYYY-MM-DD).' },
            }),
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'no description',
      doc: exampleDocument({ tools: [exampleTool({ description: undefined })] }),
      errors: [{ code: 'missing-description', pointer: '/tools/0' }],
    },
    {
      name: 'Searches issues',
      doc: exampleDocument({ tools: [exampleTool({ description: 'Searches issues' })] }),
      errors: [{ code: 'short-description', pointer: '/tools/0/description' }],
    },
    {
      name: 'property without description',
      doc: exampleDocument({ tools: [exampleTool({ inputSchema: schema({ key: { type: 'string' } }) })] }),
      errors: [{ code: 'property-missing-description', pointer: '/tools/0/inputSchema/properties/key' }],
    },
    {
      name: 'identifier without a format',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: schema({
              issueId: { type: 'string', description: 'The issue identifier' },
              date: { type: 'string', description: 'When it is due' },
            }),
          }),
        ],
      }),
      errors: [
        { code: 'identifier-format-missing', pointer: '/tools/0/inputSchema/properties/issueId/description' },
        { code: 'identifier-format-missing', pointer: '/tools/0/inputSchema/properties/date/description' },
      ],
    },
  ],
});
