import { testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.input-response.closed.js';
import { scenario, S, samplingResponse, sampling, form, decls } from '../../helpers/interaction-documents.js';

testRule(rule, {
  valid: [
    {
      name: 'accepted form response with content',
      doc: scenario([form({ action: 'accept', content: { approved: true } })], decls),
    },
    {
      name: 'declined response with _meta',
      doc: scenario([form({ action: 'decline', _meta: { 'example.com/k': 1 } })], decls),
    },
    {
      name: 'sampling responses are not elicitation responses',
      doc: scenario([sampling({}, { ...samplingResponse, stopReason: 'endTurn' })]),
    },
  ],
  invalid: [
    {
      name: '0.9.0-rc.3: elicitation responses stay closed',
      doc: { ...scenario([form({ action: 'decline', reason: 'x' })], decls), mcpdesc: '0.9.0-rc.3' },
      errors: [{ code: 'unknown-member', pointer: `${S}/0/response/reason` }],
    },
    {
      name: 'unknown elicitation action',
      doc: scenario([form({ action: 'ok' })], decls),
      errors: [{ code: 'member-type', pointer: `${S}/0/response/action` }],
    },
    {
      name: '0.8.0: an extra response member',
      doc: scenario([form({ action: 'accept', content: { approved: true }, note: 'x' })], decls),
      errors: [{ code: 'unknown-member', pointer: `${S}/0/response/note` }],
    },
    {
      name: 'response without action',
      doc: scenario([form({ content: { approved: true } })], decls),
      errors: [{ code: 'missing-member', pointer: `${S}/0/response` }],
    },
  ],
});
