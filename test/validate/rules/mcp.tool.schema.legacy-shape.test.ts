import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.tool.schema.legacy-shape.js';

const tool = (extra: Record<string, unknown>) => ({ name: 't', ...extra });

testRule(rule, {
  valid: [
    {
      name: 'draft-04 style keyword kept in 2024-11-05',
      doc: doc(
        {
          tools: [
            tool({
              inputSchema: {
                type: 'object',
                properties: { v: { type: 'number', exclusiveMinimum: true } },
                required: ['v'],
              },
            }),
          ],
        },
        ['2024-11-05'],
      ),
    },
    {
      name: 'dialect revisions are not legacy',
      doc: doc({ tools: [tool({ inputSchema: { type: 'object', properties: { v: true } } })] }, ['2026-07-28']),
    },
  ],
  invalid: [
    {
      name: 'malformed legacy shape',
      doc: doc(
        {
          tools: [
            tool({
              inputSchema: { type: 'object', properties: { v: true }, required: ['v', 3] },
              outputSchema: { type: 'object', properties: [] },
            }),
          ],
        },
        ['2025-06-18'],
      ),
      errors: [
        { code: 'property-not-object', pointer: '/tools/0/inputSchema/properties/v' },
        { code: 'required-entry-not-string', pointer: '/tools/0/inputSchema/required/1' },
        { code: 'properties-not-object', pointer: '/tools/0/outputSchema/properties' },
      ],
    },
    {
      name: 'required string',
      doc: doc({ tools: [tool({ inputSchema: { type: 'object', required: 'value' } })] }, ['2024-11-05']),
      errors: [{ code: 'required-not-array', pointer: '/tools/0/inputSchema/required' }],
    },
  ],
});
