import { testRule } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/validate/rules/mcpdesc.tool.interaction.members.js';
import {
  scenario,
  S,
  roots,
  message,
  samplingResponse,
  sampling,
  confirm,
  form,
  url,
  decls,
} from '../../helpers/interaction-documents.js';

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
      name: '0.9.0-rc.3: sampling responses are carried values',
      doc: { ...scenario([sampling({}, { ...samplingResponse, usage: {} })]), mcpdesc: '0.9.0-rc.3' },
    },
    {
      name: 'sampling tool_use response in 2026-07-28',
      doc: scenario(
        [
          sampling(
            {},
            {
              role: 'assistant',
              content: [{ type: 'tool_use', id: '1', name: 'x', input: {} }],
              model: 'm',
              stopReason: 'toolUse',
            },
          ),
        ],
        {},
        ['2026-07-28'],
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
      name: 'sampling without maxTokens',
      doc: scenario([{ type: 'sampling', request: { messages: [message] }, response: samplingResponse }]),
      errors: [{ code: 'missing-member', pointer: `${S}/0/request` }],
    },
    {
      name: 'non-empty roots request',
      doc: scenario([{ ...roots('file:///w'), request: { cursor: 'x' } }]),
      errors: [{ code: 'unknown-member', pointer: `${S}/0/request/cursor` }],
    },
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
      name: 'url mode in 2025-06-18',
      doc: scenario([url({ action: 'accept' })], { elicitations: [confirm] }, ['2025-06-18']),
      errors: [{ code: 'mode-revision', pointer: `${S}/0/request/mode` }],
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
    {
      name: 'content array before 2025-11-25',
      doc: scenario([sampling({}, { ...samplingResponse, content: [{ type: 'text', text: 'a' }] })], {}, [
        '2025-06-18',
      ]),
      errors: [{ code: 'member-revision', pointer: `${S}/0/response/content` }],
    },
    {
      name: 'tool_use block before 2025-11-25',
      doc: scenario(
        [sampling({}, { ...samplingResponse, content: { type: 'tool_use', id: '1', name: 'x', input: {} } })],
        {},
        ['2025-06-18'],
      ),
      errors: [{ code: 'content-type-revision', pointer: `${S}/0/response/content/type` }],
    },
    {
      name: 'resource block in a sampling message',
      doc: scenario([
        sampling({
          messages: [{ role: 'user', content: { type: 'resource', resource: { uri: 'file:///a', text: 'a' } } }],
        }),
      ]),
      errors: [{ code: 'content-unknown-type', pointer: `${S}/0/request/messages/0/content/type` }],
    },
    {
      name: 'request-only key in a response _meta',
      doc: scenario([sampling({}, { ...samplingResponse, _meta: { progressToken: 1 } })]),
      errors: [{ code: 'meta-reserved-key-context', pointer: `${S}/0/response/_meta/progressToken` }],
    },
  ],
});
