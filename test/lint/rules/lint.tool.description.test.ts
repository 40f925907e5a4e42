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
    {
      name: 'the description on a value branch of an anyOf/oneOf (Pydantic, zod, Notion), or a $ref branch',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: {
              ...schema({
                query: {
                  anyOf: [{ type: 'string', description: 'Full-text query.' }, { type: 'null' }],
                  default: null,
                },
                label: { oneOf: [{ type: 'null' }, { type: 'string', description: 'A label to filter by.' }] },
                owner: { anyOf: [{ $ref: '#/$defs/Owner' }, { type: 'null' }] },
                // Notion: the object, described, or the same object as a JSON string.
                sort: {
                  anyOf: [
                    { type: 'object', description: 'The order of the results, by `direction`.' },
                    { type: 'string' },
                  ],
                },
                issue_id: {
                  anyOf: [{ type: 'string', description: 'The issue key, in the form ABC-123.' }, { type: 'null' }],
                },
              }),
              $defs: { Owner: { type: 'string', description: 'The owner login.' } },
            },
          }),
        ],
      }),
    },
    {
      name: 'an enum of its values describes itself (Literal["asc", "desc"]), nullable or not',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: schema({
              order: { type: 'string', enum: ['asc', 'desc'], title: 'Order' },
              unit: { anyOf: [{ enum: ['celsius', 'fahrenheit'] }, { type: 'null' }] },
              kind: { const: 'issue' },
            }),
          }),
        ],
      }),
    },
    {
      name: 'a list of enum values describes itself too (firecrawl-mcp formats: ["markdown", "html", ...])',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: schema({
              formats: { type: 'array', items: { type: 'string', enum: ['markdown', 'html', 'links'] } },
              parsers: { type: 'array', items: { anyOf: [{ enum: ['pdf'] }, { type: 'null' }] } },
            }),
          }),
        ],
      }),
    },
    {
      name: 'an identifier whose description names its kind: GUID, SHA, integer, slug or numeric ID',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: schema({
              tenant_id: { type: 'string', description: 'The tenant GUID.' },
              commit_id: { type: 'string', description: 'The commit SHA to compare against.' },
              run_id: { type: 'string', description: 'The workflow run, an integer.' },
              project_id: { type: 'string', description: 'The project slug or numeric ID.' },
            }),
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'a nullable union documented nowhere, an enum of numbers, an identifier on a value branch without a format',
      doc: exampleDocument({
        tools: [
          exampleTool({
            inputSchema: schema({
              query: { anyOf: [{ type: 'string' }, { type: 'null' }] },
              level: { enum: [1, 2, 3] },
              issue_id: { anyOf: [{ type: 'string', description: 'The issue identifier.' }, { type: 'null' }] },
              commit_id: { type: 'string', description: 'The commit to compare against.' },
              includeTags: { type: 'array', items: { type: 'string' } },
              levels: { type: 'array', items: { enum: [1, 2, 3] } },
            }),
          }),
        ],
      }),
      errors: [
        { code: 'property-missing-description', pointer: '/tools/0/inputSchema/properties/query' },
        { code: 'property-missing-description', pointer: '/tools/0/inputSchema/properties/level' },
        { code: 'property-missing-description', pointer: '/tools/0/inputSchema/properties/includeTags' },
        { code: 'property-missing-description', pointer: '/tools/0/inputSchema/properties/levels' },
        {
          code: 'identifier-format-missing',
          pointer: '/tools/0/inputSchema/properties/issue_id/anyOf/0/description',
        },
        { code: 'identifier-format-missing', pointer: '/tools/0/inputSchema/properties/commit_id/description' },
      ],
    },
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
