import { testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.root.meta.protocol-version.js';
import { scenario, S } from '../../helpers/interaction-documents.js';

const rootsWithMeta = (meta: unknown) => ({
  type: 'roots',
  request: {},
  response: { roots: [{ uri: 'file:///w', name: 'w', _meta: meta }] },
});

testRule(rule, {
  valid: [
    {
      name: 'Root _meta in 2025-06-18',
      doc: scenario([rootsWithMeta({ 'example.com/origin': 'ide' })], {}, ['2025-06-18']),
    },
    {
      name: 'a Root without _meta in 2025-03-26',
      doc: scenario([{ ...rootsWithMeta({}), response: { roots: [{ uri: 'file:///w' }] } }], {}, ['2025-03-26']),
    },
  ],
  invalid: [
    {
      name: 'Root _meta in 2025-03-26',
      doc: scenario([rootsWithMeta({})], {}, ['2025-03-26', '2025-06-18']),
      errors: [{ code: 'meta-revision', pointer: `${S}/0/response/roots/0/_meta` }],
    },
    {
      name: 'Root _meta not an object',
      doc: scenario([rootsWithMeta('ide')]),
      errors: [{ code: 'meta-type', pointer: `${S}/0/response/roots/0/_meta` }],
    },
    {
      name: 'malformed Root _meta key',
      doc: scenario([rootsWithMeta({ 'a b': 1 })]),
      errors: [{ code: 'meta-key-malformed', pointer: `${S}/0/response/roots/0/_meta/a b` }],
    },
  ],
});
