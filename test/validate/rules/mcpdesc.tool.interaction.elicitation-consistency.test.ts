import { testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.tool.interaction.elicitation-consistency.js';
import { scenario, S, formSchema, confirm, authorize, form, url, decls } from '../../helpers/interaction-documents.js';

testRule(rule, {
  valid: [
    {
      name: 'accepted form with conforming content',
      doc: scenario([form({ action: 'accept', content: { approved: true } })], decls),
    },
    { name: 'declined form without content', doc: scenario([form({ action: 'decline' })], decls) },
    { name: 'url without content', doc: scenario([url({ action: 'accept' })], decls) },
    {
      name: 'declaration schema through a reference',
      doc: {
        ...scenario([form({ action: 'cancel' })], {
          elicitations: [{ ...confirm, requestedSchema: { $componentRef: '#/components/schemas/F' } }],
        }),
        components: { schemas: { F: formSchema } },
      },
    },
  ],
  invalid: [
    {
      name: 'unknown declaration',
      doc: scenario([form({ action: 'decline' })], { elicitations: [authorize] }),
      errors: [{ code: 'unknown-declaration', pointer: `${S}/0/declaration` }],
    },
    {
      name: 'mode differs',
      doc: scenario([{ ...url({ action: 'accept' }), declaration: 'confirm' }], decls),
      errors: [{ code: 'mode-mismatch', pointer: `${S}/0/request/mode` }],
    },
    {
      name: 'schema differs',
      doc: scenario(
        [
          form(
            { action: 'decline' },
            { requestedSchema: { type: 'object', properties: { approved: { type: 'string' } } } },
          ),
        ],
        decls,
      ),
      errors: [{ code: 'schema-mismatch', pointer: `${S}/0/request/requestedSchema` }],
    },
    {
      name: 'url differs',
      doc: scenario([url({ action: 'accept' }, { url: 'https://other.example.com/' })], decls),
      errors: [{ code: 'url-mismatch', pointer: `${S}/0/request/url` }],
    },
    {
      name: 'accepted form without content',
      doc: scenario([form({ action: 'accept' })], decls),
      errors: [{ code: 'missing-content', pointer: `${S}/0/response` }],
    },
    {
      name: 'declined with content',
      doc: scenario([form({ action: 'decline', content: { approved: false } })], decls),
      errors: [{ code: 'content-not-allowed', pointer: `${S}/0/response/content` }],
    },
    {
      name: 'url response with content',
      doc: scenario([url({ action: 'accept', content: {} })], decls),
      errors: [{ code: 'content-not-allowed', pointer: `${S}/0/response/content` }],
    },
    {
      name: 'content does not conform',
      doc: scenario([form({ action: 'accept', content: { approved: 'yes' } })], decls),
      errors: [{ code: 'content-mismatch', pointer: `${S}/0/response/content/approved` }],
    },
  ],
});
