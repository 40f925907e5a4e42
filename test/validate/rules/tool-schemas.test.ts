import { doc, testRule } from '../../helpers/rule-tester.js';
import {
  inputSchemaObjectRootRule,
  legacySchemaShapeRule,
  nativeShapeRule,
  outputSchemaObjectRootRule,
  toolSchemaValidRule,
} from '../../../src/validate/rules/tool-schemas.js';

const tool = (extra: Record<string, unknown>) => ({ name: 't', ...extra });
const rc3 = (extra: Record<string, unknown>, versions: string[]) => ({
  ...doc(extra, versions),
  mcpdesc: '0.9.0-rc.3',
});

testRule(inputSchemaObjectRootRule, {
  valid: [
    { name: 'object root', doc: doc({ tools: [tool({ inputSchema: { type: 'object' } })] }) },
    {
      name: 'type array with object from 2025-11-25',
      doc: doc({ tools: [tool({ inputSchema: { type: ['object', 'null'] } })] }),
    },
    { name: 'no type in 2026-07-28', doc: doc({ tools: [tool({ inputSchema: { properties: {} } })] }, ['2026-07-28']) },
  ],
  invalid: [
    {
      name: 'array root',
      doc: doc({ tools: [tool({ inputSchema: { type: 'array' } })] }),
      errors: [{ code: 'not-object-root', pointer: '/tools/0/inputSchema/type' }],
    },
    {
      name: 'no type before 2025-11-25',
      doc: doc({ tools: [tool({ inputSchema: { properties: {} } })] }, ['2025-06-18']),
      errors: [{ code: 'object-type-required', pointer: '/tools/0/inputSchema' }],
    },
    {
      name: 'type array before 2025-11-25',
      doc: doc({ tools: [tool({ inputSchema: { type: ['object', 'null'] } })] }, ['2025-06-18', '2025-11-25']),
      errors: [{ code: 'object-type-required', pointer: '/tools/0/inputSchema/type' }],
    },
  ],
});

testRule(outputSchemaObjectRootRule, {
  valid: [
    {
      name: 'array output in 2026-07-28',
      doc: doc({ tools: [tool({ inputSchema: { type: 'object' }, outputSchema: { type: 'array' } })] }, ['2026-07-28']),
    },
    {
      name: 'object output in 2025-06-18',
      doc: doc({ tools: [tool({ inputSchema: { type: 'object' }, outputSchema: { type: 'object' } })] }, [
        '2025-06-18',
      ]),
    },
    {
      name: 'rc.3: untyped output in 2025-11-25',
      doc: rc3({ tools: [tool({ inputSchema: { type: 'object' }, outputSchema: { properties: {} } })] }, [
        '2025-11-25',
      ]),
    },
  ],
  invalid: [
    {
      name: 'array output in 2025-11-25',
      doc: doc(
        {
          tools: [
            tool({ inputSchema: { type: 'object' }, outputSchema: { type: 'array', items: { type: 'string' } } }),
          ],
        },
        ['2025-11-25', '2026-07-28'],
      ),
      errors: [{ code: 'not-object-root', pointer: '/tools/0/outputSchema/type' }],
    },
    {
      name: '0.8.0: untyped output in 2025-11-25',
      doc: doc({ tools: [tool({ inputSchema: { type: 'object' }, outputSchema: { properties: {} } })] }),
      errors: [{ code: 'object-type-required', pointer: '/tools/0/outputSchema' }],
    },
  ],
});

testRule(legacySchemaShapeRule, {
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

testRule(toolSchemaValidRule, {
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

testRule(nativeShapeRule, {
  valid: [
    {
      name: 'native shape met',
      doc: rc3({ tools: [tool({ inputSchema: { type: 'object', properties: { a: {} } } })] }, ['2025-11-25']),
    },
    {
      name: 'boolean property in 2026-07-28',
      doc: rc3({ tools: [tool({ inputSchema: { type: 'object', properties: { a: true } } })] }, ['2026-07-28']),
    },
    {
      name: '0.8.0 documents get no native-shape warnings',
      doc: doc({ tools: [tool({ inputSchema: { type: 'object', properties: { a: true } } })] }, ['2025-11-25']),
    },
  ],
  invalid: [
    {
      name: 'boolean property and untyped root',
      doc: rc3({ tools: [tool({ inputSchema: { allOf: [{ type: 'object' }], properties: { a: true, b: false } } })] }, [
        '2025-11-25',
        '2026-07-28',
      ]),
      errors: [
        { code: 'root-type-not-object', pointer: '/tools/0/inputSchema', severity: 'warning' },
        { code: 'property-not-object', pointer: '/tools/0/inputSchema/properties/a' },
        { code: 'property-not-object', pointer: '/tools/0/inputSchema/properties/b' },
      ],
    },
    {
      name: 'untyped output root in 2025-11-25',
      doc: rc3({ tools: [tool({ inputSchema: { type: 'object' }, outputSchema: { properties: {} } })] }, [
        '2025-11-25',
      ]),
      errors: [{ code: 'root-type-not-object', pointer: '/tools/0/outputSchema' }],
    },
  ],
});
