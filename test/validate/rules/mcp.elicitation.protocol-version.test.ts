import { testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.elicitation.protocol-version.js';
import { form, onPrompt, e0 } from '../../helpers/elicitation-documents.js';
import { scenario, S, url, confirm, authorize } from '../../helpers/interaction-documents.js';

testRule(rule, {
  valid: [
    {
      name: 'url mode in an interaction step in 2025-11-25',
      doc: scenario([url({ action: 'accept' })], { elicitations: [authorize] }),
    },
    {
      name: 'url mode from 2025-11-25',
      doc: onPrompt([{ name: 'u', mode: 'url', message: 'Go.' }], ['2025-11-25', '2026-07-28']),
    },
    {
      name: 'url mode scoped away from 2025-06-18',
      doc: onPrompt(
        [{ name: 'u', mode: 'url', message: 'Go.', protocolVersions: ['2025-11-25'] }],
        ['2025-06-18', '2025-11-25'],
      ),
    },
    {
      name: '2025-06-18 vocabulary',
      doc: onPrompt(
        [
          form({
            type: 'object',
            properties: { b: { type: 'boolean', default: true }, e: { type: 'string', enum: ['a'], enumNames: ['A'] } },
          }),
        ],
        ['2025-06-18'],
      ),
    },
    {
      name: 'legacy revisions get no revision checks',
      doc: onPrompt([{ name: 'u', mode: 'url', message: 'Go.' }], ['2024-11-05']),
    },
  ],
  invalid: [
    {
      name: 'url mode in an interaction step in 2025-06-18',
      doc: scenario([url({ action: 'accept' })], { elicitations: [confirm] }, ['2025-06-18']),
      errors: [{ code: 'step-mode-revision', pointer: `${S}/0/request/mode` }],
    },
    {
      name: 'url mode in 2025-06-18',
      doc: onPrompt([{ name: 'u', mode: 'url', message: 'Go.' }], ['2025-06-18', '2025-11-25']),
      errors: [{ code: 'mode-not-in-revision', pointer: '/prompts/0/elicitations/0/mode' }],
    },
    {
      name: '2025-11-25 form features in 2025-06-18',
      doc: onPrompt(
        [
          form({
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            properties: {
              s: { type: 'string', default: 'x' },
              t: { type: 'string', oneOf: [{ const: 'a', title: 'A' }] },
              m: { type: 'array', items: { type: 'string', enum: ['x'] } },
            },
          }),
        ],
        ['2025-06-18'],
      ),
      errors: [
        { code: 'form-feature-not-in-revision', pointer: `${e0}/$schema` },
        { code: 'form-feature-not-in-revision', pointer: `${e0}/properties/s/default` },
        { code: 'form-feature-not-in-revision', pointer: `${e0}/properties/t/oneOf` },
        { code: 'form-feature-not-in-revision', pointer: `${e0}/properties/m/type` },
      ],
    },
  ],
});
