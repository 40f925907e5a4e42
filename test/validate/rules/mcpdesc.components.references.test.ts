import { doc, testRule } from '../../helpers/rule-tester.js';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maxChainLength } from 'mcpdesc-core/internal/model/components.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.components.references.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';

const v = ['2026-07-28'];

const input = { type: 'object' };

/** Schemas S0 -> S1 -> ... -> S(length - 1) -> a value, or back to S0 when `cycle`. */
function chainOf(length: number, cycle = false): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (let index = 0; index < length; index++) {
    const next = index + 1 < length ? `S${index + 1}` : cycle ? 'S0' : undefined;
    schemas[`S${index}`] = next ? { $componentRef: `#/components/schemas/${next}` } : input;
  }
  return doc(
    { components: { schemas }, tools: [{ name: 't', inputSchema: { $componentRef: '#/components/schemas/S0' } }] },
    v,
  );
}

testRule(rule, {
  valid: [
    { name: `a chain of ${maxChainLength} components`, doc: chainOf(maxChainLength) },
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
      name: 'a chain one component too long is not a cycle: reported once, where it becomes too long',
      doc: chainOf(maxChainLength + 1),
      errors: [{ code: 'chain-too-long', pointer: '/components/schemas/S0/$componentRef' }],
    },
    {
      name: 'a longer chain is still reported once',
      doc: chainOf(maxChainLength + 10),
      errors: [{ code: 'chain-too-long', pointer: '/components/schemas/S9/$componentRef' }],
    },
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

test('a 20,000-component chain costs linear work and yields one diagnostic (issue 15, finding 11)', () => {
  const started = performance.now();
  const diagnostics = validate(chainOf(20_000)).diagnostics.filter((d) => d.rule === rule.id);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.pointer]),
    [['chain-too-long', '/components/schemas/S19935/$componentRef']],
  );
  assert.ok(performance.now() - started < 2000, 'well under two seconds');
});

test('a long cycle is a cycle, with a detail of bounded size at each member', () => {
  const diagnostics = validate(chainOf(200, true)).diagnostics.filter((d) => d.rule === rule.id);
  assert.equal(diagnostics.length, 200);
  assert.ok(diagnostics.every((d) => d.code === 'reference-cycle' && d.message.length < 1000));
});
