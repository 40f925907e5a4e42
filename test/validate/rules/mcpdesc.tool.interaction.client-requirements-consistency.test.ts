import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/validate/rules/mcpdesc.tool.interaction.client-requirements-consistency.js';

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
