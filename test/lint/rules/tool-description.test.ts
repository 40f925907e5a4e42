import { testLintRule, lintDoc, lintTool } from '../../helpers/lint-tester.js';
import { toolDescriptionRule } from '../../../src/lint/rules/tool-description.js';

const schema = (properties: Record<string, unknown>) => ({ type: 'object', properties, additionalProperties: false });

testLintRule(toolDescriptionRule, {
  valid: [
    { name: 'described tool and properties', doc: lintDoc({ tools: [lintTool()] }) },
    {
      name: 'identifiers with a format',
      doc: lintDoc({
        tools: [
          lintTool({
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
      doc: lintDoc({ tools: [lintTool({ description: undefined })] }),
      errors: [{ code: 'missing-description', pointer: '/tools/0' }],
    },
    {
      name: 'Searches issues',
      doc: lintDoc({ tools: [lintTool({ description: 'Searches issues' })] }),
      errors: [{ code: 'short-description', pointer: '/tools/0/description' }],
    },
    {
      name: 'property without description',
      doc: lintDoc({ tools: [lintTool({ inputSchema: schema({ key: { type: 'string' } }) })] }),
      errors: [{ code: 'property-missing-description', pointer: '/tools/0/inputSchema/properties/key' }],
    },
    {
      name: 'identifier without a format',
      doc: lintDoc({
        tools: [
          lintTool({
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
