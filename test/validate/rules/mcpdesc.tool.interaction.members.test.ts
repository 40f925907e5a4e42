import { testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.tool.interaction.members.js';
import { scenario, S, roots, sampling, confirm, form, url, decls } from '../../helpers/interaction-documents.js';

testRule(rule, {
  valid: [
    {
      name: 'roots, sampling with tools, form and url elicitation',
      doc: scenario(
        [
          roots('file:///w'),
          sampling({ tools: [{ name: 'x', inputSchema: { type: 'object' } }], toolChoice: { mode: 'auto' } }),
          form({ action: 'accept', content: { approved: true } }),
          url({ action: 'accept' }),
        ],
        decls,
      ),
    },
    {
      name: 'form elicitation in 2025-06-18',
      doc: scenario([form({ action: 'decline' })], { elicitations: [confirm] }, ['2025-06-18']),
    },
    {
      name: 'request schema with a string default in 2025-11-25',
      doc: scenario([
        {
          type: 'elicitation',
          request: {
            mode: 'form',
            message: 'Name?',
            requestedSchema: { type: 'object', properties: { n: { type: 'string', default: 'x' } } },
          },
          response: { action: 'cancel' },
        },
      ]),
    },
  ],
  invalid: [
    {
      name: 'a step without response',
      doc: scenario([{ type: 'roots', request: {} }]),
      errors: [{ code: 'missing-property', pointer: `${S}/0` }],
    },
    {
      name: 'an empty interactionExamples map',
      doc: { ...scenario([]), tools: [{ name: 't', inputSchema: { type: 'object' }, interactionExamples: {} }] },
      errors: [{ code: 'empty-collection', pointer: '/tools/0/interactionExamples' }],
    },
    {
      name: 'non-empty roots request',
      doc: scenario([{ ...roots('file:///w'), request: { cursor: 'x' } }]),
      errors: [{ code: 'unknown-member', pointer: `${S}/0/request/cursor` }],
    },
    {
      name: 'form request without requestedSchema',
      doc: scenario([
        { type: 'elicitation', request: { mode: 'form', message: 'Approve?' }, response: { action: 'decline' } },
      ]),
      errors: [{ code: 'form-request-schema', pointer: `${S}/0/request` }],
    },
    {
      name: 'nested object in a request schema',
      doc: scenario([
        {
          type: 'elicitation',
          request: {
            mode: 'form',
            message: 'Address?',
            requestedSchema: { type: 'object', properties: { a: { type: 'object' } } },
          },
          response: { action: 'cancel' },
        },
      ]),
      errors: [{ code: 'request-schema', pointer: `${S}/0/request/requestedSchema/properties/a/type` }],
    },
    {
      name: 'request schema with a string default in 2025-06-18',
      doc: scenario(
        [
          {
            type: 'elicitation',
            request: {
              mode: 'form',
              message: 'Name?',
              requestedSchema: { type: 'object', properties: { n: { type: 'string', default: 'x' } } },
            },
            response: { action: 'cancel' },
          },
        ],
        {},
        ['2025-06-18'],
      ),
      errors: [{ code: 'request-schema', pointer: `${S}/0/request/requestedSchema/properties/n/default` }],
    },
    {
      name: 'url request without url',
      doc: scenario([
        { type: 'elicitation', request: { mode: 'url', message: 'Go.' }, response: { action: 'accept' } },
      ]),
      errors: [{ code: 'url-request-fields', pointer: `${S}/0/request` }],
    },
  ],
});
