import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.declaration.field.protocol-version.js';

const input = { type: 'object', additionalProperties: false };

testRule(rule, {
  valid: [
    {
      name: 'execution in MCP 2025-11-25',
      doc: doc({ tools: [{ name: 't', inputSchema: input, execution: { taskSupport: 'optional' } }] }),
    },
    {
      name: 'title, icons, _meta and outputSchema from 2025-11-25',
      doc: doc({
        tools: [
          {
            name: 't',
            title: 'T',
            icons: [{ src: 'https://example.com/i.png' }],
            _meta: {},
            inputSchema: input,
            outputSchema: { type: 'object' },
          },
        ],
      }),
    },
    {
      name: 'annotations in 2025-03-26',
      doc: doc({ tools: [{ name: 't', inputSchema: input, annotations: { readOnlyHint: true } }] }, ['2025-03-26']),
    },
    {
      name: 'narrowed scope',
      doc: doc(
        {
          tools: [
            { name: 't', protocolVersions: ['2025-11-25'], inputSchema: input, execution: { taskSupport: 'optional' } },
          ],
        },
        ['2025-11-25', '2026-07-28'],
      ),
    },
    {
      name: 'lastModified in 2025-06-18',
      doc: doc({ resources: [{ uri: 'test://r', name: 'r', annotations: { lastModified: '2026-08-24T10:00:00Z' } }] }, [
        '2025-06-18',
      ]),
    },
    {
      name: '$schema on a Tool schema in 2026-07-28',
      doc: doc(
        { tools: [{ name: 't', inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', ...input } }] },
        ['2026-07-28'],
      ),
    },
    {
      name: 'prompt argument title in 2025-06-18',
      doc: doc({ prompts: [{ name: 'p', arguments: [{ name: 'a', title: 'A' }] }] }, ['2025-06-18']),
    },
  ],
  invalid: [
    {
      name: 'execution in 2026-07-28',
      doc: doc({ tools: [{ name: 't', inputSchema: input, execution: { taskSupport: 'optional' } }] }, ['2026-07-28']),
      errors: [{ code: 'field-not-in-revision', pointer: '/tools/0/execution' }],
    },
    {
      name: 'tool fields before 2025-06-18',
      doc: doc(
        {
          tools: [
            { name: 't', title: 'T', inputSchema: input, outputSchema: { type: 'object' }, annotations: {}, _meta: {} },
          ],
        },
        ['2024-11-05'],
      ),
      errors: [
        { code: 'field-not-in-revision', pointer: '/tools/0/title' },
        { code: 'field-not-in-revision', pointer: '/tools/0/outputSchema' },
        { code: 'field-not-in-revision', pointer: '/tools/0/annotations' },
        { code: 'field-not-in-revision', pointer: '/tools/0/_meta' },
      ],
    },
    {
      name: 'icons in 2025-06-18 only for the part of the scope',
      doc: doc({ prompts: [{ name: 'p', icons: [{ src: 'https://example.com/i.png' }] }] }, [
        '2025-06-18',
        '2025-11-25',
      ]),
      errors: [{ code: 'field-not-in-revision', pointer: '/prompts/0/icons' }],
    },
    {
      name: 'lastModified before 2025-06-18',
      doc: doc(
        {
          resources: [{ uri: 'test://r', name: 'r', annotations: { lastModified: '2026-08-24T10:00:00Z' } }],
          resourceTemplates: [
            { uriTemplate: 'test://r/{id}', name: 'rt', annotations: { lastModified: '2026-08-24T10:00:00Z' } },
          ],
        },
        ['2024-11-05'],
      ),
      errors: [
        { code: 'field-not-in-revision', pointer: '/resources/0/annotations/lastModified' },
        { code: 'field-not-in-revision', pointer: '/resourceTemplates/0/annotations/lastModified' },
      ],
    },
    {
      name: 'prompt argument title in 2025-03-26',
      doc: doc({ prompts: [{ name: 'p', arguments: [{ name: 'a' }, { name: 'b', title: 'B' }] }] }, ['2025-03-26']),
      errors: [{ code: 'field-not-in-revision', pointer: '/prompts/0/arguments/1/title' }],
    },
    {
      name: '$schema on a Tool schema in 2025-06-18',
      doc: doc(
        { tools: [{ name: 't', inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', ...input } }] },
        ['2025-06-18'],
      ),
      errors: [{ code: 'field-not-in-revision', pointer: '/tools/0/inputSchema/$schema' }],
    },
    {
      name: '$schema on a referenced schema',
      doc: doc(
        {
          components: { schemas: { In: { $schema: 'https://json-schema.org/draft/2020-12/schema', ...input } } },
          tools: [{ name: 't', inputSchema: { $componentRef: '#/components/schemas/In' } }],
        },
        ['2025-06-18'],
      ),
      errors: [{ code: 'field-not-in-revision', pointer: '/components/schemas/In/$schema' }],
    },
  ],
});
