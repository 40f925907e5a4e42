import { testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.tool.interaction.client-requirements-consistency.js';
import { scenario, S, roots, sampling, form, url, decls } from '../../helpers/interaction-documents.js';

testRule(rule, {
  valid: [
    {
      name: 'no clientRequirements: nothing inferred',
      doc: scenario([roots('file:///w'), sampling(), url({ action: 'accept' })], decls),
    },
    {
      name: 'requirements list every capability used',
      doc: scenario(
        [
          roots('file:///w'),
          sampling({ tools: [{ name: 'x', inputSchema: { type: 'object' } }] }),
          url({ action: 'accept' }),
        ],
        { ...decls, clientRequirements: { roots: {}, sampling: { tools: {} }, elicitation: { url: {} } } },
      ),
    },
    {
      name: 'elicitation {} supports form',
      doc: scenario([form({ action: 'decline' })], { ...decls, clientRequirements: { elicitation: {} } }),
    },
  ],
  invalid: [
    {
      name: 'roots not required',
      doc: scenario([roots('file:///w')], { clientRequirements: { sampling: {} } }),
      errors: [{ code: 'capability-not-required', pointer: `${S}/0/type`, severity: 'warning' }],
    },
    {
      name: 'url mode not required',
      doc: scenario([url({ action: 'accept' })], { ...decls, clientRequirements: { elicitation: { form: {} } } }, [
        '2026-07-28',
      ]),
      errors: [{ code: 'capability-not-required', pointer: `${S}/0/request/mode` }],
    },
    {
      name: 'sampling tools not required in 2025-11-25',
      doc: scenario([sampling({ tools: [{ name: 'x', inputSchema: { type: 'object' } }] })], {
        clientRequirements: { sampling: {} },
      }),
      errors: [{ code: 'capability-not-required', pointer: `${S}/0/request/tools` }],
    },
  ],
});
