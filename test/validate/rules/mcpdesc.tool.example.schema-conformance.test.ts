import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.tool.example.schema-conformance.js';
import { text, ok, one, v26, P } from '../../helpers/tool-example-documents.js';

const countSchema = {
  type: 'object',
  properties: { count: { type: 'integer' } },
  required: ['count'],
  additionalProperties: false,
};

testRule(rule, {
  valid: [
    { name: 'conforming input', doc: doc(one({ input: { count: 1 }, result: ok }, { inputSchema: countSchema }), v26) },
    { name: 'no-argument input', doc: doc(one({ input: {}, result: ok }), v26) },
    {
      name: 'referenced schema, conforming input',
      doc: doc(
        {
          components: { schemas: { In: countSchema } },
          ...one({ input: { count: 2 }, result: ok }, { inputSchema: { $componentRef: '#/components/schemas/In' } }),
        },
        v26,
      ),
    },
  ],
  invalid: [
    {
      name: 'wrong property type',
      doc: doc(one({ input: { count: 'one' }, result: ok }, { inputSchema: countSchema }), v26),
      errors: [{ code: 'schema-mismatch', pointer: `${P}/input/count` }],
    },
    {
      name: 'missing required property',
      doc: doc(one({ input: {}, result: ok }, { inputSchema: countSchema }), v26),
      errors: [{ code: 'schema-mismatch', pointer: `${P}/input` }],
    },
    {
      name: 'interaction example input',
      doc: doc(
        {
          tools: [
            {
              name: 't',
              inputSchema: countSchema,
              interactionExamples: {
                s: {
                  input: { count: 1.5 },
                  steps: [{ type: 'roots', request: {}, response: { roots: [] } }],
                  result: ok,
                },
              },
            },
          ],
        },
        v26,
      ),
      errors: [{ code: 'schema-mismatch', pointer: '/tools/0/interactionExamples/s/input/count' }],
    },
    {
      name: 'pre-dialect revision: interpreted and warned',
      doc: doc(one({ input: { count: 1, extra: true }, result: { content: [text] } }, { inputSchema: countSchema }), [
        '2025-06-18',
      ]),
      errors: [
        { code: 'schema-mismatch', pointer: `${P}/input/extra` },
        { code: 'incomplete-compatibility', pointer: `${P}/input`, severity: 'warning' },
      ],
    },
    {
      name: 'unresolved external $ref',
      doc: doc(
        one(
          { input: { id: 'x' }, result: ok },
          { inputSchema: { type: 'object', properties: { id: { $ref: 'https://schemas.example.invalid/id.json' } } } },
        ),
        v26,
      ),
      errors: [{ code: 'incomplete-evaluation', pointer: `${P}/input`, severity: 'warning' }],
    },
  ],
});
