import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/validate/rules/mcpdesc.components.references.js';

const v = ['2026-07-28'];

const input = { type: 'object' };

testRule(rule, {
  valid: [
    {
      name: 'resolving schema and chained example references',
      doc: doc(
        {
          components: {
            schemas: { Input: input, Alias: { $componentRef: '#/components/schemas/Input' } },
            toolExamples: { basic: { input: {}, result: { resultType: 'complete', content: [] } } },
          },
          tools: [
            {
              name: 't',
              inputSchema: { $componentRef: '#/components/schemas/Alias' },
              examples: { basic: { $componentRef: '#/components/toolExamples/basic' } },
            },
          ],
        },
        v,
      ),
    },
  ],
  invalid: [
    {
      name: 'missing target',
      doc: doc(
        {
          components: { schemas: { Input: input } },
          tools: [{ name: 't', inputSchema: { $componentRef: '#/components/schemas/Missing' } }],
        },
        v,
      ),
      errors: [{ code: 'missing-target', pointer: '/tools/0/inputSchema/$componentRef' }],
    },
    {
      name: 'remote pointer is malformed',
      doc: doc(
        { tools: [{ name: 't', inputSchema: { $componentRef: 'https://example.com/c.json#/schemas/Input' } }] },
        v,
      ),
      errors: [{ code: 'malformed-reference', pointer: '/tools/0/inputSchema/$componentRef' }],
    },
    {
      name: 'incompatible namespace',
      doc: doc(
        {
          components: { toolExamples: { sample: { input: {}, result: { resultType: 'complete', content: [] } } } },
          tools: [{ name: 't', inputSchema: { $componentRef: '#/components/toolExamples/sample' } }],
        },
        v,
      ),
      errors: [{ code: 'incompatible-namespace', pointer: '/tools/0/inputSchema/$componentRef' }],
    },
    {
      name: 'cycle reported where each component stands, once for two use sites',
      doc: doc(
        {
          components: {
            schemas: { A: { $componentRef: '#/components/schemas/B' }, B: { $componentRef: '#/components/schemas/A' } },
          },
          tools: [
            { name: 't', inputSchema: { $componentRef: '#/components/schemas/A' } },
            { name: 'u', inputSchema: { $componentRef: '#/components/schemas/A' } },
          ],
        },
        v,
      ),
      errors: [
        { code: 'reference-cycle', pointer: '/components/schemas/A/$componentRef' },
        { code: 'reference-cycle', pointer: '/components/schemas/B/$componentRef' },
      ],
    },
    {
      name: 'component chain to a missing target is reported at the component',
      doc: doc(
        {
          components: { schemas: { Alias: { $componentRef: '#/components/schemas/Gone' } } },
          tools: [{ name: 't', inputSchema: { $componentRef: '#/components/schemas/Alias' } }],
        },
        v,
      ),
      errors: [{ code: 'missing-target', pointer: '/components/schemas/Alias/$componentRef' }],
    },
  ],
});
