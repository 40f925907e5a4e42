import { doc, testRule } from '../../helpers/rule-tester.js';
import {
  clientRequirementsConsistencyRule,
  elicitationConsistencyRule,
  interactionMembersRule,
  rootUriFileSchemeRule,
  samplingToolsProtocolVersionRule,
} from '../../../src/validate/rules/interaction-examples.js';

type O = Record<string, unknown>;
const result = { content: [{ type: 'text', text: 'done' }] };
const result26 = { resultType: 'complete', ...result };
const scenario = (steps: unknown[], extra: O = {}, versions = ['2025-11-25']) =>
  doc(
    {
      tools: [
        {
          name: 't',
          inputSchema: { type: 'object' },
          ...extra,
          interactionExamples: { s: { input: {}, steps, result: versions.includes('2026-07-28') ? result26 : result } },
        },
      ],
    },
    versions,
  );
const S = '/tools/0/interactionExamples/s/steps';

const roots = (uri: string, extra: O = {}) => ({
  type: 'roots',
  request: {},
  response: { roots: [{ uri, name: 'w' }] },
  ...extra,
});
const message = { role: 'user', content: { type: 'text', text: 'hi' } };
const samplingResponse = {
  role: 'assistant',
  content: { type: 'text', text: 'hello' },
  model: 'm',
  stopReason: 'endTurn',
};
const sampling = (request: O = {}, response: O = samplingResponse) => ({
  type: 'sampling',
  request: { messages: [message], maxTokens: 10, ...request },
  response,
});
const formSchema = { type: 'object', properties: { approved: { type: 'boolean' } }, required: ['approved'] };
const confirm = { name: 'confirm', mode: 'form', message: 'Approve?', requestedSchema: formSchema };
const authorize = { name: 'authorize', mode: 'url', message: 'Authorize.', url: 'https://mcp.example.com/connect' };
const form = (response: O, request: O = {}) => ({
  type: 'elicitation',
  declaration: 'confirm',
  request: { mode: 'form', message: 'Approve?', requestedSchema: formSchema, ...request },
  response,
});
const url = (response: O, request: O = {}) => ({
  type: 'elicitation',
  declaration: 'authorize',
  request: { mode: 'url', message: 'Authorize.', url: 'https://mcp.example.com/connect', ...request },
  response,
});
const decls = { elicitations: [confirm, authorize] };

testRule(interactionMembersRule, {
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

testRule(samplingToolsProtocolVersionRule, {
  valid: [
    {
      name: 'tools in 2025-11-25',
      doc: scenario([
        sampling({ tools: [{ name: 'x', inputSchema: { type: 'object' } }], toolChoice: { mode: 'auto' } }),
      ]),
    },
  ],
  invalid: [
    {
      name: 'tools and toolChoice in 2025-06-18',
      doc: scenario(
        [sampling({ tools: [{ name: 'x', inputSchema: { type: 'object' } }], toolChoice: { mode: 'auto' } })],
        {},
        ['2025-06-18'],
      ),
      errors: [
        { code: 'tools-revision', pointer: `${S}/0/request/tools` },
        { code: 'tools-revision', pointer: `${S}/0/request/toolChoice` },
      ],
    },
  ],
});

testRule(rootUriFileSchemeRule, {
  valid: [{ name: 'file root', doc: scenario([roots('file:///workspace/example')]) }],
  invalid: [
    {
      name: 'https root',
      doc: scenario([roots('https://example.com/x')]),
      errors: [{ code: 'not-file-uri', pointer: `${S}/0/response/roots/0/uri` }],
    },
  ],
});

testRule(elicitationConsistencyRule, {
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

testRule(clientRequirementsConsistencyRule, {
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
