import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.tool.description.js';

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
    {
      name: 'a locator named as such, an opaque id by its provenance, a numeric id by its type',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: schema({
              url: { type: 'string', description: 'PDF URL or local file path' },
              viewUUID: { type: 'string', description: 'The viewUUID of the PDF viewer (from display_pdf result)' },
              requestId: { type: 'string', description: 'The request ID returned by get_pages' },
              resourceId: { type: 'number', description: 'ID of the text resource to fetch' },
            }),
          }),
        ],
      }),
    },
    {
      name: 'a tool only the app calls (_meta.ui.visibility ["app"]) has no model to read it',
      doc: exampleDocument({
        tools: [
          exampleTool({
            description: 'Polls',
            _meta: { ui: { visibility: ['app'] } },
            inputSchema: schema({ viewUUID: { type: 'string', description: 'The viewUUID of the PDF viewer' } }),
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'a tool the model and the app both see is described for the model',
      doc: exampleDocument({
        tools: [
          exampleTool({
            description: 'Polls',
            _meta: { ui: { visibility: ['model', 'app'] } },
            inputSchema: schema({ viewUUID: { type: 'string', description: 'The viewUUID of the PDF viewer' } }),
          }),
        ],
      }),
      errors: [
        { code: 'short-description', pointer: '/tools/0/description' },
        { code: 'identifier-format-missing', pointer: '/tools/0/inputSchema/properties/viewUUID/description' },
      ],
    },
    {
      name: 'a locator without its kind, an id without provenance, a date whose "from" is no format',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: schema({
              url: { type: 'string', description: 'The page to read' },
              branchId: { type: 'string', description: 'Branch identifier' },
              ids: { type: 'array', items: { type: 'string' }, description: 'Annotation IDs (for remove_annotations)' },
              start_date: { type: 'string', description: 'Date from which to search' },
            }),
          }),
        ],
      }),
      errors: [
        { code: 'identifier-format-missing', pointer: '/tools/0/inputSchema/properties/url/description' },
        { code: 'identifier-format-missing', pointer: '/tools/0/inputSchema/properties/branchId/description' },
        { code: 'identifier-format-missing', pointer: '/tools/0/inputSchema/properties/ids/description' },
        { code: 'identifier-format-missing', pointer: '/tools/0/inputSchema/properties/start_date/description' },
      ],
    },
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
